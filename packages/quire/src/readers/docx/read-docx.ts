import type { XmlElement } from '@rgrove/parse-xml';
import { createWarningLog, type ReadResult } from '../../model/read-result.js';
import { schema } from '../../model/schema.js';
import type { DocxContext } from './docx-context.js';
import { readDocumentDefaults } from './document-defaults.js';
import { ListCounters } from './list-counters.js';
import { openPackage, type OpcPackage } from '../../package/open-package.js';
import { loadDocx } from './load-docx.js';
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

async function readNormalized(pkg: OpcPackage, normalized: NormalizedReadDocxOptions): Promise<DocxReadResult> {
  const log = createWarningLog();
  const loaded = await loadDocx(pkg, normalized, log);
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
  const doc = schema.nodes['doc']!.create({ title: readTitle(loaded.core, names), evenAndOddHeaders, defaults: readDocumentDefaults(styles, context.headingLooks, context.styleLooks, readFontClasses(loaded.fontTable, names), context.noteLooks) }, [...sections, ...notes]);
  doc.check();
  const sources = context.recorder?.finish(loaded.main.partName, loaded.main.text, names.child(loaded.main.root, 'w:body')) ?? null;
  return { value: doc, messages: log.messages, sources, paragraphStyles: readParagraphStyles(styles), review: readReview(loaded.review, names) };
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
