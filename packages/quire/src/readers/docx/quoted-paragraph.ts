import type { XmlElement } from '@rgrove/parse-xml';
import type { Twips } from '../../model/units.js';
import type { OoxmlNames } from './ooxml-names.js';

const NO_BORDER = new Set(['nil', 'none']);

/**
 * Returns true when a paragraph's own properties (`w:pPr`) draw a border on its left side only
 * (`w:pBdr`, ECMA-376 Part 1, 17.3.1.24): the bar that marks a quotation. The DOCX writer gives it
 * to headings, code blocks and list items inside block quotes, whose own style says what they are.
 */
export function hasQuoteBar(pPr: XmlElement | undefined, names: OoxmlNames): boolean {
  const borders = names.child(pPr, 'w:pBdr');
  if (!borders) return false;
  const drawn = (side: string): boolean => {
    const border = names.child(borders, side);
    return border !== undefined && !NO_BORDER.has(names.attr(border, 'w:val') ?? 'nil');
  };
  return drawn('w:left') && !['w:top', 'w:right', 'w:bottom', 'w:between'].some(drawn);
}

/**
 * Returns how many quotes hold a quoted list item in all: its text indent beyond the indent of its
 * numbering level, in steps of 720 twips (the DOCX writer's quote indent), at least one.
 */
export function readItemQuoteDepth(textIndent: Twips, levelIndent: Twips | undefined, level: number): number {
  return Math.max(1, Math.round((textIndent - (levelIndent ?? 720 * (level + 1))) / 720));
}
