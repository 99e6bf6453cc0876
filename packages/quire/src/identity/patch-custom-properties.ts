import type { XmlPart } from '../xml/parse-xml-part.js';
import { escapeXmlText } from '../xml/escape-xml.js';
import { attributeValue, childElementsNamed, namespaceOf } from '../xml/namespaces.js';
import { createRootPatch } from '../xml/root-patch.js';
import { findDocumentGuidProperty, isCustomPropertiesRoot } from './metadata-elements.js';
import { DOCUMENT_GUID_PROPERTY, METADATA_NAMESPACES as NS } from './metadata-vocabulary.js';
import { USER_DEFINED_PROPERTIES_FMTID } from './metadata-writing-vocabulary.js';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * Returns the text of a custom properties part with a `DocumentGuid` property appended (`pid`
 * one above the highest in use, at least 2 as ECMA-376 Part 1 §22.3.2.2 requires). Returns
 * undefined when the property already exists or the part is not a custom properties part.
 */
export function addDocumentGuidProperty(part: XmlPart, guid: string): string | undefined {
  if (!isCustomPropertiesRoot(part) || findDocumentGuidProperty(part)) return undefined;
  const rootNamespace = namespaceOf(part.root) ?? NS.customProperties[0];
  const strict = rootNamespace === NS.customProperties[1];
  const patch = createRootPatch(part);
  const prefix = patch.prefixFor(rootNamespace, 'op', { allowDefault: true });
  const vt = patch.prefixFor(strict ? NS.docPropsVTypes[1] : NS.docPropsVTypes[0], 'vt');
  const pids = childElementsNamed(part.root, rootNamespace, 'property').map((property) =>
    Number.parseInt(attributeValue(property, null, 'pid') ?? '', 10),
  );
  const pid = Math.max(1, ...pids.filter(Number.isFinite)) + 1;
  patch.appendChild(propertyMarkup(prefix ? `${prefix}:property` : 'property', vt, pid, guid));
  return patch.toText();
}

/** Returns the text of a new custom properties part holding only the `DocumentGuid` property. */
export function createCustomPropertiesPart(guid: string, strict: boolean): string {
  const index = strict ? 1 : 0;
  return (
    `${XML_DECLARATION}<Properties xmlns="${NS.customProperties[index]}" xmlns:vt="${NS.docPropsVTypes[index]}">` +
    `${propertyMarkup('property', 'vt', 2, guid)}</Properties>`
  );
}

// The GUID is written with braces, as in w15:docId; readers strip them.
function propertyMarkup(name: string, vt: string, pid: number, guid: string): string {
  return (
    `<${name} fmtid="${USER_DEFINED_PROPERTIES_FMTID}" pid="${pid}" name="${DOCUMENT_GUID_PROPERTY}">` +
    `<${vt}:lpwstr>{${escapeXmlText(guid)}}</${vt}:lpwstr></${name}>`
  );
}
