import type { XmlElement } from '@rgrove/parse-xml';
import type { Mark } from 'prosemirror-model';
import { schema } from '../../model/schema.js';
import { chooseAlternative } from './alternate-content.js';
import { addInline, addText, enterElement, leaveElement, type NoteKind, type StoryState } from './docx-context.js';
import type { ClosedPageField } from './field-stack.js';
import { directText } from './ooxml-names.js';
import { RANGE_MARKERS } from './range-markers.js';
import { readDrawing, type TextBoxReader } from './read-drawing.js';
import { readVml } from './read-vml.js';
import { insideDeletion, readReviewMarker, withReviewMarks } from './review-marks.js';
import { readRunProperties, type RunProperties } from './run-properties.js';
import { readRunFormatChange } from './format-changes.js';
import { storeMarks } from '../../model/review/format-change.js';
import { formattingOf, looksLatin, splitByScript, type ScriptSlot, type ScriptSpan } from './script-slots.js';
import type { ResolvedRun } from './style-resolver.js';
import { isCodeCharacterStyle, isHyperlinkCharacterStyle } from './style-roles.js';
import { decodeSymbolText, readSymbol } from './symbol-characters.js';
import { readUnknownElement } from './unknown-element.js';

/** What the runs of one paragraph share. */
export interface InlineContext {
  /** The run properties of the paragraph's style, with its chain applied. */
  readonly paragraphRun: RunProperties;
  /** The formatting that the paragraph's text has without marks (see `readParagraph`). */
  readonly baseline: ResolvedRun;
  /** In a code block: text only, no marks. */
  readonly code: boolean;
  /** Targets of the hyperlinks around the run, innermost last; `null` for a link that was dropped. */
  readonly links: (string | null)[];
}

// Run content that shows nothing in the model: revision marks of the paragraph, annotations,
// the note separators and the reference mark inside a note, dates of the document's metadata.
const SILENT = new Set([
  'w:rPr', 'w:delInstrText', 'w:lastRenderedPageBreak', 'w:annotationRef', 'w:commentReference',
  'w:footnoteRef', 'w:endnoteRef', 'w:separator', 'w:continuationSeparator', 'w:pgNum', 'w:dayShort', 'w:dayLong',
  'w:monthShort', 'w:monthLong', 'w:yearShort', 'w:yearLong',
]);

// What deleted runs keep as text with a `deletion` mark; their pictures, notes and page breaks are
// left out, as the document read as accepted never shows them.
const DELETED_CONTENT = new Set(['w:delText', 'w:tab', 'w:ptab', 'w:br', 'w:cr', 'w:sym', 'w:softHyphen', 'w:noBreakHyphen']);

interface RunScope {
  readonly inline: InlineContext;
  /** The marks of the run's `text` of `slot`; Latin (or complex script, in a right-to-left run) by default. */
  readonly marks: (slot?: ScriptSlot, text?: string) => readonly Mark[];
  /** Splits text into the spans each slot formats. */
  readonly split: (text: string) => ScriptSpan[];
  readonly hidden: boolean;
  readonly symbolFont: string | undefined;
  readonly readTextBox: TextBoxReader;
}

/**
 * Reads a run (`w:r`): resolves its formatting through the style hierarchy into marks, and adds
 * its text, tabs, breaks, symbols, note references, pictures and text boxes. Complex fields are
 * followed so that only their results show; hidden text (`w:vanish`) is left out.
 */
