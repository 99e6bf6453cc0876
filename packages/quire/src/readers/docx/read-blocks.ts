import type { XmlElement } from '@rgrove/parse-xml';
import { CONTENT_WRAPPERS, wrappedContent } from './wrapped-content.js';
import { BlockFlow } from './block-flow.js';
import { enterElement, leaveElement, type StoryState } from './docx-context.js';
import { FieldStack } from './field-stack.js';
import { checkLinkTarget } from './link-target.js';
import { createOpaqueNode } from './opaque-xml.js';
import { RANGE_MARKERS } from './range-markers.js';
import type { TextBoxFrame } from './read-drawing.js';
import { readParagraph } from './read-paragraph.js';
import { readTable } from './read-table.js';
import { readReviewMarker } from './review-marks.js';
import { noteTrackedDeletion } from './tracked-changes.js';
import { sourceIdOf } from './source-elements.js';
import { readUnknownElement } from './unknown-element.js';

// Properties read elsewhere (section properties by the body reader), besides the range markers.
const SILENT = new Set(['w:sectPr', 'w:tcPr', 'w:customXmlPr', 'w:sdtPr', 'w:sdtEndPr']);

const TRANSPARENT = new Set(['w:customXml', 'w:ins', 'w:moveTo']);

/**
 * Reads the block content of `parent` (a body, table cell, text box, header, footer or note) in
 * document order through `flow`, which nests lists and quotes: paragraphs, tables, content
 * controls (their content), tracked changes (insertions kept), alternate content and display
 * equations (opaque blocks). Unknown elements are kept as opaque blocks or dropped, with a warning.
 */
export function readBlockContent(state: StoryState, parent: XmlElement, flow: BlockFlow): void {
  if (!enterElement(state)) return;
  readBlockElements(state, state.context.names.children(parent), flow);
  leaveElement(state);
}

/** Reads block-level `elements` (siblings, in order) through `flow`; see {@link readBlockContent}. */
export function readBlockElements(state: StoryState, elements: readonly XmlElement[], flow: BlockFlow): void {
  const { names } = state.context;
  let dropCap: XmlElement | undefined;
  for (const [index, child] of elements.entries()) {
    const name = names.name(child);
    if (SILENT.has(name)) continue;
    if (RANGE_MARKERS.has(name)) {
      readReviewMarker(state, child, name);
      continue;
    }
    if (TRANSPARENT.has(name)) {
      readBlockContent(state, child, flow);
      continue;
    }
    if (CONTENT_WRAPPERS.has(name)) {
      const content = wrappedContent(child, names);
      if (content) readBlockContent(state, content, flow);
      continue;
    }
    switch (name) {
      case 'w:p': {
        // A drop cap's paragraph holds the first letters of the next one (without source maps,
        // which map each paragraph to one element): they are read as its start, so words stay whole.
        const next = elements[index + 1];
        if (!state.sources && next && names.name(next) === 'w:p' && isDropCap(state, child)) {
          dropCap = child;
          break;
        }
        const lead = dropCap;
        dropCap = undefined;
        const scope = state.sources;
        const current = scope?.current ?? null;
        if (scope) scope.current = sourceIdOf(scope, child, 'p');
        readParagraph(state, child, flow, readTextBox, lead);
        if (scope) scope.current = current;
        break;
      }
      case 'w:tbl':
        flow.closeAll();
        readTable(state, child, readCell);
        break;
      case 'w:del':
      case 'w:moveFrom':
        noteTrackedDeletion(state);
        break;
      case 'm:oMathPara':
      case 'm:oMath':
        flow.closeAll();
        state.builder.addBlock(createOpaqueNode(child, state.story, names, false, sourceIdOf(state.sources, child, 'other')));
        state.added++;
        break;
      case 'w:altChunk':
        state.context.log.warn('READER_ELEMENT_DROPPED', 'Imported content (w:altChunk: embedded HTML, RTF or another document) is not converted.');
        break;
      default:
        flow.closeAll();
        readUnknownElement(state, child, false);
    }
  }
}

// A paragraph framed as a drop cap (`w:framePr w:dropCap`, ECMA-376 Part 1, 17.3.1.11): `drop` or `margin`.
function isDropCap(state: StoryState, p: XmlElement): boolean {
  const { names } = state.context;
  const frame = names.child(names.child(p, 'w:pPr') ?? p, 'w:framePr');
  const kind = frame && names.name(frame) === 'w:framePr' ? names.attr(frame, 'w:dropCap') : undefined;
  return kind === 'drop' || kind === 'margin';
}

/** Returns a field stack whose HYPERLINK fields keep only safe links. */
export function createFieldStack(state: Pick<StoryState, 'context'>): FieldStack {
  return new FieldStack((target) => checkLinkTarget(state.context.log, target));
}

/** Reads `parent`'s blocks with lists and quotes of their own, closed at the end. */
export function readBlocks(state: StoryState, parent: XmlElement): void {
  const flow = new BlockFlow(state.builder);
  readBlockContent(state, parent, flow);
  flow.closeAll();
}

function readCell(state: StoryState, cell: XmlElement): void {
  readBlocks(state, cell);
}

// A text box's paragraphs are read where the box is anchored, splitting the paragraph around it,
// in a `text_box` when it is placed as a box of its own; fields and table formatting do not reach into the box.
function readTextBox(state: StoryState, content: XmlElement, box?: TextBoxFrame): void {
  const { fields, cell, sources } = state;
  state.fields = createFieldStack(state);
  state.cell = undefined;
  // The box's nodes take the id of the paragraph it is anchored in (see `SourceScope`).
  sources?.pieces?.boxStart(state.builder.inlinePosition);
  if (sources) state.sources = { ...sources, frozen: true };
  if (box) state.builder.openContainer('text_box', { ...box });
  readBlocks(state, content);
  if (box) state.builder.close();
  state.fields = fields;
  state.cell = cell;
  state.sources = sources;
}
