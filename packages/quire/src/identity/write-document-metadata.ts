import { DocumentError } from '../document-error.js';
import { editPackage, type PackageEdit } from '../package/edit-package.js';
import { findDocumentParts, type LinkedPart } from '../package/find-document-parts.js';
import { openPackage, type OpcPackage, type OpenPackageOptions } from '../package/open-package.js';
import { PACKAGE_SOURCE } from '../package/part-names.js';
import { RELATIONSHIP_TYPES } from '../package/relationship-types.js';
import type { XmlPart } from '../xml/parse-xml-part.js';
import { serializeXmlPart } from '../xml/serialize-xml-part.js';
import type { DocumentMetadata } from './generate-document-metadata.js';
import {
  createdValue,
  docIdGuid,
  documentGuidPropertyGuid,
  findCreatedElement,
  findDocIdElement,
  findDocumentGuidProperty,
} from './metadata-elements.js';
import { CREATED_PART_CONTENT_TYPES } from './metadata-writing-vocabulary.js';
import { normalizeGuid } from './normalize-guid.js';
import { addCreatedToCore, createCorePropertiesPart } from './patch-core-properties.js';
import { addDocumentGuidProperty, createCustomPropertiesPart } from './patch-custom-properties.js';
import { addDocIdToSettings, createSettingsPart } from './patch-settings.js';
import { readLinked } from './read-document-metadata.js';

/** Options of {@link writeDocumentMetadata}. */
export interface WriteDocumentMetadataOptions {
  /** Zip limits: entry count and per-part inflation caps. */
  limits?: OpenPackageOptions;
}

/**
 * Resolves to the DOCX `bytes` holding the GUID as `w15:docId` in the settings part and as the
 * `DocumentGuid` custom property, and the creation timestamp as `dcterms:created` (ARCHITECTURE.md,
 * Document identity); see {@link addDocumentMetadata}. Other entries are copied byte for byte.
 * Resolves to `bytes` itself when nothing needs writing. Rejects with `INPUT_INVALID` for a
 * malformed GUID or empty timestamp, and with the `DocumentError`s of reading a package.
 */
export async function writeDocumentMetadata(
  bytes: Uint8Array,
  metadata: DocumentMetadata,
  options: WriteDocumentMetadataOptions = {},
): Promise<Uint8Array> {
  return writePackageMetadata(openPackage(bytes, options.limits), metadata);
}

/**
 * Resolves to the bytes of the opened package `pkg` with the metadata written, as
 * {@link writeDocumentMetadata} does for bytes: through the package's directory and cached parts,
 * so that a package already read for its identity is not read again. Resolves to `pkg.bytes`
 * itself when nothing needs writing; rejects as `writeDocumentMetadata` does.
 */
export async function writePackageMetadata(pkg: OpcPackage, metadata: DocumentMetadata): Promise<Uint8Array> {
  const edit = editPackage(pkg);
  await addDocumentMetadata(edit, metadata);
  return edit.toBytes();
}

/**
 * Adds the identity metadata to `edit`, so that it is written in the same rewrite as the edit's
 * other changes: the GUID as `w15:docId` and the `DocumentGuid` custom property, the creation
 * timestamp as `dcterms:created` (ARCHITECTURE.md, Document identity). Values the package already
 * has win over `metadata`: an existing GUID is mirrored, never replaced. Missing parts are created
 * with their content type and relationship; existing parts get text inserted, never re-serialised.
 * Rejects with `INPUT_INVALID` for a malformed GUID or empty timestamp, and with the
 * `DocumentError`s of reading the package.
 */
export async function addDocumentMetadata(edit: PackageEdit, metadata: DocumentMetadata): Promise<void> {
  const requestedGuid = normalizeGuid(metadata.guid);
  if (!requestedGuid) throw new DocumentError('INPUT_INVALID', `The GUID to write is not a GUID: ${String(metadata.guid)}.`);
  const requestedCreatedAt = typeof metadata.createdAt === 'string' ? metadata.createdAt.trim() : '';
  if (!requestedCreatedAt) throw new DocumentError('INPUT_INVALID', 'The creation timestamp to write is empty.');

  const pkg = edit.package;
  const parts = await findDocumentParts(pkg);
  const [settings, custom, core] = await Promise.all([
    readLinked(pkg, parts.settings),
    readLinked(pkg, parts.custom),
    readLinked(pkg, parts.core),
  ]);
  const settingsDocId = settings && findDocIdElement(settings);
  const customProperty = custom && findDocumentGuidProperty(custom);
  const guid =
    (settingsDocId && docIdGuid(settingsDocId)) ?? (customProperty && documentGuidPropertyGuid(customProperty)) ?? requestedGuid;
  const createdElement = core && findCreatedElement(core);
  const createdAt = (createdElement && createdValue(createdElement)) ?? requestedCreatedAt;

  // One part at a time: each may claim a part name or relationship Id the next must not reuse.
  await writePart(edit, settings, parts.settings, {
    patch: (part) => addDocIdToSettings(part, guid),
    create: () => createSettingsPart(guid, parts.strict),
    preferredName: `${parts.main.slice(0, parts.main.lastIndexOf('/') + 1)}settings.xml`,
    contentType: CREATED_PART_CONTENT_TYPES.settings,
    source: parts.main,
    relationshipType: RELATIONSHIP_TYPES.settings[parts.strict ? 1 : 0],
  });
  await writePart(edit, custom, parts.custom, {
    patch: (part) => addDocumentGuidProperty(part, guid),
    create: () => createCustomPropertiesPart(guid, parts.strict),
    preferredName: '/docProps/custom.xml',
    contentType: CREATED_PART_CONTENT_TYPES.customProperties,
    source: PACKAGE_SOURCE,
    relationshipType: RELATIONSHIP_TYPES.customProperties[parts.strict ? 1 : 0],
  });
  await writePart(edit, core, parts.core, {
    patch: (part) => addCreatedToCore(part, createdAt),
    create: () => createCorePropertiesPart(createdAt),
    preferredName: '/docProps/core.xml',
    contentType: CREATED_PART_CONTENT_TYPES.coreProperties,
    source: PACKAGE_SOURCE,
    relationshipType: RELATIONSHIP_TYPES.coreProperties[0],
  });
}

interface PartWriter {
  /** Returns the patched text, or undefined when the part needs nothing. */
  patch: (part: XmlPart) => string | undefined;
  /** Returns the text of a new part. */
  create: () => string;
  preferredName: string;
  contentType: string;
  source: string;
  relationshipType: string;
}

async function writePart(
  edit: PackageEdit,
  part: XmlPart | undefined,
  linked: LinkedPart | undefined,
  writer: PartWriter,
): Promise<void> {
  if (part && linked) {
    const text = writer.patch(part);
    if (text !== undefined) edit.setPart(linked.partName, serializeXmlPart(part, text));
    return;
  }
  const content = new TextEncoder().encode(writer.create());
  // A relationship whose target is missing gets its part created there, not a second relationship.
  const partName = linked?.partName ?? (await edit.freePartName(writer.preferredName, writer.contentType));
  edit.setPart(partName, content);
  await edit.ensureContentType(partName, writer.contentType);
  if (!linked) await edit.addRelationship(writer.source, writer.relationshipType, partName);
}
