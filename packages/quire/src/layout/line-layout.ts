import LineBreaker from 'linebreak';
import type { Paint } from './paint-op.js';
import { hasRtlText, resolveLevels, visualOrder } from './bidi-order.js';
import { capitalParts } from './capitals.js';
import { textForBreaking } from './east-asian-breaks.js';
import type { BaseDirection } from './bidi-order.js';
import type { FaceFile } from './font-catalog.js';
import type { LayoutContext } from './layout-context.js';
import { alignAfterTab, stopForTab, widthWithTab } from './tab-layout.js';
import type { OpenTab, TabSettings } from './tab-layout.js';
import type { TabLeader } from '../model/index.js';
import { baselineShift, drawnSize } from './text-style.js';
import type { TextStyle } from './text-style.js';

/** Inline content of a paragraph, flattened: styled text, images and hard breaks. */
export type Piece = (
  | { readonly kind: 'text'; readonly text: string; readonly style: TextStyle; readonly footnoteId?: string }
  | { readonly kind: 'image'; readonly width: number; readonly height: number; readonly paint: Paint }
  | { readonly kind: 'break'; readonly column?: boolean }
) & {
  /**
   * Where the piece comes from in its textblock's content (ProseMirror offsets), and whether its
   * text is the node's own text character for character (a text node) rather than text shown
   * for an inline node (a footnote number, a field's result).
   */
  readonly from?: { readonly offset: number; readonly literal: boolean };
};

/** A positioned run of one style and one font file, or an image, within a line. */
export type Fragment =
  | {
      kind: 'text';
      text: string;
      style: TextStyle;
      file: FaceFile;
      x: number;
      width: number;
      spaces: number;
      level: number;
      /** The document's text where the drawn text differs from it (capitals), for extraction. */
      source?: string;
    }
  | { kind: 'image'; x: number; width: number; height: number; paint: Paint; level: number }
  /** The space a tab spans up to its stop, drawn with its leader (and its run's underline). */
  | { kind: 'tab'; x: number; width: number; style: TextStyle; file: FaceFile; leader: TabLeader | null; level: number };

/** One laid-out line: fragments with x offsets from the line start, and vertical metrics in points. */
export interface Line {
  readonly fragments: Fragment[];
  width: number;
  ascent: number;
  descent: number;
  gap: number;
  /** Height of the line's text alone (ascent, descent and gap of its fonts), images left out. */
  textHeight: number;
  /** Extra width given to each space when the line is justified. */
  wordSpacing: number;
  /** Ids of the footnotes referenced on this line. */
  readonly footnotes: string[];
  /** Whether a column break ends the previous line: this one starts the next column. */
  columnBreakBefore?: boolean;
  /** Where the line starts in its textblock's content (a ProseMirror offset), for painters that map pages back to the document. */
  offset: number;
}

/** Lines of a paragraph and whether its base direction is right-to-left (UAX #9 P2, or as the document says). */
export interface BrokenLines {
  readonly lines: Line[];
  readonly rtl: boolean;
}

const OBJECT = '\uFFFC';

/** Tab stops of a paragraph without any: the default stops from the column's edge. */
const DEFAULT_TABS: TabSettings = { stops: [], lineStart: () => 0 };

/**
 * Breaks `pieces` into lines no wider than `widthOf(lineIndex)` at the break opportunities of
 * UAX #14, with Word's and browsers' kinsoku (see `textForBreaking`); a word wider than a line is
 * broken between characters, so the loop always advances. A tab moves the text after it to the next of `tabs`' stops. A line that `mayStayEmpty` (one
 * beside a floating image) is left empty when the next word does not fit it, and the word tried
 * on the next line. Fragments stay in logical order (the order they are drawn in, so that text
 * extracts in reading order); their x offsets are visual, reordered by the bidirectional
 * algorithm (UAX #9).
 */
