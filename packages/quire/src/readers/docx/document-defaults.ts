import type { DocumentDefaults, ParagraphStyleLook, TextblockLook } from '../../model/document-defaults.js';
import type { FontClass } from '../../model/word-fonts.js';
import type { NoteKind } from './docx-context.js';
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
 * Returns the whole look of paragraph style `styleId`: its text's look (see `readTextblockLook`),
 * its alignment (null for left), its indentation (null when all zero) and its borders.
 */
export function readParagraphStyleLook(styles: StyleResolver, styleId: string | undefined): ParagraphStyleLook {
  const paragraph = styles.resolveParagraph([styles.paragraphStyle(styleId).paragraph]);
  const indent = paragraph.indent && Object.values(paragraph.indent).some((value) => value !== 0) ? paragraph.indent : null;
  return {
    ...readTextblockLook(styles, styleId),
    align: paragraph.align !== undefined && paragraph.align !== 'left' ? paragraph.align : null,
    indent,
    borders: paragraph.borders ?? null,
  };
}

/**
 * Returns the `defaults` attribute of the document: the look of the default paragraph style, of
 * the heading styles met while reading (`headings` by level, 1-based), and of the styles that
 * paragraphs keep as a `styleId` their formatting is relative to (`styles`, by id; left out when
 * there are none), the classes of the fonts of the font table (`fontClasses`, left out when
 * empty) and the look of the note text styles met (`notes`, by kind; left out when none). Null for a document without a styles part, which leaves the writers' own
 * defaults in force.
 */
export function readDocumentDefaults(
  styles: StyleResolver,
  headings: ReadonlyMap<number, TextblockLook>,
  styleLooks: ReadonlyMap<string, ParagraphStyleLook>,
  fontClasses: Readonly<Record<string, FontClass>> = {},
  notes: ReadonlyMap<NoteKind, TextblockLook> = new Map(),
): DocumentDefaults | null {
  if (styles.sheet.styles.size === 0) return null;
  const levels: (TextblockLook | null)[] = [];
  for (let level = 1; level <= HEADING_LEVELS; level++) levels.push(headings.get(level) ?? null);
  const body = readTextblockLook(styles, styles.sheet.defaultStyles.paragraph);
  return {
    body,
    headings: levels,
    ...(styleLooks.size > 0 ? { styles: Object.fromEntries(styleLooks) } : {}),
    ...(Object.keys(fontClasses).length > 0 ? { fontClasses } : {}),
    ...(notes.size > 0 ? { notes: Object.fromEntries(notes) } : {}),
  };
}
