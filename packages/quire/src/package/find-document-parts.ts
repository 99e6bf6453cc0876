import { DocumentError } from '../document-error.js';
import { CONTENT_TYPES_PART_NAME, contentTypeOf } from './content-types.js';
import type { OpcPackage } from './open-package.js';
import { PACKAGE_SOURCE } from './part-names.js';
import { RELATIONSHIP_TYPES } from './relationship-types.js';
import type { Relationship } from './relationships.js';

/** A part reached through a relationship; `exists` is false when the target is missing from the zip. */
export interface LinkedPart {
  partName: string;
  exists: boolean;
}

/** The parts that hold a Word document's identity, found through relationships. */
export interface DocumentParts {
  /** The main document part (`word/document.xml` by usual name). */
  main: string;
  /** True when the package uses strict relationship types (ISO/IEC 29500 Strict). */
  strict: boolean;
  /** Core properties (`docProps/core.xml`), from the package relationships. */
  core?: LinkedPart;
  /** Custom properties (`docProps/custom.xml`), from the package relationships. */
  custom?: LinkedPart;
  /** Document settings (`word/settings.xml`), from the main part's relationships. */
  settings?: LinkedPart;
}

/**
 * Finds the main document part and the core, custom and settings parts through the package and
 * main part relationships, never by assumed paths. Rejects with `DOCX_NO_MAIN_PART` when the
 * package has no `[Content_Types].xml`, no officeDocument relationship, or its target is missing
 * or is a spreadsheet or presentation.
 */
export async function findDocumentParts(pkg: OpcPackage): Promise<DocumentParts> {
  if (!pkg.hasPart(CONTENT_TYPES_PART_NAME)) {
    throw noMainPart('The file is a zip archive but not an Office document: [Content_Types].xml is missing.');
  }
  const [packageRelationships, contentTypes] = await Promise.all([
    pkg.readRelationships(PACKAGE_SOURCE),
    pkg.readContentTypes(),
  ]);
  const mainRelationship = firstOfType(packageRelationships, RELATIONSHIP_TYPES.officeDocument);
  if (!mainRelationship?.partName) {
    throw noMainPart('The file is not a Word document: it has no main document relationship.');
  }
  const main = mainRelationship.partName;
  if (!pkg.hasPart(main)) throw noMainPart(`The file is damaged: its main document part ${main} is missing.`);
  const mainType = contentTypeOf(contentTypes ?? { defaults: new Map(), overrides: new Map() }, main) ?? '';
  if (/spreadsheetml|presentationml/.test(mainType)) {
    throw noMainPart('The file is an Office document but not a Word document (it is a spreadsheet or a presentation).');
  }
  const parts: DocumentParts = {
    main,
    strict: mainRelationship.type === RELATIONSHIP_TYPES.officeDocument[1],
  };
  const core = linkedPart(pkg, firstOfType(packageRelationships, RELATIONSHIP_TYPES.coreProperties));
  const custom = linkedPart(pkg, firstOfType(packageRelationships, RELATIONSHIP_TYPES.customProperties));
  const settings = linkedPart(pkg, firstOfType(await pkg.readRelationships(main), RELATIONSHIP_TYPES.settings));
  if (core) parts.core = core;
  if (custom) parts.custom = custom;
  if (settings) parts.settings = settings;
  return parts;
}

function firstOfType(relationships: readonly Relationship[], types: readonly string[]): Relationship | undefined {
  return relationships.find((relationship) => !relationship.external && relationship.partName && types.includes(relationship.type));
}

function linkedPart(pkg: OpcPackage, relationship: Relationship | undefined): LinkedPart | undefined {
  if (!relationship?.partName) return undefined;
  const exists = pkg.hasPart(relationship.partName);
  const warning = `The ${relationship.type} relationship points to a missing part ${relationship.partName}.`;
  // Identity and reader look for the parts of one shared package: the warning is said once.
  if (!exists && !pkg.warnings.includes(warning)) pkg.warnings.push(warning);
  return { partName: relationship.partName, exists };
}

function noMainPart(message: string): DocumentError {
  return new DocumentError('DOCX_NO_MAIN_PART', message);
}
