import type { XmlElement } from '@rgrove/parse-xml';
import type { TextblockName } from '../../model/document-builder.js';
import { schema } from '../../model/schema.js';
import type { BlockFlow } from './block-flow.js';
import type { DocxContext, StoryState } from './docx-context.js';
import { readParagraphStyleLook, readTextblockLook } from './document-defaults.js';
import { readBookmarkNames } from './read-bookmarks.js';
import { expandLevelText, splitLevelText } from './level-text.js';
import { describeListItem } from './list-item-placement.js';
import { readParagraphAttrs } from './model-paragraph-attrs.js';
import { hasQuoteBar, readItemQuoteDepth } from './quoted-paragraph.js';
import type { TextBoxReader } from './read-drawing.js';
import { readInlineContent } from './read-inline.js';
import { PieceCollector } from './paragraph-pieces.js';
import type { InlineSource } from '../../model/docx-source-map.js';
import type { NumberingLevel } from './read-numbering.js';
import type { ResolvedRun } from './style-resolver.js';
import { noteTextKind } from './style-roles.js';
import { readStructureChange } from './review-marks.js';
import { resolveParagraphLook } from './paragraph-look.js';
import { readParagraphFormatChange } from './format-changes.js';

/**
 * Reads a paragraph (`w:p`). Its properties are resolved through the style hierarchy; it becomes
 * a heading (outline level or heading style), a list item (numbering, via `BlockFlow`), part of a
 * quote, a code block or a plain paragraph.
 *
 * Formatting is kept relative to a baseline: the look of the paragraph's own style when the model
 * already conveys it (a heading's, quote's or code block's style, or the usual style of lists,
 * notes, headers and footers), otherwise the look of the document's default paragraph style. Marks
 * and attributes carry only what differs from it; a non-default style's id is kept. A quote style
 * (Quote, Intense Quote) and the Header and Footer styles are both: the id is kept and the look
 * goes into the document's defaults (`styles`), which is what a reader of the model shows the
 * paragraph's marks and attributes on.
 * An empty paragraph is kept: it takes vertical space in Word. `dropCap` is the paragraph framed as
 * this one's drop cap, whose text is read as this one's start.
 */
export function readParagraph(state: StoryState, p: XmlElement, flow: BlockFlow, readTextBox: TextBoxReader, dropCap?: XmlElement): void {
  const { context } = state;
  const { names, styles } = context;
  const pPr = names.child(p, 'w:pPr');
  const { direct, styleId, chain, numbering, resolved, role, baseline, baselineStyleId, keptLookStyle, keptStyleId } = resolveParagraphLook(state, pPr);
  const style = styles.paragraphStyle(styleId);
  const levelOf = (level: number) => (numbering ? context.numbering.resolve(numbering.numId, level)?.definition : undefined);
  const value = numbering ? context.counters.next(numbering, levelOf) : 0;
  const numbers = numbering ? context.counters.numbers(numbering) : [];
  const around = numbering && splitLevelText(numbering.definition, numbering.level, numbers, levelOf);
  const item = numbering && role.kind !== 'heading' ? describeListItem(numbering, value, resolved.indent, around) : undefined;
  const headingNumber = numbering && role.kind === 'heading' ? readHeadingNumber(numbering.definition, numbers, levelOf) : null;

  // A quote's style or the writer's quote bar (on headings, code and list items) puts it in quotes.
  const quoted = role.kind === 'quote' || hasQuoteBar(pPr, names);
  let inList = item !== undefined;
  if (item) flow.startItem(item, quoted ? readItemQuoteDepth(item.textIndent, numbering?.definition.paragraph.indent?.left, item.level) : 0);
  else if (role.kind === 'heading' && !quoted) flow.closeAll();
  // A quote's or code block's style indents it: only its own indent tells a list continuation and
  // the depth of its quote (a quote style's paragraph without one is one quote in).
  else inList = flow.placeParagraph(role.kind === 'body' && !quoted ? resolved.indent?.left : (direct.indent?.left ?? (role.kind === 'quote' ? 720 : 0)), quoted);

  const ownStyle = chain[0];
  const attrs = { ...readParagraphAttrs(resolved, baseline, keptStyleId, inList || quoted), anchors: readBookmarkNames(p, names), markChange: readStructureChange(state, p), formatChange: readParagraphFormatChange(state, pPr) };
  if (role.kind === 'heading' && !context.headingLooks.has(role.level)) context.headingLooks.set(role.level, readTextblockLook(styles, baselineStyleId));
  if (keptLookStyle !== null && !context.styleLooks.has(keptLookStyle)) context.styleLooks.set(keptLookStyle, readParagraphStyleLook(styles, keptLookStyle));
  // A note text style is a context style: the note's paragraphs are relative to its look, which the writers take from the defaults.
  const noteKind = ownStyle && role.kind === 'body' ? noteTextKind(ownStyle) : undefined;
  if (noteKind && !context.noteLooks.has(noteKind)) context.noteLooks.set(noteKind, readTextblockLook(styles, styleId));
  const code = role.kind === 'code';
  const textblock: TextblockName = code ? 'code_block' : role.kind === 'heading' ? 'heading' : 'paragraph';
  const sourceId = state.sources?.current ?? null;
  const textblockAttrs = code ? { sourceId } : role.kind === 'heading' ? { level: role.level, ...attrs, number: headingNumber, sourceId } : { ...attrs, sourceId };

  const before = state.added;
  state.builder.openTextblock(textblock, textblockAttrs);
  readMappedInlineContent(state, p, sourceId, code, (inlineSources) => {
    const inline = { paragraphRun: style.run, baseline: baselineRun(context, baselineStyleId), code, links: [] };
    if (dropCap) readInlineContent(state, dropCap, inline, readTextBox);
    readInlineContent(state, p, inline, readTextBox, inlineSources);
  });
  state.builder.close();
  if (state.added === before) {
    state.builder.addBlock(schema.nodes[textblock]!.create(textblockAttrs));
    state.added++;
  }
}

