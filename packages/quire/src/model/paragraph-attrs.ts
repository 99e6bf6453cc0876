import type { AttributeSpec } from 'prosemirror-model';
import { sourceIdAttrSpec } from './source-id-attr.js';
import type { TabStop } from './tab-stops.js';
import type { Twips } from './units.js';
import type { StructureChange } from './marks/review-marks.js';
import type { ParagraphFormatChange } from './review/format-change.js';

/** Paragraph alignment (`w:jc`, ECMA-376 Part 1, 17.3.1.13; `both` is written `justify` here). */
export type Alignment = 'left' | 'center' | 'right' | 'justify';

/** Paragraph indentation in twips (`w:ind`, ECMA-376 Part 1, 17.3.1.12); `hanging` wins over `firstLine`. */
export interface Indentation {
  readonly left?: Twips;
  readonly right?: Twips;
  readonly firstLine?: Twips;
  readonly hanging?: Twips;
}

/**
 * Paragraph spacing (`w:spacing`, ECMA-376 Part 1, 17.3.1.33): `before` and `after` in twips;
 * `line` in 240ths of a line when `lineRule` is `auto`, otherwise in twips.
 * `beforeAutospacing` and `afterAutospacing` (HTML-style automatic spacing, as Word's "Normal
 * (Web)" style sets it) make that space {@link AUTO_SPACING} instead of `before` or `after`, see
 * {@link spaceBefore}; false is kept where it undoes a style's automatic spacing.
 */
export interface Spacing {
  readonly before?: Twips;
  readonly after?: Twips;
  readonly line?: number;
  readonly lineRule?: 'auto' | 'exact' | 'atLeast';
  readonly beforeAutospacing?: boolean;
  readonly afterAutospacing?: boolean;
}

/**
 * The space Word gives automatic spacing before or after a paragraph: 14 pt, in twips (Word 2013
 * and later; LibreOffice reads it so). Between two paragraphs where either side is automatic,
 * Word and LibreOffice keep the larger of the two spaces instead of their sum, and automatic space
 * before the first paragraph of the document or of a table cell, or after the last of a cell, is none.
 */
export const AUTO_SPACING: Twips = 280;

/** The space before a paragraph of `spacing`, in twips: {@link AUTO_SPACING} when automatic. */
export function spaceBefore(spacing: Spacing): Twips {
  return spacing.beforeAutospacing === true ? AUTO_SPACING : (spacing.before ?? 0);
}

/** The space after a paragraph of `spacing`, in twips: {@link AUTO_SPACING} when automatic. */
export function spaceAfter(spacing: Spacing): Twips {
  return spacing.afterAutospacing === true ? AUTO_SPACING : (spacing.after ?? 0);
}

/** Attributes shared by `paragraph` and `heading` nodes; `null` means "as the style says". */
export interface ParagraphAttrs {
  /** Id of the paragraph style (`w:pStyle`), e.g. `Quote`; `null` for the default style. */
  readonly styleId: string | null;
  readonly align: Alignment | null;
  readonly indent: Indentation | null;
  readonly spacing: Spacing | null;
  readonly keepNext: boolean;
  readonly keepLines: boolean;
  readonly pageBreakBefore: boolean;
  /** Names of the bookmarks that start in this paragraph: the targets of `#name` links. */
  readonly anchors: readonly string[] | null;
  /** Base direction (`w:bidi`, ECMA-376 Part 1, 17.3.1.6; HTML `dir`); absent or `null`: from the first strong character (UAX #9 P2). */
  readonly direction?: 'ltr' | 'rtl' | null;
  /** Background colour, `RRGGBB` (`w:shd`, ECMA-376 Part 1, 17.3.1.31); absent or `null`: none. */
  readonly shading?: string | null;
  /**
   * Custom tab stops, its style's included (tab stops are no part of the style looks in the
   * document defaults), ordered by position; absent or `null`: only the default stops.
   */
  readonly tabs?: readonly TabStop[] | null;
  /** The id of the XML element the paragraph was read from (see `sourceIdAttrSpec`). */
  readonly sourceId?: string | null;
  /** A tracked insertion or deletion of the paragraph's mark; absent or `null`: none. */
  readonly markChange?: StructureChange | null;
  /** A tracked change of the paragraph's properties (`w:pPrChange`); absent or `null`: none. */
  readonly formatChange?: ParagraphFormatChange | null;
}

/** ProseMirror attribute specs of {@link ParagraphAttrs}, spread into the paragraph and heading specs. */
export const paragraphAttrSpecs: Record<keyof ParagraphAttrs, AttributeSpec> = {
  styleId: { default: null, validate: 'string|null' },
  align: { default: null, validate: 'string|null' },
  indent: { default: null },
  spacing: { default: null },
  keepNext: { default: false, validate: 'boolean' },
  keepLines: { default: false, validate: 'boolean' },
  pageBreakBefore: { default: false, validate: 'boolean' },
  anchors: { default: null },
  direction: { default: null, validate: 'string|null' },
  shading: { default: null, validate: 'string|null' },
  tabs: { default: null },
  sourceId: sourceIdAttrSpec,
  markChange: { default: null },
  formatChange: { default: null },
};

/** Returns the CSS declarations that show a paragraph's alignment, indentation and shading in HTML. */
export function paragraphStyle(attrs: Record<string, unknown>): string {
  const declarations: string[] = [];
  if (typeof attrs['align'] === 'string') declarations.push(`text-align: ${attrs['align']}`);
  const indent = attrs['indent'] as Indentation | null;
  if (indent?.left) declarations.push(`margin-left: ${indent.left / 20}pt`);
  if (indent?.right) declarations.push(`margin-right: ${indent.right / 20}pt`);
  if (indent?.firstLine) declarations.push(`text-indent: ${indent.firstLine / 20}pt`);
  if (typeof attrs['shading'] === 'string' && /^[0-9A-Fa-f]{6}$/.test(attrs['shading'])) declarations.push(`background-color: #${attrs['shading']}`);
  return declarations.join('; ');
}
