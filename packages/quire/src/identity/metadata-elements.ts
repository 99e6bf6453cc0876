import type { XmlElement } from '@rgrove/parse-xml';
import type { XmlPart } from '../xml/parse-xml-part.js';
import { attributeValue, childElementsNamed, directTextOf, isElementNamed } from '../xml/namespaces.js';
import { DOCUMENT_GUID_PROPERTY, METADATA_NAMESPACES as NS } from './metadata-vocabulary.js';
import { normalizeGuid } from './normalize-guid.js';

/** Returns true when the root of `part` is `w:settings` (transitional or strict). */
export function isSettingsRoot(part: XmlPart): boolean {
  return isElementNamed(part.root, NS.wordprocessingml, 'settings');
}

/** Returns true when the root of `part` is the custom properties `Properties` element. */
export function isCustomPropertiesRoot(part: XmlPart): boolean {
  return isElementNamed(part.root, NS.customProperties, 'Properties');
}

/** Returns true when the root of `part` is `cp:coreProperties`. */
export function isCorePropertiesRoot(part: XmlPart): boolean {
  return isElementNamed(part.root, NS.coreProperties, 'coreProperties');
}

/** Returns the first `w15:docId` child of the settings root, matched by namespace URI. */
export function findDocIdElement(part: XmlPart): XmlElement | undefined {
  return isSettingsRoot(part) ? childElementsNamed(part.root, NS.w15, 'docId')[0] : undefined;
}

/** Returns the normalised GUID of a `w15:docId` element's `w15:val`, or undefined when it is not a GUID. */
export function docIdGuid(element: XmlElement): string | undefined {
  return normalizeGuid(attributeValue(element, NS.w15, 'val'));
}

/** Returns the custom `property` named `DocumentGuid` (compared case-insensitively, as Office does). */
export function findDocumentGuidProperty(part: XmlPart): XmlElement | undefined {
  if (!isCustomPropertiesRoot(part)) return undefined;
  const wanted = DOCUMENT_GUID_PROPERTY.toLowerCase();
  return childElementsNamed(part.root, NS.customProperties, 'property').find(
    (element) => attributeValue(element, null, 'name')?.toLowerCase() === wanted,
  );
}

/** Returns the normalised GUID held by a custom property's `vt:lpwstr` (or `vt:lpstr`) value. */
export function documentGuidPropertyGuid(property: XmlElement): string | undefined {
  const value =
    childElementsNamed(property, NS.docPropsVTypes, 'lpwstr')[0] ?? childElementsNamed(property, NS.docPropsVTypes, 'lpstr')[0];
  return value ? normalizeGuid(directTextOf(value)) : undefined;
}

/** Returns the first `dcterms:created` child of the core properties root. */
export function findCreatedElement(part: XmlPart): XmlElement | undefined {
  return isCorePropertiesRoot(part) ? childElementsNamed(part.root, NS.dcterms, 'created')[0] : undefined;
}

/** Returns the trimmed text of `dcterms:created`, or undefined when empty. */
export function createdValue(element: XmlElement): string | undefined {
  const text = directTextOf(element).trim();
  return text === '' ? undefined : text;
}