/**
 * Reads a paragraph's inline content with `read`, recording which child made which content: the
 * paragraph's children when it is one textblock, its pieces when text boxes split it (see
 * `SourceElement`); nothing for code or a paragraph that cannot be mapped. A paragraph inside a
 * text box is one piece of the paragraph the box is anchored in.
 */
function readMappedInlineContent(state: StoryState, p: XmlElement, sourceId: string | null, code: boolean, read: (sources: InlineSource[] | undefined) => void): void {
  const scope = state.sources;
  const textblocks = state.builder.textblockCount;
  if (!scope || sourceId === null || (code && !scope.frozen)) {
    read(undefined);
    return;
  }
  const inline: InlineSource[] = [];
  if (scope.frozen) {
    const collector = scope.pieces;
    if (!collector || code) {
      collector?.invalidate();
      read(undefined);
      return;
    }
    const boxes = collector.boxes;
    read(inline);
    if (collector.boxes !== boxes || state.builder.textblockCount !== textblocks) collector.invalidate();
    else collector.boxParagraph(p, inline);
    return;
  }
  const outer = scope.pieces;
  const collector = new PieceCollector(p, inline);
  scope.pieces = collector;
  read(inline);
  scope.pieces = outer;
  if (state.builder.textblockCount === textblocks) {
    scope.recorder.recordInline(sourceId, inline);
    return;
  }
  const pieces = collector.finish(state.builder.inlinePosition);
  if (pieces) scope.recorder.recordPieces(sourceId, pieces);
}

// The number a numbered heading shows (`2.1`), or null for a level that shows none or a bullet.
function readHeadingNumber(definition: NumberingLevel, numbers: readonly (number | undefined)[], levelOf: (level: number) => NumberingLevel | undefined): string | null {
  if (definition.format === 'none' || definition.format === 'bullet') return null;
  const text = expandLevelText(definition, numbers, levelOf);
  return text === '' ? null : text;
}

function baselineRun(context: DocxContext, styleId: string | undefined): ResolvedRun {
  const key = styleId ?? '';
  let run = context.baselineRuns.get(key);
  if (!run) {
    run = context.styles.resolveRun({ paragraph: context.styles.paragraphStyle(styleId).run });
    context.baselineRuns.set(key, run);
  }
  return run;
}
