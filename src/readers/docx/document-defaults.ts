import type { DocumentDefaults, TextblockLook } from '../../model/document-defaults.js';
import type { StyleResolver } from './style-resolver.js';

// Text whose styles never set a size is shown at 10 points (ECMA-376 Part 1, 17.3.2.38 `w:sz`).
const SPEC_FONT_SIZE = 10;
const HEADING_LEVELS = 6;

/**
 * Returns the look of paragraphs in style `styleId` (its chain on top of the document defaults):
 * font, size, weight, slant, colour and spacing, which the model's marks and attributes are
 * relative to (see `readParagraph`).
 */
export function readTextblockLook(styles: StyleResolver, styleId: string | undefined): TextblockLook {
  const style = styles.paragraphStyle(styleId);
  const run = styles.resolveRun({ paragraph: style.run });
  const paragraph = styles.resolveParagraph([style.paragraph]);
  return {
    fontFamily: run.family,
    fontSize: run.size ?? SPEC_FONT_SIZE,
    bold: run.bold,
    italic: run.italic,
    color: run.color,
    spacing: paragraph.spacing ?? {},
  };
}

/**
 * Returns the `defaults` attribute of the document: the look of the default paragraph style and
 * of the heading styles met while reading (`headings` by level, 1-based). Null for a document
 * without a styles part, which leaves the writers' own defaults in force.
 */
export function readDocumentDefaults(styles: StyleResolver, headings: ReadonlyMap<number, TextblockLook>): DocumentDefaults | null {
  if (styles.sheet.styles.size === 0) return null;
  const levels: (TextblockLook | null)[] = [];
  for (let level = 1; level <= HEADING_LEVELS; level++) levels.push(headings.get(level) ?? null);
  return { body: readTextblockLook(styles, styles.sheet.defaultStyles.paragraph), headings: levels };
}