export function breakLines(
  context: LayoutContext,
  pieces: readonly Piece[],
  widthOf: (line: number) => number,
  base: TextStyle,
  direction: BaseDirection = 'auto',
  tabs: TabSettings = DEFAULT_TABS,
  mayStayEmpty: (line: number) => boolean = () => false,
): BrokenLines {
  const owners: number[] = [];
  const starts: number[] = [];
  let text = '';
  pieces.forEach((piece, index) => {
    const part = piece.kind === 'text' ? piece.text : piece.kind === 'image' ? OBJECT : '\n';
    starts.push(text.length);
    text += part;
    for (let i = 0; i < part.length; i += 1) owners.push(index);
  });
  const offsetAt = (index: number): number => contentOffset(pieces, owners, starts, index);
  const bidi = resolveLevels(context.bidi, text, direction);
  const levels = bidi?.levels ?? null;
  const lines: Line[] = [];
  let line = newLine(0);
  let lineWidth = 0;
  let openTab: OpenTab | null = null;
  const add = (fragment: Fragment): void => {
    if (fragment.kind === 'tab') {
      const stop = stopForTab(tabs, lines.length, lineWidth, widthOf(lines.length));
      lineWidth = appendFragment(line, { ...fragment, width: Math.max(0, stop.position - lineWidth), leader: stop.leader ?? fragment.leader }, lineWidth);
      const placed = line.fragments.at(-1) as Extract<Fragment, { kind: 'tab' }>;
      openTab = stop.align === 'left' ? null : { fragment: placed, position: stop.position, align: stop.align };
      return;
    }
    lineWidth = appendFragment(line, fragment, lineWidth);
    if (openTab) lineWidth = alignAfterTab(context, line, openTab);
  };
  const fits = (added: number): boolean => (openTab ? widthWithTab(line, openTab, added) : lineWidth + added) <= widthOf(lines.length);
  const nextLine = (at: number): void => {
    lines.push(finishLine(context, line, base));
    line = newLine(offsetAt(at));
    lineWidth = 0;
    openTab = null;
  };
  const breaker = new LineBreaker(textForBreaking(text));
  let start = 0;
  for (let found = breaker.nextBreak(); found; found = breaker.nextBreak()) {
    const end = found.position;
    const wordStart = start;
    const word = wordFragments(context, text, owners, starts, pieces, levels, start, end);
    const notes = footnotesBetween(owners, pieces, start, end);
    start = end;
    const visible = word.reduce((sum, fragment) => sum + visibleWidth(context, fragment), 0);
    if (!fits(visible) && line.fragments.length > 0) nextLine(wordStart);
    while (visible > widthOf(lines.length) && line.fragments.length === 0 && mayStayEmpty(lines.length)) nextLine(wordStart);
    if (visible > widthOf(lines.length)) {
      let at = wordStart;
      for (const fragment of splitWide(context, word)) {
        if (!fits(fragment.width) && line.fragments.length > 0) nextLine(at);
        add(fragment);
        at += fragment.kind === 'text' ? fragment.text.length : 1;
      }
    } else {
      for (const fragment of word) add(fragment);
    }
    if (notes.length > 0) line.footnotes.push(...notes);
    // A break that ends the text still opens a line: the paragraph mark goes below it, as in Word.
    // UAX #14 ends the text with an optional break even after a line feed, so the feed itself counts.
    if ((found.required && end < text.length) || text[end - 1] === '\n') {
      nextLine(end);
      const breakPiece = pieces[owners[end - 1] ?? -1];
      if (breakPiece?.kind === 'break' && breakPiece.column === true) line.columnBreakBefore = true;
    }
  }
  lines.push(finishLine(context, line, base));
  if (bidi) for (const each of lines) reorderLine(each);
  return { lines, rtl: bidi?.rtl ?? false };
}

function newLine(offset: number): Line {
  return { fragments: [], width: 0, ascent: 0, descent: 0, gap: 0, textHeight: 0, wordSpacing: 0, footnotes: [], offset };
}

// The textblock offset of the character at `index` of the joined text: within a text node's
// piece, character by character; within text shown for another node, that node's offset.
function contentOffset(pieces: readonly Piece[], owners: readonly number[], starts: readonly number[], index: number): number {
  const owner = owners[Math.min(index, owners.length - 1)];
  if (owner === undefined) return 0;
  const from = pieces[owner]?.from;
  if (!from) return 0;
  if (index >= owners.length) return from.offset + (from.literal ? (starts[owner] === undefined ? 0 : owners.length - starts[owner]) : 1);
  return from.offset + (from.literal ? index - (starts[owner] ?? 0) : 0);
}

const NO_NOTES: readonly string[] = [];

function footnotesBetween(owners: readonly number[], pieces: readonly Piece[], start: number, end: number): readonly string[] {
  let ids: string[] | null = null;
  let previous = -1;
  for (let position = start; position < end; position += 1) {
    const owner = owners[position]!;
    if (owner === previous) continue;
    previous = owner;
    const piece = pieces[owner];
    if (piece?.kind === 'text' && piece.footnoteId !== undefined) (ids ??= []).push(piece.footnoteId);
  }
  return ids ?? NO_NOTES;
}

