import { DocumentError } from '../document-error.js';
import { parseXmlPart, type XmlPart } from '../xml/parse-xml-part.js';
import { CONTENT_TYPES_PART_NAME, parseContentTypes, type ContentTypes } from './content-types.js';
import { partNameFromEntryName, partNameKey, relationshipsPartNameFor } from './part-names.js';
import { readZipDirectory, type ReadZipDirectoryOptions, type ZipDirectory, type ZipEntry } from './read-zip-directory.js';
import { readZipEntry, type ReadZipEntryOptions } from './read-zip-entry.js';
import { parseRelationships, type Relationship } from './relationships.js';

/** Limits of {@link openPackage}: entry count, and per-part inflation caps. */
export interface OpenPackageOptions extends ReadZipDirectoryOptions, ReadZipEntryOptions {}

/**
 * An opened OPC package. Only the zip directory is read up front; parts are inflated one at a
 * time when asked for (asynchronously: inflation uses the platform's `DecompressionStream`), and
 * parsed XML, relationships and content types are cached. One opened package is meant to be
 * shared by everything that reads a file (identity, reader, pictures, a later edit), so that the
 * directory is read once and no XML part is inflated twice.
 */
export interface OpcPackage {
  /** The package bytes. */
  readonly bytes: Uint8Array;
  /** The zip directory. */
  readonly directory: ZipDirectory;
  /** Recoverable oddities met so far (ignored relationships...), as sentences. */
  readonly warnings: string[];
  /** Returns the zip entry holding `partName` (compared case-insensitively), if any. */
  entryOf(partName: string): ZipEntry | undefined;
  /** Returns true when the package holds `partName`. */
  hasPart(partName: string): boolean;
  /** Resolves to the inflated bytes of `partName` (see `readZipEntry` for its errors); rejects with a `RangeError` for a missing part. */
  readPart(partName: string): Promise<Uint8Array>;
  /** Resolves to `partName` parsed as XML; rejects with `DOCX_MALFORMED_XML` when it is not well-formed. */
  readXmlPart(partName: string): Promise<XmlPart>;
  /** Resolves to the relationships of `source` (`'/'` for the package); empty when it has no relationships part. */
  readRelationships(source: string): Promise<readonly Relationship[]>;
  /** Resolves to the content types, or undefined when `[Content_Types].xml` is missing. */
  readContentTypes(): Promise<ContentTypes | undefined>;
  /**
   * Drops the parsed XML parts kept so far (relationships and content types stay), for a package
   * held long after it was read: a parsed main part takes about eight times its text in memory.
   * A later `readXmlPart` inflates and parses the part again.
   */
  releaseParsedParts(): void;
}

/**
 * Opens an OPC package (a DOCX) from its bytes, reading only the zip directory. Throws the zip
 * errors of `readZipDirectory`, and `DOCX_CORRUPT` when two entries have equivalent names
 * (ECMA-376 Part 2 §6.2.2.3 forbids it and readers would disagree on which one counts).
 */
export function openPackage(bytes: Uint8Array, options: OpenPackageOptions = {}): OpcPackage {
  const directory = readZipDirectory(bytes, options);
  const entries = new Map<string, ZipEntry>();
  for (const entry of directory.entries) {
    const partName = partNameFromEntryName(entry.name);
    if (partName === undefined) continue;
    const key = partNameKey(partName);
    if (entries.has(key)) {
      throw new DocumentError('DOCX_CORRUPT', `The package has two entries named ${partName}.`, {
        details: { partName },
      });
    }
    entries.set(key, entry);
  }
  const warnings: string[] = [];
  // Promises are cached, so concurrent reads of one part inflate and parse it once.
  const xmlParts = new Map<string, Promise<XmlPart>>();
  const relationships = new Map<string, Promise<readonly Relationship[]>>();
  let contentTypes: Promise<ContentTypes | undefined> | undefined;

  const entryOf = (partName: string): ZipEntry | undefined => entries.get(partNameKey(partName));
  const readPart = async (partName: string): Promise<Uint8Array> => {
    const entry = entryOf(partName);
    if (!entry) throw new RangeError(`The package has no part ${partName}.`);
    return readZipEntry(bytes, entry, options);
  };
  const readXmlPart = (partName: string): Promise<XmlPart> => {
    const key = partNameKey(partName);
    let part = xmlParts.get(key);
    if (!part) {
      part = readPart(partName).then((data) => parseXmlPart(data, partName));
      xmlParts.set(key, part);
    }
    return part;
  };

  return {
    bytes,
    directory,
    warnings,
    entryOf,
    hasPart: (partName) => entryOf(partName) !== undefined,
    readPart,
    readXmlPart,
    readRelationships(source) {
      const key = partNameKey(source);
      let list = relationships.get(key);
      if (!list) {
        const relsName = relationshipsPartNameFor(source);
        list = entryOf(relsName)
          ? readXmlPart(relsName).then((part) => parseRelationships(part, source, warnings))
          : Promise.resolve([]);
        relationships.set(key, list);
      }
      return list;
    },
    readContentTypes() {
      contentTypes ??= entryOf(CONTENT_TYPES_PART_NAME)
        ? readXmlPart(CONTENT_TYPES_PART_NAME).then(parseContentTypes)
        : Promise.resolve(undefined);
      return contentTypes;
    },
    releaseParsedParts() {
      xmlParts.clear();
    },
  };
}
