import type { XmlElement } from '@rgrove/parse-xml';
import { createWarningLog, type ReadResult } from '../../model/read-result.js';
import { schema } from '../../model/schema.js';
import type { DocxContext } from './docx-context.js';
import { readDocumentDefaults } from './document-defaults.js';
import { ListCounters } from './list-counters.js';
import { openPackage, type OpcPackage } from '../../package/open-package.js';
import { loadDocx } from './load-docx.js';
import { mainPartStart } from './main-part-start.js';
import { findDocumentParts } from '../../package/find-document-parts.js';
import { parseXmlText, type XmlPart } from '../../xml/parse-xml-part.js';
import { decodeXmlText, type XmlText } from '../../xml/xml-text-encoding.js';
import { normalizeReadDocxOptions, type NormalizedReadDocxOptions, type ReadDocxOptions } from './normalize-read-docx-options.js';
import { directText, OoxmlNames } from './ooxml-names.js';
import { parseOnOff } from './ooxml-values.js';
import { readBody } from './read-body.js';
import { readReview } from './read-comments.js';
import { readNotes } from './read-notes.js';
import { readParagraphStyles, type ParagraphStyleInfo } from './read-paragraph-styles.js';
import { NumberingDefinitions } from './read-numbering.js';
import { EMPTY_STYLESHEET, readStyles } from './read-styles.js';
import { EMPTY_THEME_FONTS, readThemeFonts } from './read-theme.js';
import { RunMarks } from './run-marks.js';
import type { DocxSources } from '../../model/docx-source-map.js';
import type { DocumentReview } from '../../model/review/document-review.js';
import { SourceRecorder } from './source-elements.js';
import { StyleResolver } from './style-resolver.js';
import { readFontClasses } from './read-font-table.js';

/** What `readDocx` returns: the document, its warnings and, with `keepSources`, where its nodes came from. */
export interface DocxReadResult extends ReadResult {
  readonly sources: DocxSources | null;
  /** The document's paragraph styles, for an editor's style menu (see `readParagraphStyles`). */
  readonly paragraphStyles: readonly ParagraphStyleInfo[];
  /** The document's comments and reviewers as plain data; the ranges and changes are marks in the text. */
  readonly review: DocumentReview;
}

/**
 * Reads a DOCX into the model the way Word shows it: styles resolved (document defaults, `basedOn`
 * chains, table, paragraph and character styles, direct formatting, toggle properties, theme
 * fonts), numbering turned into nested lists, sections with their page geometry, headers and
 * footers, footnotes and endnotes, tables with merged cells, pictures (EMF and WMF as placeholders
 * of their size), hyperlinks with safe schemes, fields as their cached results, tracked
 * insertions and deletions as `insertion` and `deletion` marks (the document says its text as if
 * accepted: layout and text extraction leave deletions out), comment ranges as `comment` marks
 * and the comments themselves in `review`. Nothing is ever fetched. What the model cannot hold is kept as opaque
 * nodes or dropped, and reported in `messages`.
 *
 * Rejects with a `DocumentError` when the bytes are not a readable Word package (not a zip,
 * truncated, a zip bomb, no main document part, a malformed main part); any other oddity is a
 * warning. Throws a `TypeError` for invalid arguments.
 */
export async function readDocx(bytes: Uint8Array, options: ReadDocxOptions = {}): Promise<DocxReadResult> {
  if (!(bytes instanceof Uint8Array)) throw new TypeError('readDocx: `bytes` must be a Uint8Array.');
  const normalized = normalizeReadDocxOptions(options);
  return readNormalized(openPackage(bytes, normalized.package), normalized);
}

/**
 * Reads an opened DOCX as {@link readDocx} does, through the package's cache, so that what else
 * shares the package (identity, pictures, a later edit) inflates no part twice; the package's own
 * limits apply, not `options.package`. Rejects and throws as `readDocx` does.
 */
export async function readDocxPackage(pkg: OpcPackage, options: ReadDocxOptions = {}): Promise<DocxReadResult> {
  return readNormalized(pkg, normalizeReadDocxOptions(options));
}

