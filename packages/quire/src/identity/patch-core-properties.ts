import type { XmlPart } from '../xml/parse-xml-part.js';
import { escapeXmlText } from '../xml/escape-xml.js';
import { createRootPatch } from '../xml/root-patch.js';
import { createdValue, findCreatedElement, isCorePropertiesRoot } from './metadata-elements.js';
import { METADATA_NAMESPACES as NS } from './metadata-vocabulary.js';
import { WRITTEN_NAMESPACES } from './metadata-writing-vocabulary.js';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * Returns the text of a core properties part with `<dcterms:created xsi:type="dcterms:W3CDTF">`
 * appended, or replacing an empty one, declaring `dcterms` and `xsi` when needed (the `xsi:type`
 * value uses the prefix in scope). Returns undefined when a non-empty `dcterms:created` exists or
 * the part is not a core properties part.
 */
export function addCreatedToCore(part: XmlPart, createdAt: string): string | undefined {
  if (!isCorePropertiesRoot(part)) return undefined;
  const existing = findCreatedElement(part);
  if (existing && createdValue(existing) !== undefined) return undefined;
  const patch = createRootPatch(part);
  const markup = createdMarkup(patch.prefixFor(NS.dcterms, 'dcterms'), patch.prefixFor(WRITTEN_NAMESPACES.xsi, 'xsi'), createdAt);
  if (existing) patch.replaceNode(existing, markup);
  else patch.appendChild(markup);
  return patch.toText();
}

/** Returns the text of a new core properties part holding only `dcterms:created`. */
export function createCorePropertiesPart(createdAt: string): string {
  return (
    `${XML_DECLARATION}<cp:coreProperties xmlns:cp="${NS.coreProperties}" xmlns:dc="${WRITTEN_NAMESPACES.dc}" ` +
    `xmlns:dcterms="${NS.dcterms}" xmlns:dcmitype="${WRITTEN_NAMESPACES.dcmitype}" xmlns:xsi="${WRITTEN_NAMESPACES.xsi}">` +
    `${createdMarkup('dcterms', 'xsi', createdAt)}</cp:coreProperties>`
  );
}

function createdMarkup(dcterms: string, xsi: string, createdAt: string): string {
  return `<${dcterms}:created ${xsi}:type="${dcterms}:W3CDTF">${escapeXmlText(createdAt)}</${dcterms}:created>`;
}
