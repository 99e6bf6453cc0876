import type { Mark, Node, Slice } from 'prosemirror-model';
import type { Step } from 'prosemirror-transform';
import type { ParagraphStyleInfo } from '../../readers/docx/read-paragraph-styles.js';
import { lookOf, readDocumentLook } from '../view/document-look.js';

// style.css sets code marks and code blocks in this font's stack.
const CODE_FAMILY = 'Courier New';

/** The font of each paragraph style by id, as the view shows paragraphs in that style. */
export type StyleFamilies = ReadonlyMap<string, string>;

/**
 * Returns the font of each paragraph style that paragraphs carry (not the default style nor
 * headings, which the document's look gives), with the body font where a style names none.
 */
export function paragraphStyleFamilies(doc: Node, paragraphStyles: readonly ParagraphStyleInfo[]): StyleFamilies {
  const body = readDocumentLook(doc).body;
  const families = new Map<string, string>();
  for (const style of paragraphStyles) {
    if (!style.isDefault && style.headingLevel === null) families.set(style.id, lookOf(style.look, body).family);
  }
  return families;
}

/**
 * Returns the font families a document shows: its body text's and its headings' (Word's Calibri
 * when it names none), the fonts of the paragraph styles its paragraphs use, of its font marks,
 * and Courier New when it has code. Reads the whole document once; call it when one is opened.
 */
export function documentFontFamilies(doc: Node, styles: StyleFamilies): Set<string> {
  const look = readDocumentLook(doc);
  const families = new Set([look.body.family, ...look.headings.map((heading) => heading.family)]);
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

function addNodeFamilies(node: Node, styles: StyleFamilies, families: Set<string>): void {
  if (node.type.name === 'code_block') families.add(CODE_FAMILY);
  if (node.isTextblock && typeof node.attrs['styleId'] === 'string') addStyleFamily(node.attrs['styleId'], styles, families);
  for (const mark of node.marks) addMarkFamily(mark, families);
}

function addStyleFamily(styleId: string, styles: StyleFamilies, families: Set<string>): void {
  const family = styles.get(styleId);
  if (family !== undefined) families.add(family);
}

function addMarkFamily(mark: Mark, families: Set<string>): void {
  if (mark.type.name === 'code') families.add(CODE_FAMILY);
  else if (mark.type.name === 'font' && typeof mark.attrs['family'] === 'string' && mark.attrs['family'].trim() !== '') families.add(mark.attrs['family']);
}
