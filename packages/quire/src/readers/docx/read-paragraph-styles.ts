import type { TextblockLook } from '../../model/document-defaults.js';
import type { Alignment, Indentation } from '../../model/paragraph-attrs.js';
import { readParagraphStyleLook } from './document-defaults.js';
import type { StyleResolver } from './style-resolver.js';
import { classifyParagraph, isContextParagraphStyle } from './style-roles.js';

/** A paragraph style of a document, as an editor offers it (a style gallery or menu). */
export interface ParagraphStyleInfo {
  /** The style id (`w:styleId`), which paragraphs carry as their `styleId` attribute. */
  readonly id: string;
  /** The name shown to people (`w:name`), with a built-in name's first letter capitalised. */
  readonly name: string;
  /** Whether this is the document's default paragraph style (Normal): paragraphs in it carry no `styleId`. */
  readonly isDefault: boolean;
  /** The heading level (1 to 6) of paragraphs in this style, which the model stores as `heading` nodes; null for other styles. */
  readonly headingLevel: number | null;
  /** Font, size, weight, slant, colour and spacing of paragraphs in this style. */
  readonly look: TextblockLook;
  /** The style's alignment; null for left. */
  readonly align: Alignment | null;
  /** The style's indentation in twips; null for none. */
  readonly indent: Indentation | null;
}

/**
 * Returns the paragraph styles of a document, resolved through its `basedOn` chains and document
 * defaults: the default style first, then headings by level, then the others by name. Styles
 * that only give a paragraph the usual look of where it stands (list paragraphs, headers,
 * footers, note text) are left out, because the reader does not keep them on paragraphs.
 */
export function readParagraphStyles(styles: StyleResolver): ParagraphStyleInfo[] {
  const defaultId = styles.sheet.defaultStyles.paragraph;
  const found: ParagraphStyleInfo[] = [];
  for (const style of styles.sheet.styles.values()) {
    if (style.type !== 'paragraph' || (style.id !== defaultId && isContextParagraphStyle(style))) continue;
    const paragraph = styles.resolveParagraph([styles.paragraphStyle(style.id).paragraph]);
    const role = classifyParagraph(styles.chain(style.id, 'paragraph'), paragraph.outlineLevel);
    const { align, indent, borders: _borders, ...look } = readParagraphStyleLook(styles, style.id);
    found.push({
      id: style.id,
      name: displayName(style.name || style.id),
      isDefault: style.id === defaultId,
      headingLevel: role.kind === 'heading' ? role.level : null,
      look,
      align,
      indent,
    });
  }
  const rank = (info: ParagraphStyleInfo) => (info.isDefault ? 0 : info.headingLevel ?? 10);
  return found.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

// Word stores built-in names in lower case ("heading 1") and shows them capitalised.
function displayName(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
