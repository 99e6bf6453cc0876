import type { XmlElement } from '@rgrove/parse-xml';
import type { Mark, Node } from 'prosemirror-model';
import type { ParagraphStyleLook, TextblockLook } from '../../model/document-defaults.js';
import type { DocumentBuilder } from '../../model/document-builder.js';
import type { WarningLog } from '../../model/read-result.js';
import type { ReaderLimits } from '../../model/reader-limits.js';
import type { Relationship } from '../../package/relationships.js';
import type { FieldStack } from './field-stack.js';
import type { ListCounters } from './list-counters.js';
import type { OoxmlNames } from './ooxml-names.js';
import type { ParagraphProperties } from './paragraph-properties.js';
import type { NumberingDefinitions } from './read-numbering.js';
import type { RunMarks } from './run-marks.js';
import type { RunProperties } from './run-properties.js';
import type { SourceRecorder, SourceScope } from './source-elements.js';
import type { ReviewScope } from './review-marks.js';
import type { ResolvedRun, StyleResolver } from './style-resolver.js';

/** A part whose content the reader walks: the main document, a header or footer, the footnotes or endnotes. */
export interface Story {
  readonly partName: string;
  readonly root: XmlElement;
  /** The part's text: opaque nodes keep the slice of it that an element spans. */
  readonly text: string;
  /** The part's relationships by id: images and hyperlinks are resolved against them. */
  readonly relationships: ReadonlyMap<string, Relationship>;
}

/** The kinds of note the model keeps as footnotes: endnotes get ids prefixed `endnote-`. */
export type NoteKind = 'footnote' | 'endnote';

/** State shared by every story of one read. */
export interface DocxContext {
  readonly names: OoxmlNames;
  readonly log: WarningLog;
  readonly limits: ReaderLimits;
  readonly styles: StyleResolver;
  readonly numbering: NumberingDefinitions;
  readonly counters: ListCounters;
  readonly marks: RunMarks;
  /** Pictures as `data:` URIs (`embed`) or as the names of their parts (`reference`). */
  readonly images: 'embed' | 'reference';
  /** Where the main story (and, through it, each header and footer) records the elements its nodes come from; absent unless sources are kept. */
  readonly recorder: SourceRecorder | undefined;
  /** Image bytes by part-name key (see `partNameKey`); a part missing here could not be read. */
  readonly imageBytes: ReadonlyMap<string, Uint8Array>;
  /** Whether the package holds a part. */
  readonly hasPart: (partName: string) => boolean;
  /** `data:` URIs already made, by part-name key. */
  readonly imageSources: Map<string, string>;
  /** Notes referenced so far, model id to kind and `w:id`, in order of first reference. */
  readonly noteReferences: Map<string, { readonly kind: NoteKind; readonly id: string }>;
  /** The formatting of text in the usual look of each paragraph style, by style id (see `readParagraph`). */
  readonly baselineRuns: Map<string, ResolvedRun>;
  /** The look of the first heading style met at each level (1 to 6), for the document's defaults. */
  readonly headingLooks: Map<number, TextblockLook>;
  /** The look of each style that paragraphs keep as a `styleId` their formatting is relative to (quote styles), for the document's defaults. */
  readonly styleLooks: Map<string, ParagraphStyleLook>;
  /** The look of the first footnote and endnote text style met, for the document's defaults. */
  readonly noteLooks: Map<NoteKind, TextblockLook>;
  /** Characters of text still allowed by `maxLength`. */
  textBudget: number;
}

/** Table style formatting for the paragraphs of the cell being read. */
export interface CellFormat {
  readonly paragraph: ParagraphProperties;
  readonly run: RunProperties;
}

/** The state of reading one story into one `DocumentBuilder`. */
export interface StoryState {
  readonly context: DocxContext;
  readonly story: Story;
  readonly builder: DocumentBuilder;
  /** Complex fields open at this point; swapped for a fresh stack inside text boxes. */
  fields: FieldStack;
  /** The table formatting of the cell being read, if any. */
  cell: CellFormat | undefined;
  /** Elements being read below the story's root, bounded by `MAX_ELEMENT_DEPTH`. */
  depth: number;
  /** Incremented by everything the story adds to the builder, to tell empty paragraphs. */
  added: number;
  /** Where nodes record their source elements; absent outside the main story or when sources are not kept. */
  sources: SourceScope | undefined;
  /** The tracked changes and comment ranges open at this point of the story. */
  readonly review: ReviewScope;
  /** Namespace URIs the story's root lists in `mc:Ignorable`: unknown elements in them are skipped silently. */
  readonly ignorable: ReadonlySet<string>;
}

/**
 * How deep the reader follows wrappers (content controls, fields, text boxes, nested tables)
 * before dropping their content with a warning: it keeps the reader's own stack shallow whatever
 * the nesting of a hostile file.
 */
export const MAX_ELEMENT_DEPTH = 64;

/**
 * Enters one more level of nested elements; returns false (with one warning) past
 * `MAX_ELEMENT_DEPTH`, in which case the caller skips the element and must not call `leaveElement`.
 */
export function enterElement(state: StoryState): boolean {
  if (state.depth >= MAX_ELEMENT_DEPTH) {
    state.context.log.warn('READER_NESTING_TRUNCATED', `Content nested deeper than ${MAX_ELEMENT_DEPTH} elements was dropped.`);
    return false;
  }
  state.depth++;
  return true;
}

/** Leaves a level entered with `enterElement`. */
export function leaveElement(state: StoryState): void {
  state.depth--;
}

/** Adds text with `marks` where content is shown (not in a field code), within the `maxLength` budget. */
export function addText(state: StoryState, text: string, marks: readonly Mark[]): void {
  const { context } = state;
  if (text === '') return;
  if (!state.fields.visible) {
    state.fields.nestedResult(text);
    return;
  }
  if (context.textBudget <= 0 || state.fields.capture(text, marks)) return;
  let kept = text;
  if (kept.length > context.textBudget) {
    kept = kept.slice(0, context.textBudget);
    context.log.warn('READER_INPUT_TRUNCATED', `The document has more than ${context.limits.maxLength} characters of text; the rest was not read.`);
  }
  context.textBudget -= kept.length;
  state.builder.addText(kept, marks);
  state.added++;
}

/** Adds an inline leaf (break, note reference, opaque node) where content is shown. */
export function addInline(state: StoryState, node: Node): void {
  if (!state.fields.visible) return;
  state.builder.addInline(node);
  state.added++;
}