export function readRun(state: StoryState, run: XmlElement, inline: InlineContext, readTextBox: TextBoxReader): void {
  if (!enterElement(state)) return;
  const { names, marks } = state.context;
  const rPr = names.child(run, 'w:rPr');
  // The link at the run's start decides whether its character style shows; the text's own link is the one open at each piece.
  const href = currentHref(state, inline);
  const { resolved, code } = resolveRunLook(state, inline, readRunProperties(rPr, names), href);
  // A tracked change of the run's formatting: the text shows the new, its mark keeps the old (the same slot's).
  const formatChange = inline.code ? null : readRunFormatChange(state, rPr);
  const old = formatChange && resolveRunLook(state, inline, formatChange.before, href);
  const ownSlot: ScriptSlot = resolved.complexOnly ? 'complex' : 'latin';
  const marksOf = (slot: ScriptSlot, text: string): readonly Mark[] => {
    const now = marks.marksOf(formattingOf(resolved, slot, text), inline.baseline, { code, href: currentHref(state, inline) });
    if (!formatChange || !old) return now;
    const before = storeMarks(marks.marksOf(formattingOf(old.resolved, slot, text), inline.baseline, { code: old.code, href: null }));
    const { before: _direct, ...attrs } = formatChange;
    return schema.marks['formatChange']!.create({ ...attrs, before }).addToSet(now);
  };
  const scope: RunScope = {
    inline,
    hidden: resolved.hidden,
    symbolFont: resolved.family ?? undefined,
    readTextBox,
    marks: (slot = ownSlot, text = '') => (inline.code ? [] : marksOf(slot, text)),
    split: (text) => (inline.code ? [{ text, slot: 'latin' }] : splitByScript(text, resolved, (slot) => looksLatin(resolved, slot))),
  };
  readRunContent(state, run, withReview(state, scope));
  leaveElement(state);
}

// The run's formatting through the style hierarchy: a hyperlink's or inline code's character style
// is what the link or code mark shows already.
function resolveRunLook(state: StoryState, inline: InlineContext, direct: RunProperties, href: string | null): { resolved: ResolvedRun; code: boolean } {
  const { styles } = state.context;
  const characterChain = styles.chain(direct.styleId, 'character');
  const code = isCodeCharacterStyle(characterChain);
  const skipStyle = code || (href !== null && isHyperlinkCharacterStyle(characterChain));
  const character = skipStyle ? undefined : styles.characterStyle(characterChain[0]?.id);
  return { resolved: styles.resolveRun({ table: state.cell?.run, paragraph: inline.paragraphRun, character, direct }), code };
}

// Text inside tracked changes and comment ranges carries their marks too (never in code, which has no marks).
function withReview(state: StoryState, scope: RunScope): RunScope {
  const { changes, comments } = state.review;
  if (scope.inline.code || (changes.length === 0 && comments.size === 0)) return scope;
  const marks = scope.marks;
  return { ...scope, marks: (...args: Parameters<RunScope['marks']>) => withReviewMarks(state, marks(...args)) };
}

function readRunContent(state: StoryState, parent: XmlElement, scope: RunScope): void {
  const { names } = state.context;
  // Inside a tracked deletion (`w:del`, `w:moveFrom`) only the run's text is read.
  const deleted = insideDeletion(state);
  for (const child of names.children(parent)) {
    const name = names.name(child);
    if (SILENT.has(name)) continue;
    if (RANGE_MARKERS.has(name)) {
      readReviewMarker(state, child, name);
      continue;
    }
    switch (name) {
      case 'w:fldChar':
        readFieldCharacter(state, names.attr(child, 'w:fldCharType'));
        continue;
      case 'w:instrText':
        state.fields.instruction(directText(child));
        continue;
      case 'mc:AlternateContent': {
        const chosen = chooseAlternative(child, names);
        if (chosen && enterElement(state)) {
          readRunContent(state, chosen, scope);
          leaveElement(state);
        }
        continue;
      }
    }
    if (scope.hidden) continue;
    if (deleted ? !DELETED_CONTENT.has(name) || (name === 'w:br' && names.attr(child, 'w:type') === 'page') : name === 'w:delText') continue;
    readVisibleContent(state, child, name, scope);
  }
}

