import type { XmlElement } from '@rgrove/parse-xml';
import { isDocumentError } from '../../document-error.js';
import type { WarningLog } from '../../model/read-result.js';
import { findDocumentParts } from '../../package/find-document-parts.js';
import type { OpcPackage } from '../../package/open-package.js';
import { partNameKey } from '../../package/part-names.js';
import type { Relationship } from '../../package/relationships.js';
import type { XmlPart } from '../../xml/parse-xml-part.js';
import type { NoteKind, Story } from './docx-context.js';
import type { NormalizedReadDocxOptions } from './normalize-read-docx-options.js';
import { loadReviewParts } from './load-review-parts.js';
import type { ReviewParts } from './read-comments.js';

/** The parts of a DOCX the reader uses, read and parsed; optional parts that could not be read are absent. */
export interface LoadedDocx {
  readonly main: Story;
  readonly styles: XmlElement | undefined;
  readonly numbering: XmlElement | undefined;
  readonly theme: XmlElement | undefined;
  readonly settings: XmlElement | undefined;
  /** The font table (`w:fonts`), which says of what class each font is. */
  readonly fontTable: XmlElement | undefined;
  readonly core: XmlElement | undefined;
  /** Header and footer stories by the main part's relationship id. */
  readonly headersAndFooters: ReadonlyMap<string, Story>;
  readonly notes: Partial<Record<NoteKind, Story>>;
  /** The comments and reviewers (`comments.xml`, `commentsExtended.xml`, `commentsIds.xml`, `people.xml`). */
  readonly review: ReviewParts;
  /** Image bytes by part-name key. */
  readonly images: ReadonlyMap<string, Uint8Array>;
  /** Whether the package holds a part (pictures named by part in `reference` mode must exist). */
  readonly hasPart: (partName: string) => boolean;
}

const RELATIONSHIP_PREFIXES = [
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/',
  'http://purl.oclc.org/ooxml/officeDocument/relationships/',
];

/** Returns the kind of a relationship type (`styles`, `image`, `header`...), Transitional or Strict alike. */
export function relationshipKind(type: string): string | undefined {
  const prefix = RELATIONSHIP_PREFIXES.find((candidate) => type.startsWith(candidate));
  return prefix === undefined ? undefined : type.slice(prefix.length);
}

/**
 * Reads the parts of an opened DOCX the reader needs, found through relationships: the main part,
 * styles, numbering, theme, settings, font table, core properties, headers, footers, notes and the images
 * of every story (within `maxImageBytes`). Rejects with the `DocumentError` of
 * `findDocumentParts` or the main part's XML; an optional part that is missing or unreadable is
 * left out with a `READER_PART_UNREADABLE` warning instead.
 */
export async function loadDocx(
  pkg: OpcPackage,
  options: NormalizedReadDocxOptions,
  log: WarningLog,
  readMain: (partName: string) => Promise<XmlPart> = (partName) => pkg.readXmlPart(partName),
): Promise<LoadedDocx> {
  const parts = await findDocumentParts(pkg);
  const mainPart = await readMain(parts.main);
  const mainRelationships = await pkg.readRelationships(parts.main);
  const related = (kind: string): Relationship[] =>
    mainRelationships.filter((relationship) => !relationship.external && relationship.partName !== undefined && relationshipKind(relationship.type) === kind);
  const first = (kind: string): string | undefined => related(kind)[0]?.partName;
  const optional = (partName: string | undefined, what: string): Promise<Story | undefined> =>
    partName === undefined ? Promise.resolve(undefined) : readOptionalStory(pkg, partName, what, log);

  const [styles, numbering, theme, settings, fontTable, core, footnotes, endnotes, headersAndFooters, review] = await Promise.all([
    optional(first('styles'), 'styles'),
    optional(first('numbering'), 'numbering definitions'),
    optional(first('theme'), 'theme'),
    optional(parts.settings?.partName, 'settings'),
    optional(first('fontTable'), 'font table'),
    optional(parts.core?.partName, 'core properties'),
    optional(first('footnotes'), 'footnotes'),
    optional(first('endnotes'), 'endnotes'),
    readHeadersAndFooters(pkg, [...related('header'), ...related('footer')], log),
    loadReviewParts(pkg, mainRelationships, log),
  ]);
  const main: Story = { partName: parts.main, root: mainPart.root, text: mainPart.text, relationships: indexRelationships(mainRelationships) };
  const stories = [main, ...headersAndFooters.values(), ...(footnotes ? [footnotes] : []), ...(endnotes ? [endnotes] : [])];
  const images = options.images === 'embed' ? await readImages(pkg, stories, options.maxImageBytes, log) : new Map<string, Uint8Array>();
  for (const warning of pkg.warnings) log.warn('READER_PART_UNREADABLE', warning);
  return {
    main,
    styles: styles?.root,
    numbering: numbering?.root,
    theme: theme?.root,
    settings: settings?.root,
    fontTable: fontTable?.root,
    core: core?.root,
    headersAndFooters,
    notes: { ...(footnotes ? { footnote: footnotes } : {}), ...(endnotes ? { endnote: endnotes } : {}) },
    review,
    images,
    hasPart: (partName) => pkg.hasPart(partName),
  };
}