function wordFragments(
  context: LayoutContext,
  text: string,
  owners: readonly number[],
  starts: readonly number[],
  pieces: readonly Piece[],
  levels: Uint8Array | null,
  start: number,
  end: number,
): Fragment[] {
  const fragments: Fragment[] = [];
  let position = start;
  while (position < end) {
    const owner = owners[position]!;
    const level = levels?.[position] ?? 0;
    // A piece's characters are contiguous: without levels to tell apart, its part of the word ends with it.
    let stop = levels ? position : Math.min(end, starts[owner + 1] ?? text.length);
    while (stop < end && owners[stop] === owner && (levels?.[stop] ?? 0) === level) stop += 1;
    const piece = pieces[owner]!;
    if (piece.kind === 'image') fragments.push({ kind: 'image', x: 0, width: piece.width, height: piece.height, paint: piece.paint, level });
    else if (piece.kind === 'text') {
      const slice = text.slice(position, stop);
      // Most words hold no tab: they are measured without splitting.
      if (!slice.includes('\t')) {
        appendTextFragments(fragments, context, slice, piece.style, level);
        position = stop;
        continue;
      }
      for (const run of slice.split(/(\t)/)) {
        if (run === '\t') {
          const file = context.catalog.segment(' ', piece.style.family, piece.style)[0]!.file;
          fragments.push({ kind: 'tab', x: 0, width: 0, style: piece.style, file, leader: null, level });
          continue;
        }
        appendTextFragments(fragments, context, run, piece.style, level);
      }
    }
    position = stop;
  }
  return fragments;
}

// Appends the fragments of `text` (no tabs) to `fragments`: one per font and capitals part.
function appendTextFragments(fragments: Fragment[], context: LayoutContext, text: string, style: TextStyle, level: number): void {
  for (const segment of context.catalog.segment(text, style.family, style)) {
    if (style.caps === null) {
      appendTextFragment(fragments, context, segment.text, segment.text, style, segment.file, level);
      continue;
    }
    for (const part of capitalParts(segment.text, style)) appendTextFragment(fragments, context, part.text, part.source, part.style, segment.file, level);
  }
}

function appendTextFragment(fragments: Fragment[], context: LayoutContext, text: string, source: string, style: TextStyle, file: FaceFile, level: number): void {
  const drawn = normalizeSpaces(text);
  const width = drawn === '' ? null : safeMeasure(context, drawn, file, drawnSize(style));
  if (width === null) return;
  const fragment: Fragment = { kind: 'text', text: drawn, style, file, x: 0, width, spaces: 0, level };
  if (source !== text) fragment.source = normalizeSpaces(source);
  fragments.push(fragment);
}

const SPECIAL_SPACES = /[\n\r\u00a0\u00ad\u2000-\u200d\u202f\u205f\u2060\u3000\ufeff]/;

// Line breaking has already honoured no-break spaces; drawing them as spaces avoids glyphs that
// some Fontsource subsets carry with broken outlines (U+00A0 in Carlito Bold), and drops
// zero-width characters, soft hyphens and line feeds, which have no visible glyph. Joiners
// (U+200C, U+200D) stay in right-to-left text, where the shaper needs them to choose joining forms.
function normalizeSpaces(text: string): string {
  // Most words hold none of these: one test instead of two replacements.
  if (!SPECIAL_SPACES.test(text)) return text;
  const spaced = text.replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, (space) => (space === '\u3000' ? space : ' '));
  return spaced.replace(hasRtlText(spaced) ? /[\n\r\u00ad\u200b\u2060\ufeff]/g : /[\n\r\u00ad\u200b-\u200d\u2060\ufeff]/g, '');
}

function safeMeasure(context: LayoutContext, text: string, file: FaceFile, size: number): number | null {
  try {
    return context.measure(text, file, size);
  } catch {
    context.warn({ code: 'PDF_GLYPH_UNREADABLE', message: `Text in font ${file.key} could not be measured and was left out.` });
    return null;
  }
}

function visibleWidth(context: LayoutContext, fragment: Fragment): number {
  if (fragment.kind !== 'text') return fragment.width;
  const trimmed = fragment.text.trimEnd();
  if (trimmed.length === fragment.text.length) return fragment.width;
  return context.measure(trimmed, fragment.file, drawnSize(fragment.style));
}