/** How {@link readDocxStartFirst} reads the start of a long document. */
export interface StartFirst {
  /** About how much of the main part's XML the start holds (whole blocks, at least one). */
  readonly maxCharacters: number;
  /** Given the start read; the whole is read once the returned promise settles (a viewer paints the start first). */
  readonly onStart: (start: DocxReadResult) => Promise<void>;
}

/**
 * Reads an opened DOCX as {@link readDocxPackage} does, after reading its start: the body's first
 * blocks, about `maxCharacters` of the main part's XML, in the section they start (see
 * `mainPartStart`), with every other part read in full, for a viewer to show the first pages of a
 * long document while the whole is read. The main part is inflated and decoded once for both.
 * `onStart` is not called when the body is shorter or its start cannot be cut out or read (the
 * whole read then reports what is wrong). Rejects as `readDocxPackage` does.
 */
export async function readDocxStartFirst(pkg: OpcPackage, startFirst: StartFirst, options: ReadDocxOptions = {}): Promise<DocxReadResult> {
  const normalized = normalizeReadDocxOptions(options);
  const { main } = await findDocumentParts(pkg);
  let decoded: XmlText;
  try {
    decoded = decodeXmlText(await pkg.readPart(main));
  } catch {
    return readNormalized(pkg, normalized);
  }
  const startText = mainPartStart(decoded.text, startFirst.maxCharacters);
  const start = startText === null ? null : await readNormalized(pkg, normalized, () => Promise.resolve(parseXmlText({ ...decoded, text: startText }, main))).catch(() => null);
  if (start) await startFirst.onStart(start);
  return readNormalized(pkg, normalized, () => Promise.resolve(parseXmlText(decoded, main)));
}

async function readNormalized(
  pkg: OpcPackage,
  normalized: NormalizedReadDocxOptions,
  readMain?: (partName: string) => Promise<XmlPart>,
): Promise<DocxReadResult> {
  const log = createWarningLog();
  const loaded = await loadDocx(pkg, normalized, log, readMain);
  const names = new OoxmlNames();
  const styles = new StyleResolver(
    loaded.styles ? readStyles(loaded.styles, names) : EMPTY_STYLESHEET,
    loaded.theme ? readThemeFonts(loaded.theme, names) : EMPTY_THEME_FONTS,
  );
  const context: DocxContext = {
    names,
    log,
    limits: normalized.limits,
    styles,
    numbering: NumberingDefinitions.read(loaded.numbering, names, styles),
    counters: new ListCounters(),
    marks: new RunMarks(),
    images: normalized.images,
    recorder: normalized.keepSources ? new SourceRecorder() : undefined,
    imageBytes: loaded.images,
    hasPart: loaded.hasPart,
    imageSources: new Map(),
    noteReferences: new Map(),
    baselineRuns: new Map(),
    headingLooks: new Map(),
    styleLooks: new Map(),
    noteLooks: new Map(),
    textBudget: normalized.limits.maxLength,
  };
  const evenAndOddHeaders = readEvenAndOddHeaders(loaded.settings, names);
  const sections = readBody(context, loaded.main, { headersAndFooters: loaded.headersAndFooters, evenAndOddHeaders });
  const notes = readNotes(context, loaded.notes);
  const review = readReview(loaded.review, names);
  const doc = schema.nodes['doc']!.create({ title: readTitle(loaded.core, names), evenAndOddHeaders, comments: review.comments, defaults: readDocumentDefaults(styles, context.headingLooks, context.styleLooks, readFontClasses(loaded.fontTable, names), context.noteLooks) }, [...sections, ...notes]);
  doc.check();
  const sources = context.recorder?.finish(loaded.main.partName, loaded.main.text, names.child(loaded.main.root, 'w:body')) ?? null;
  return { value: doc, messages: log.messages, sources, paragraphStyles: readParagraphStyles(styles), review };
}

function readEvenAndOddHeaders(settings: XmlElement | undefined, names: OoxmlNames): boolean {
  const element = settings && names.child(settings, 'w:evenAndOddHeaders');
  return element ? parseOnOff(names.attr(element, 'w:val')) : false;
}

// The title of the core properties (`dc:title`, ECMA-376 Part 2, 11), trimmed; null when empty.
function readTitle(core: XmlElement | undefined, names: OoxmlNames): string | null {
  const title = core && names.child(core, 'dc:title');
  const text = title ? directText(title).trim() : '';
  return text === '' ? null : text;
}