function readVisibleContent(state: StoryState, child: XmlElement, name: string, scope: RunScope): void {
  const { names } = state.context;
  switch (name) {
    case 'w:t':
    case 'w:delText':
      addScriptText(state, decodeSymbolText(directText(child), scope.symbolFont), scope);
      return;
    case 'w:tab':
    case 'w:ptab':
      addText(state, '\t', scope.marks());
      return;
    case 'w:br':
      if (names.attr(child, 'w:type') === 'page') addPageBreak(state);
      else addInline(state, schema.nodes['hard_break']!.create(names.attr(child, 'w:type') === 'column' ? { kind: 'column' } : null, null, scope.marks()));
      return;
    case 'w:cr':
      addInline(state, schema.nodes['hard_break']!.create(null, null, scope.marks()));
      return;
    case 'w:sym': {
      const text = readSymbol(names.attr(child, 'w:char'), names.attr(child, 'w:font') ?? scope.symbolFont);
      if (text !== undefined) addScriptText(state, text, scope);
      return;
    }
    case 'w:softHyphen':
      addText(state, '\u00AD', scope.marks());
      return;
    case 'w:noBreakHyphen':
      addText(state, '\u2011', scope.marks());
      return;
    case 'w:footnoteReference':
    case 'w:endnoteReference':
      addNoteReference(state, name === 'w:footnoteReference' ? 'footnote' : 'endnote', names.attr(child, 'w:id'));
      return;
    case 'w:drawing':
      if (state.fields.visible) readDrawing(state, child, scope.marks(), scope.readTextBox);
      return;
    case 'w:pict':
    case 'w:object':
      if (state.fields.visible) readVml(state, child, scope.marks(), scope.readTextBox);
      return;
    case 'w:ruby':
      for (const run of names.childrenNamed(names.child(child, 'w:rubyBase') ?? child, 'w:r')) {
        readRun(state, run, scope.inline, scope.readTextBox);
      }
      return;
    case 'w:contentPart':
      state.context.log.warn('READER_ELEMENT_DROPPED', 'Ink (w:contentPart) is not converted.');
      return;
    default:
      readUnknownElement(state, child, true);
  }
}

// Text goes in as spans of one script slot each, every span with the font, size, bold and italic
// Word sets it in (ECMA-376 Part 1, 17.3.2.26), so that painters need not know the slots.
function addScriptText(state: StoryState, text: string, scope: RunScope): void {
  for (const span of scope.split(text)) addText(state, span.text, scope.marks(span.slot, span.text));
}

function readFieldCharacter(state: StoryState, type: string | undefined): void {
  if (type === 'begin') state.fields.begin();
  else if (type === 'separate') state.fields.separate();
  else if (type === 'end') addPageField(state, state.fields.end());
}

/** Adds the `field` node of a page field that `FieldStack.end` returned, if any. */
export function addPageField(state: StoryState, closed: ClosedPageField | undefined): void {
  if (!closed) return;
  const attrs = { name: closed.name, text: closed.text, code: closed.code, bookmark: closed.bookmark, format: closed.format };
  addInline(state, schema.nodes['field']!.create(attrs, null, closed.marks));
}

// A page break inside a paragraph splits it: the model's page break is a block.
function addPageBreak(state: StoryState): void {
  if (!state.fields.visible) return;
  state.builder.addBlock(schema.nodes['page_break']!.create({ sourceId: state.sources?.current ?? null }));
  state.added++;
}

function addNoteReference(state: StoryState, kind: NoteKind, id: string | undefined): void {
  if (id === undefined || !state.fields.visible) return;
  const modelId = kind === 'footnote' ? id : `endnote-${id}`;
  const references = state.context.noteReferences;
  if (!references.has(modelId)) references.set(modelId, { kind, id });
  addInline(state, schema.nodes['footnote_reference']!.create({ id: modelId }));
}

function currentHref(state: StoryState, inline: InlineContext): string | null {
  return state.fields.href ?? inline.links[inline.links.length - 1] ?? null;
}
