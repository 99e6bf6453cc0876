import type { DocumentParts, LinkedPart } from '../package/find-document-parts.js';
import type { OpcPackage } from '../package/open-package.js';
import type { XmlPart } from '../xml/parse-xml-part.js';
import {
  createdValue,
  docIdGuid,
  documentGuidPropertyGuid,
  findCreatedElement,
  findDocIdElement,
  findDocumentGuidProperty,
} from './metadata-elements.js';

/** The identity metadata found in a file; a field is undefined when missing or unusable. */
export interface StoredMetadata {
  /** Upper-case GUID without braces, from `w15:docId` or else the `DocumentGuid` custom property. */
  guid?: string;
  /** Trimmed text of `dcterms:created`. */
  createdAt?: string;
}

/**
 * Reads the GUID and creation timestamp of a document (ARCHITECTURE.md, Document identity),
 * inflating only the settings, core and (when settings hold no GUID) custom properties parts.
 * Rejects with `DOCX_MALFORMED_XML` when one of those parts is not well-formed XML.
 */
export async function readDocumentMetadata(pkg: OpcPackage, parts: DocumentParts): Promise<StoredMetadata> {
  const metadata: StoredMetadata = {};
  const [settings, core] = await Promise.all([readLinked(pkg, parts.settings), readLinked(pkg, parts.core)]);
  const docId = settings && findDocIdElement(settings);
  let guid = docId && docIdGuid(docId);
  if (!guid) {
    const custom = await readLinked(pkg, parts.custom);
    const property = custom && findDocumentGuidProperty(custom);
    guid = property && documentGuidPropertyGuid(property);
  }
  if (guid) metadata.guid = guid;
  const created = core && findCreatedElement(core);
  const createdAt = created && createdValue(created);
  if (createdAt) metadata.createdAt = createdAt;
  return metadata;
}

/** Resolves to the parsed part behind `linked`, or undefined when it is absent. */
export async function readLinked(pkg: OpcPackage, linked: LinkedPart | undefined): Promise<XmlPart | undefined> {
  return linked?.exists ? pkg.readXmlPart(linked.partName) : undefined;
}
