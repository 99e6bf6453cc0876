import type { Mark, Node, Slice } from 'prosemirror-model';
import type { Step } from 'prosemirror-transform';
import type { ParagraphStyleInfo } from '../../readers/docx/read-paragraph-styles.js';
import { WORD_DEFAULT_STYLES } from '../../model/word-default-styles.js';
import { lookOf, readDocumentLook } from '../view/document-look.js';
import { clampLevel } from '../view/paragraph-style.js';

// style.css sets code blocks in this font's stack (and code marks, in Courier New's).
const CODE_FAMILY = WORD_DEFAULT_STYLES.code.fontFamily;

/** The font of each paragraph style by id, and of each heading level, as the view shows them. */
export interface StyleFamilies {
  readonly paragraphStyles: ReadonlyMap<string, string>;
  /** `headings[0]` is level 1. */
  readonly headings: readonly string[];
}

/**
 * Returns the font of each paragraph style that paragraphs carry (not the default style nor
 * headings), with the body font where a style names none, and of each heading level as the
 * document's look gives it.
 */
export function paragraphStyleFamilies(doc: Node, paragraphStyles: readonly ParagraphStyleInfo[]): StyleFamilies {
  const look = readDocumentLook(doc);
  const families = new Map<string, string>();
  for (const style of paragraphStyles) {
    if (!style.isDefault && style.headingLevel === null) families.set(style.id, lookOf(style.look, look.body).family);
  }
  return { paragraphStyles: families, headings: look.headings.map((heading) => heading.family) };
}

/**
 * Returns the font families a document shows: its body text's (Word's Calibri when it names
 * none), those of the heading levels it has, of the paragraph styles its paragraphs use, of its
 * font marks, and Courier New when it has code. Reads the whole document once; call it when one
 * is opened.
 */
export function documentFontFamilies(doc: Node, styles: StyleFamilies): Set<string> {
  const families = new Set([readDocumentLook(doc).body.family]);
  doc.descendants((node) => void addNodeFamilies(node, styles, families));
  return families;
}

/**
 * Returns the font families that `steps` bring into a document: those of the content they insert
 * (pasted text, a paragraph given another style) and of the marks they add. Looks at the steps
 * only, never at the whole document, so it can run on every edit.
 */
export function insertedFontFamilies(steps: readonly Step[], styles: StyleFamilies): Set<string> {
  const families = new Set<string>();
  for (const step of steps) {
    const { slice, mark, attr, value } = step as Partial<{ slice: Slice; mark: Mark; attr: string; value: unknown }>;
    slice?.content.descendants((node) => void addNodeFamilies(node, styles, families));
    if (mark) addMarkFamily(mark, families);
    if (attr === 'styleId' && typeof value === 'string') addStyleFamily(value, styles, families);
  }
  return families;
}

// A heading level's font counts only where the document has such a heading: a level its styles
// leave out shows in Word's Calibri Light, which a document in other fonts need not load.
function addNodeFamilies(node: Node, styles: StyleFamilies, families: Set<string>): void {
  if (node.type.name === 'code_block') families.add(CODE_FAMILY);
  if (node.type.name === 'heading') addFamily(styles.headings[clampLevel(node.attrs['level']) - 1], families);
  if (node.isTextblock && typeof node.attrs['styleId'] === 'string') addStyleFamily(node.attrs['styleId'], styles, families);
  for (const mark of node.marks) addMarkFamily(mark, families);
}

function addStyleFamily(styleId: string, styles: StyleFamilies, families: Set<string>): void {
  addFamily(styles.paragraphStyles.get(styleId), families);
}

function addFamily(family: string | undefined, families: Set<string>): void {
  if (family !== undefined) families.add(family);
}

function addMarkFamily(mark: Mark, families: Set<string>): void {
  if (mark.type.name === 'code') families.add(CODE_FAMILY);
  else if (mark.type.name === 'font' && typeof mark.attrs['family'] === 'string' && mark.attrs['family'].trim() !== '') families.add(mark.attrs['family']);
}
