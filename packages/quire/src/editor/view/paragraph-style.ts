import type { Node } from 'prosemirror-model';
import type { ParagraphBorders } from '../../model/document-defaults.js';
import { spaceAfter, spaceBefore, type Indentation, type Spacing } from '../../model/paragraph-attrs.js';
import { cssPixels as px } from './css-pixels.js';
import { lineHeightOf } from './document-look.js';
import { fontStack } from './font-stack.js';
import { WORD_DEFAULT_STYLES } from '../../model/word-default-styles.js';
import type { RenderContext } from './render-context.js';
import { borderCss } from './table-borders.js';

/** CSS declarations by property name, applied through the CSSOM (`style.setProperty`). */
export type Declarations = Map<string, string>;

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
// The indent of a block quote in twips (style.css, --quire-quote-indent): half an inch.
const QUOTE_INDENT = WORD_DEFAULT_STYLES.quote.indent.left;

const QUOTE_BAR_RESET = [['border-left', 'none'], ['padding-left', '0px'], ['margin-left', '0px']] as const;

/**
 * Returns the inline CSS a paragraph or heading needs on top of style.css: the look of its
 * paragraph style (`styleId`: font, colour, alignment, indentation, spacing, borders), then its
 * own alignment, indentation and spacing (ECMA-376 Part 1, 17.3.1). Most paragraphs carry none of
 * these and get no declarations at all. `isQuoted` tells whether the paragraph stands in a block
 * quote; it is asked only of paragraphs in a quote style.
 */
export function paragraphDeclarations(node: Node, context: RenderContext, isQuoted: () => boolean = () => false): Declarations {
  const declarations: Declarations = new Map();
  const attrs = node.attrs;
  const style = typeof attrs['styleId'] === 'string' ? context.paragraphStyles.get(attrs['styleId']) : undefined;
  const base = node.type.name === 'heading' ? context.look.headings[clampLevel(attrs['level']) - 1] : context.look.body;
  const family = style?.family ?? base?.family ?? context.look.body.family;
  const borders = style?.borders ?? null;
  // A right-to-left paragraph's start indent is on the right (ECMA-376 Part 1, 17.3.1.12); its first
  // line's indent is at its start already, as CSS sets `text-indent` in the paragraph's direction.
  const mirrored = attrs['direction'] === 'rtl';
  if (style) {
    declarations.set('font-family', fontStack(style.family));
    declarations.set('font-size', `${style.size}pt`);
    declarations.set('font-weight', style.bold ? '700' : '400');
    declarations.set('font-style', style.italic ? 'italic' : 'normal');
    declarations.set('color', `#${style.color}`);
    if (style.align) declarations.set('text-align', style.align);
    // In a block quote, the style stands in for Block Text (style.css): its right indent for Block
    // Text's, and a quote style its own borders for Block Text's bar.
    declarations.set('margin-right', '0px');
    if (style.quote) for (const [property, value] of QUOTE_BAR_RESET) declarations.set(property, value);
    // A block quote indents what it holds by half an inch (style.css); in one, a quote style's
    // own left indent (none for Word's Quote) takes the place of that half inch, as in Word.
    const indent = style.quote && isQuoted() ? { ...style.indent, left: (style.indent?.left ?? 0) - QUOTE_INDENT } : style.indent;
    addIndent(declarations, indent, mirrored);
    addBorders(declarations, borders);
  }
  if (typeof attrs['align'] === 'string' && /^(?:left|center|right|justify)$/.test(attrs['align'])) declarations.set('text-align', attrs['align']);
  addIndent(declarations, readObject<Indentation>(attrs['indent']), mirrored);
  // The paragraph's own spacing says only what differs from its style's (automatic spacing turned off, a space after).
  const spacing = readObject<Spacing>(attrs['spacing']);
  addSpacing(declarations, style?.spacing || spacing ? { ...style?.spacing, ...spacing } : null, family, borders);
  return declarations;
}

/** Replaces the inline style of `element` with `declarations`, through the CSSOM (allowed by a strict CSP). */
export function applyDeclarations(element: HTMLElement, declarations: Declarations): void {
  element.removeAttribute('style');
  for (const [property, value] of declarations) element.style.setProperty(property, value);
}

function addIndent(declarations: Declarations, indent: Indentation | null, mirrored: boolean): void {
  if (!indent) return;
  const [start, end] = mirrored ? ['margin-right', 'margin-left'] : ['margin-left', 'margin-right'];
  if (isNumber(indent.left)) declarations.set(start, px(indent.left));
  if (isNumber(indent.right)) declarations.set(end, px(indent.right));
  // A hanging indent wins over a first-line indent (ECMA-376 Part 1, 17.3.1.12).
  if (isNumber(indent.hanging) && indent.hanging !== 0) declarations.set('text-indent', px(-indent.hanging));
  else if (isNumber(indent.firstLine)) declarations.set('text-indent', px(indent.firstLine));
}

// Word puts the space before and after outside a paragraph's borders, so a bordered side takes it as margin.
function addSpacing(declarations: Declarations, spacing: Spacing | null, family: string, borders: ParagraphBorders | null): void {
  if (!spacing) return;
  if (spacing.beforeAutospacing === true || spacing.afterAutospacing === true) {
    // Automatic spacing (14 pt) meets the next paragraph's space as CSS margins meet: the larger of
    // the two counts, as in Word 2013 and later. Both spaces become margins, the padding of the
    // document look none. (A plain paragraph's space after, padding, still adds to it.)
    declarations.set('margin-top', px(Math.max(0, spaceBefore(spacing))));
    declarations.set('margin-bottom', px(Math.max(0, spaceAfter(spacing))));
    if (!borders?.top) declarations.set('padding-top', '0px');
    if (!borders?.bottom) declarations.set('padding-bottom', '0px');
  } else {
    // Padding, not margins: Word adds one paragraph's space after to the next one's space before,
    // where CSS margins would collapse to the larger.
    if (isNumber(spacing.before)) declarations.set(borders?.top ? 'margin-top' : 'padding-top', px(Math.max(0, spacing.before)));
    if (isNumber(spacing.after)) declarations.set(borders?.bottom ? 'margin-bottom' : 'padding-bottom', px(Math.max(0, spacing.after)));
  }
  if (isNumber(spacing.line)) declarations.set('line-height', lineHeightOf(spacing, family));
}

// A border stands `space` points from the text (ECMA-376 Part 1, 17.3.1.24); left and right
// borders stand outside the indent, so the text keeps its place.
function addBorders(declarations: Declarations, borders: ParagraphBorders | null): void {
  if (!borders) return;
  for (const side of SIDES) {
    const border = borders[side];
    const css = borderCss(border);
    if (!border || css === 'none') continue;
    const space = Math.min(31, Math.max(0, border.space));
    declarations.set(`border-${side}`, css);
    declarations.set(`padding-${side}`, `${space}pt`);
    if (side === 'left' || side === 'right') {
      const indent = declarations.get(`margin-${side}`) ?? '0px';
      declarations.set(`margin-${side}`, `calc(${indent} - ${space + border.width}pt)`);
    }
  }
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function readObject<T>(value: unknown): T | null {
  return typeof value === 'object' && value !== null ? (value as T) : null;
}

/** Returns a heading level between 1 and 6. */
export function clampLevel(level: unknown): number {
  return typeof level === 'number' && level >= 1 ? Math.min(6, Math.floor(level)) : 1;
}
