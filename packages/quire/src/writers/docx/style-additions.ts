import type { PackageEdit } from '../../package/edit-package.js';
import type { XmlPart } from '../../xml/parse-xml-part.js';
import { serializeXmlPart } from '../../xml/serialize-xml-part.js';
import { CONTENT_TYPES, relationshipType, WORDPROCESSINGML_NAMESPACE } from './ooxml-names.js';
import { insertBeforeEnd } from '../../xml/elements.js';
import { newStylesPart, STYLE_DEFINITIONS } from './word-styles-part.js';

/**
 * Adds the definitions of the writer's own styles that what it wrote refers to (`used`) and the
 * styles part lacks, at its end, so that a new code block or quote in a document looks as it
 * does in a new one; a package without a styles part gets a new one with all of them.
 */
export async function addStyles(edit: PackageEdit, used: ReadonlySet<string>, stylesPart: XmlPart | undefined, mainPartName: string): Promise<void> {
  const missing = [...used].filter((id) => STYLE_DEFINITIONS.has(id));
  if (missing.length === 0) return;
  if (!stylesPart) {
    const partName = await edit.freePartName('/word/styles.xml', CONTENT_TYPES.styles);
    edit.setPart(partName, new TextEncoder().encode(newStylesPart()));
    await edit.ensureContentType(partName, CONTENT_TYPES.styles);
    await edit.addRelationship(mainPartName, relationshipType('styles'), partName);
    return;
  }
  // The definitions say `w:`; a part whose root names the namespace otherwise gets it declared on each.
  const declared = stylesPart.root.attributes['xmlns:w'] === WORDPROCESSINGML_NAMESPACE;
  const markup = missing.map((id) => (declared ? STYLE_DEFINITIONS.get(id)! : STYLE_DEFINITIONS.get(id)!.replace('<w:style ', `<w:style xmlns:w="${WORDPROCESSINGML_NAMESPACE}" `))).join('');
  edit.setPart(stylesPart.partName, serializeXmlPart(stylesPart, insertBeforeEnd(stylesPart.text, stylesPart.root, markup)));
}
