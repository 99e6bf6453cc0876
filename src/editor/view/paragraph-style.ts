import type { Node } from 'prosemirror-model';
import type { Indentation, Spacing } from '../../model/paragraph-attrs.js';
import { twipsToPixels } from '../../model/units.js';
import { lineHeightOf } from './document-look.js';
import { fontStack } from './font-stack.js';
import type { RenderContext } from './render-context.js';

/** CSS declarations by property name, applied through the CSSOM (`style.setProperty`). */
export type Declarations = Map<string, string>;

/**
 * Returns the inline CSS a paragraph or heading needs on top of style.css: the look of its
 * paragraph style (`styleId`), then its own alignment, indentation and spacing (ECMA-376 Part 1,
 * 17.3.1). Most paragraphs carry none of these and get no declarations at all.
 */
export function paragraphDeclarations(node: Node, context: RenderContext): Declarations {
  const declarations: Declarations = new Map();
  const attrs = node.attrs;
  const style = typeof attrs['styleId'] === 'string' ? context.paragraphStyles.get(attrs['styleId']) : undefined;
  const base = node.type.name === 'heading' ? context.look.headings[clampLevel(attrs['level']) - 1] : context.look.body;
  const family = style?.family ?? base?.family ?? context.look.body.family;
  if (style) {
    declarations.set('font-family', fontStack(style.family));
    declarations.set('font-size', `${style.size}pt`);
    declarations.set('font-weight', style.bold ? '700' : '400');
    declarations.set('font-style', style.italic ? 'italic' : 'normal');
    declarations.set('color', `#${style.color}`);
    if (style.align) declarations.set('text-align', style.align);
    addIndent(declarations, style.indent);
    addSpacing(declarations, style.spacing, family);
  }
  if (typeof attrs['align'] === 'string' && /^(?:left|center|right|justify)$/.test(attrs['align'])) declarations.set('text-align', attrs['align']);
  addIndent(declarations, readObject<Indentation>(attrs['indent']));
  addSpacing(declarations, readObject<Spacing>(attrs['spacing']), family);
  return declarations;
}

/** Replaces the inline style of `element` with `declarations`, through the CSSOM (allowed by a strict CSP). */
export function applyDeclarations(element: HTMLElement, declarations: Declarations): void {
  element.removeAttribute('style');
  for (const [property, value] of declarations) element.style.setProperty(property, value);
}

function addIndent(declarations: Declarations, indent: Indentation | null): void {
  if (!indent) return;
  if (isNumber(indent.left)) declarations.set('margin-left', px(indent.left));
  if (isNumber(indent.right)) declarations.set('margin-right', px(indent.right));
  // A hanging indent wins over a first-line indent (ECMA-376 Part 1, 17.3.1.12).
  if (isNumber(indent.hanging) && indent.hanging !== 0) declarations.set('text-indent', px(-indent.hanging));
  else if (isNumber(indent.firstLine)) declarations.set('text-indent', px(indent.firstLine));
}

function addSpacing(declarations: Declarations, spacing: Spacing | null, family: string): void {
  if (!spacing) return;
  // Padding, not margins: Word adds one paragraph's space after to the next one's space before,
  // where CSS margins would collapse to the larger.
  if (isNumber(spacing.before)) declarations.set('padding-top', px(Math.max(0, spacing.before)));
  if (isNumber(spacing.after)) declarations.set('padding-bottom', px(Math.max(0, spacing.after)));
  if (isNumber(spacing.line)) declarations.set('line-height', lineHeightOf(spacing, family));
}

function px(twips: number): string {
  return `${Math.round(twipsToPixels(twips) * 100) / 100}px`;
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