/** Reads a part as a story; undefined, with a warning, when it is missing or unreadable. */
export async function readOptionalStory(pkg: OpcPackage, partName: string, what: string, log: WarningLog): Promise<Story | undefined> {
  if (!pkg.hasPart(partName)) {
    log.warn('READER_PART_UNREADABLE', `The ${what} part ${partName} is missing; the document was read without it.`);
    return undefined;
  }
  try {
    const [part, relationships] = await Promise.all([pkg.readXmlPart(partName), pkg.readRelationships(partName)]);
    return { partName, root: part.root, text: part.text, relationships: indexRelationships(relationships) };
  } catch (error) {
    if (!isDocumentError(error)) throw error;
    log.warn('READER_PART_UNREADABLE', `The ${what} part ${partName} could not be read (${error.message}); the document was read without it.`);
    return undefined;
  }
}

async function readHeadersAndFooters(pkg: OpcPackage, relationships: readonly Relationship[], log: WarningLog): Promise<Map<string, Story>> {
  const stories = new Map<string, Story>();
  const read = await Promise.all(relationships.map((relationship) => readOptionalStory(pkg, relationship.partName!, 'header or footer', log)));
  relationships.forEach((relationship, index) => {
    const story = read[index];
    if (story) stories.set(relationship.id, story);
  });
  return stories;
}

// Images are read one after the other so that the budget is checked before each is inflated.
async function readImages(pkg: OpcPackage, stories: readonly Story[], maxBytes: number, log: WarningLog): Promise<Map<string, Uint8Array>> {
  const images = new Map<string, Uint8Array>();
  const wanted = new Map<string, string>();
  for (const story of stories) {
    for (const relationship of story.relationships.values()) {
      if (relationship.external || relationship.partName === undefined || relationshipKind(relationship.type) !== 'image') continue;
      wanted.set(partNameKey(relationship.partName), relationship.partName);
    }
  }
  let total = 0;
  for (const [key, partName] of wanted) {
    const entry = pkg.entryOf(partName);
    if (!entry) continue;
    if (total + entry.uncompressedSize > maxBytes) {
      log.warn('READER_PART_UNREADABLE', `The document's images exceed ${maxBytes} bytes; the rest are shown as placeholders.`);
      continue;
    }
    try {
      const bytes = await pkg.readPart(partName);
      total += bytes.length;
      images.set(key, bytes);
    } catch (error) {
      if (!isDocumentError(error)) throw error;
      log.warn('READER_PART_UNREADABLE', `The image ${partName} could not be read (${error.message}).`);
    }
  }
  return images;
}

function indexRelationships(relationships: readonly Relationship[]): Map<string, Relationship> {
  const byId = new Map<string, Relationship>();
  for (const relationship of relationships) if (!byId.has(relationship.id)) byId.set(relationship.id, relationship);
  return byId;
}