function splitWide(context: LayoutContext, word: readonly Fragment[]): Fragment[] {
  const out: Fragment[] = [];
  for (const fragment of word) {
    if (fragment.kind !== 'text') {
      out.push(fragment);
      continue;
    }
    for (const char of fragment.text) {
      const width = context.measure(char, fragment.file, drawnSize(fragment.style));
      out.push({ ...fragment, text: char, width });
    }
  }
  return out;
}

function appendFragment(line: Line, fragment: Fragment, lineWidth: number): number {
  const last = line.fragments.at(-1);
  // Right-to-left fragments stay apart: each is shaped and drawn as one run of its own.
  const mergeable = fragment.level % 2 === 0 && last?.level === fragment.level;
  if (mergeable && last?.kind === 'text' && fragment.kind === 'text' && last.file === fragment.file && last.style === fragment.style) {
    if (last.source !== undefined || fragment.source !== undefined) last.source = (last.source ?? last.text) + (fragment.source ?? fragment.text);
    last.text += fragment.text;
    last.width += fragment.width;
  } else {
    line.fragments.push({ ...fragment, x: lineWidth });
  }
  return lineWidth + fragment.width;
}

function finishLine(context: LayoutContext, line: Line, base: TextStyle): Line {
  const last = line.fragments.at(-1);
  if (last?.kind === 'text') {
    const trimmed = last.text.trimEnd();
    if (trimmed.length !== last.text.length) {
      last.text = trimmed;
      if (last.source !== undefined) last.source = last.source.trimEnd();
      last.width = context.measure(trimmed, last.file, drawnSize(last.style));
    }
  }
  let width = 0;
  let imageHeight = 0;
  for (const fragment of line.fragments) {
    width = fragment.x + fragment.width;
    if (fragment.kind === 'image') {
      imageHeight = Math.max(imageHeight, fragment.height);
      continue;
    }
    if (fragment.kind === 'tab') continue;
    fragment.spaces = countSpaces(fragment.text);
    const metrics = context.lineMetrics(fragment.file, drawnSize(fragment.style));
    const shift = baselineShift(fragment.style);
    line.ascent = Math.max(line.ascent, metrics.ascent + shift);
    line.descent = Math.max(line.descent, metrics.descent - shift);
    line.gap = Math.max(line.gap, metrics.gap);
  }
  if (!line.fragments.some((fragment) => fragment.kind === 'text')) {
    const file = context.catalog.segment(' ', base.family, base)[0]!.file;
    const metrics = context.lineMetrics(file, base.size);
    line.ascent = Math.max(line.ascent, metrics.ascent);
    line.descent = Math.max(line.descent, metrics.descent);
    line.gap = Math.max(line.gap, metrics.gap);
  }
  line.textHeight = line.ascent + line.descent + line.gap;
  line.ascent = Math.max(line.ascent, imageHeight);
  line.width = width;
  return line;
}

function countSpaces(text: string): number {
  let spaces = 0;
  for (let at = text.indexOf(' '); at !== -1; at = text.indexOf(' ', at + 1)) spaces += 1;
  return spaces;
}

// Places the fragments of a line in visual order (UAX #9 L2); they keep their logical order in
// the line, which is the order they are drawn in.
function reorderLine(line: Line): void {
  const { fragments } = line;
  if (fragments.every((fragment) => fragment.level === 0)) return;
  let x = 0;
  for (const index of visualOrder(fragments.map((fragment) => fragment.level))) {
    const fragment = fragments[index]!;
    fragment.x = x;
    x += fragment.width;
  }
}

/** Spreads `extra` points over the spaces of a line (for justified text) and moves fragments right. */
export function justifyLine(line: Line, extra: number): void {
  // Word stretches only the text after a line's last tab; its stops hold the rest in place.
  if (line.fragments.some((fragment) => fragment.kind === 'tab')) return;
  const spaces = line.fragments.reduce((sum, fragment) => sum + (fragment.kind === 'text' ? fragment.spaces : 0), 0);
  if (spaces === 0 || extra <= 0) return;
  line.wordSpacing = extra / spaces;
  let shift = 0;
  for (const fragment of [...line.fragments].sort((a, b) => a.x - b.x)) {
    fragment.x += shift;
    if (fragment.kind === 'text') {
      const added = fragment.spaces * line.wordSpacing;
      fragment.width += added;
      shift += added;
    }
  }
  line.width += extra;
}
