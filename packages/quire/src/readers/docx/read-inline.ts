import type { XmlElement } from '@rgrove/parse-xml';
import { CONTENT_WRAPPERS, wrappedContent } from './wrapped-content.js';
import { addInline, enterElement, leaveElement, type StoryState } from './docx-context.js';
import { readHyperlinkField, type ChildPlace } from './field-stack.js';
import { checkLinkTarget, readHyperlinkTarget } from './link-target.js';
import { readPageFieldCode } from './page-field-code.js';
import { createOpaqueNode } from './opaque-xml.js';
import type { TextBoxReader } from './read-drawing.js';
import { RANGE_MARKERS } from './range-markers.js';
import { addPageField, readRun, type InlineContext } from './read-run.js';
import type { InlineSource } from '../../model/docx-source-map.js';
import { isTrackedChange, readReviewMarker, readTrackedChange } from './review-marks.js';
import { noteTrackedDeletion } from './tracked-changes.js';
import { readUnknownElement } from './unknown-element.js';

// Properties read elsewhere (or not needed), besides the range markers.
const SILENT = new Set(['w:pPr', 'w:customXmlPr', 'w:smartTagPr', 'w:sdtPr', 'w:sdtEndPr']);

// Wrappers whose content is read as if they were not there: smart tags, custom XML, bidirectional embeddings.
const TRANSPARENT = new Set(['w:smartTag', 'w:customXml', 'w:dir', 'w:bdo']);

/**
 * Reads the inline content of a paragraph (or of a wrapper inside one): runs, hyperlinks, simple
 * fields (their cached result), content controls (their content), tracked changes (their text
 * with `insertion` and `deletion` marks; deletions in code are dropped), comment ranges (`comment`
 * marks), alternate content and equations (kept as opaque nodes). With
 * `sources`, each child's offsets and the positions its content took are pushed there.
 */
export function readInlineContent(state: StoryState, parent: XmlElement, inline: InlineContext, readTextBox: TextBoxReader, sources?: InlineSource[]): void {
  if (!enterElement(state)) return;
  const { names } = state.context;
  const outerChild = state.fields.child;
  for (const child of names.children(parent)) {
    const name = names.name(child);
    if (sources && name !== 'w:pPr') {
      const from = state.builder.inlinePosition;
      state.fields.child = { children: sources, index: sources.length };
      readInlineChild(state, child, name, inline, readTextBox);
      addSource(sources, { start: child.start, end: child.end, from, to: state.builder.inlinePosition }, state.fields.takeClosedFieldStart());
      continue;
    }
    readInlineChild(state, child, name, inline, readTextBox);
  }
  state.fields.child = outerChild;
  leaveElement(state);
}

// A page field's node is read at its end, though its runs (begin, code, result, end) are several
// children: they become one, so that a writer keeps or replaces the field whole, never leaving
// half a field behind.
function addSource(sources: InlineSource[], source: InlineSource, fieldStart: ChildPlace | null): void {
  if (fieldStart?.children !== sources || fieldStart.index >= sources.length) {
    sources.push(source);
    return;
  }
  const first = sources[fieldStart.index]!;
  sources.splice(fieldStart.index, sources.length - fieldStart.index, { start: first.start, end: source.end, from: first.from, to: source.to });
}

// One child of a paragraph or inline wrapper; with `sources` (a paragraph's own children) the
// caller records where its content went.
function readInlineChild(state: StoryState, child: XmlElement, name: string, inline: InlineContext, readTextBox: TextBoxReader): void {
  const { names } = state.context;
  if (SILENT.has(name)) return;
  if (RANGE_MARKERS.has(name)) {
    readReviewMarker(state, child, name);
    return;
  }
  if (isTrackedChange(name)) {
    // Code holds text without marks: a deletion there would read as kept text.
    if (inline.code && (name === 'w:del' || name === 'w:moveFrom')) noteTrackedDeletion(state);
    else readTrackedChange(state, child, name, () => readInlineContent(state, child, inline, readTextBox));
    return;
  }
  if (TRANSPARENT.has(name)) {
    readInlineContent(state, child, inline, readTextBox);
    return;
  }
  if (CONTENT_WRAPPERS.has(name)) {
    const content = wrappedContent(child, names);
    if (content) readInlineContent(state, content, inline, readTextBox);
    return;
  }
  switch (name) {
    case 'w:r':
      readRun(state, child, inline, readTextBox);
      break;
    case 'w:hyperlink':
      readLinked(state, child, inline, readTextBox, readHyperlinkTarget(state, child));
      break;
    case 'w:fldSimple': {
      const instruction = names.attr(child, 'w:instr') ?? '';
      if (readPageFieldCode(instruction)) {
        readSimplePageField(state, child, instruction, inline, readTextBox);
        break;
      }
      const target = readHyperlinkField(instruction);
      readLinked(state, child, inline, readTextBox, target === undefined ? undefined : checkLinkTarget(state.context.log, target));
      break;
    }
    case 'm:oMath':
    case 'm:oMathPara':
      addInline(state, createOpaqueNode(child, state.story, names, true));
      break;
    case 'w:subDoc':
      state.context.log.warn('READER_ELEMENT_DROPPED', 'A subdocument (w:subDoc) was not read: documents it names are never opened.');
      break;
    default:
      readUnknownElement(state, child, true);
  }
}

// A simple page field goes through the field stack like a complex one, so that its
// result becomes a `field` node.
function readSimplePageField(state: StoryState, element: XmlElement, instruction: string, inline: InlineContext, readTextBox: TextBoxReader): void {
  state.fields.begin();
  state.fields.instruction(instruction);
  state.fields.separate();
  readInlineContent(state, element, inline, readTextBox);
  addPageField(state, state.fields.end());
}

// `undefined`: the wrapper is no link; `null`: it was one whose target was dropped.
function readLinked(state: StoryState, element: XmlElement, inline: InlineContext, readTextBox: TextBoxReader, target: string | null | undefined): void {
  if (target === undefined) {
    readInlineContent(state, element, inline, readTextBox);
    return;
  }
  inline.links.push(target);
  readInlineContent(state, element, inline, readTextBox);
  inline.links.pop();
}
