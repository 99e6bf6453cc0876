import type { XmlElement } from '@rgrove/parse-xml';
import type { Node } from 'prosemirror-model';
import type { DocxSources, SourceElement, SourceKind } from '../../model/docx-source-map.js';
import { readSectionPage } from '../../model/section-page.js';
import { DEFAULT_MARGINS, type PaperSize } from '../../model/section-types.js';
import type { Relationship } from '../../package/relationships.js';
import { BlockFlattener, type ListPlacement } from './flatten-blocks.js';
import { HeadingNumbering } from './heading-numbering.js';
import type { NumberingAdditions } from './numbering-additions.js';
import type { OriginalGroup, OriginalIndex } from './original-index.js';
import { PartLinks, relationshipPrefix } from './part-links.js';
import { attributeNamed, childElements, childNamed, elementLocalName } from '../../xml/elements.js';
import { sectionPropertiesXml, textWidth } from './section-properties.js';
import { AnnotationIds } from './annotation-ids.js';
import { NO_COMMENT_SPANS, type CommentSpans } from './new-comment-markers.js';
import type { AddedHeaderFooter } from './header-footer-parts.js';

/** What the package's styles part says of the styles the writer uses. */
export interface PackageStyles {
  /** The style id of headings of each level (1 to 6). */
  readonly headings: ReadonlyMap<number, string>;
  /** The ids of the styles the part defines. */
  readonly defined: ReadonlySet<string>;
  /** The heading styles that number their paragraphs themselves (`w:numPr` in the style). */
  readonly numbered: ReadonlySet<string>;
}

/** What a {@link PatchContext} is made of: the part as read (the main part, a header, a footer) and what the package says around it. */
export interface PatchContextParts {
  readonly sources: DocxSources;
  /** The part's root element. */
  readonly root: XmlElement;
  readonly original: OriginalIndex;
  readonly styles: PackageStyles;
  readonly numbering: NumberingAdditions;
  /** The part's relationships. */
  readonly relationships: readonly Relationship[];
  /** Paper of sections written anew that give no page size. */
  readonly paperSize: PaperSize;
  /** The body's own `w:sectPr`, whose page sets the text column. */
  readonly bodySectPr: XmlElement | undefined;
  readonly noteIds: ReadonlySet<string>;
}

/** What writing one edited document into its main part needs; made once per export, and once more for each edited header or footer (see `forPart`). */
export class PatchContext {
  readonly flattener: BlockFlattener;
  readonly headingNumbers: HeadingNumbering;
  /** The relationships of the part being written (the main part, a note's or a header's while those are written). */
  links: PartLinks;
  /** The width of the text column being written into (a section's, a cell's), in twips. */
  contentWidth: number;
  /** The ids of the writer's own styles that what it wrote refers to (see `useStyle`). */
  readonly usedStyles = new Set<string>();
  /** Whether a note's content is being written (its paragraphs take Footnote Text). */
  inNote = false;
  /** The numeric ids of the notes the writer adds, by the model's note id. */
  readonly newNoteIds = new Map<string, string>();
  /** The headers and footers sections read from a `w:sectPr` gain, by that element's source id (see `addedHeadersAndFooters`). */
  addedParts: ReadonlyMap<string, readonly AddedHeaderFooter[]> = new Map();
  /** The paragraphs holding each comment's ends, where paragraphs written anew put its range markers (see `findCommentSpans`). */
  commentSpans: CommentSpans = NO_COMMENT_SPANS;
  private readonly parts: PatchContextParts;
  /** The relationships of the part the context was made for, as against those of a part written through it (a new note's). */
  private readonly ownLinks: PartLinks;
  private readonly byStart = new Map<number, XmlElement>();
  private readonly declaredPrefixes: ReadonlySet<string>;
  private readonly children = new Map<string, SourceElement[]>();
  private readonly sectPrOfUnit = new Map<string, string>();
  /** The last drawing id given, shared with the contexts made by `forPart`: Word wants them unique in the document. */
  private readonly drawingIds: { last: number };
  /** The ids of tracked changes and comment ranges, shared with the contexts made by `forPart`. */
  private readonly annotations: AnnotationIds;

  readonly sources: DocxSources;
  readonly original: OriginalIndex;
  readonly numbering: NumberingAdditions;
  readonly paperSize: PaperSize;
  /** The ids of the notes the package's notes parts hold (`endnote-<id>` for endnotes). */
  readonly noteIds: ReadonlySet<string>;
  private readonly styles: PackageStyles;

  /** @param drawingIds the last drawing id given, when another context of the same export gives them too */
  constructor(parts: PatchContextParts, drawingIds = { last: 0 }, annotations = new AnnotationIds()) {
    const { sources, root, original, relationships, bodySectPr } = parts;
    this.parts = parts;
    this.sources = sources;
    this.original = original;
    this.numbering = parts.numbering;
    this.paperSize = parts.paperSize;
    this.noteIds = parts.noteIds;
    this.styles = parts.styles;
    this.flattener = new BlockFlattener(original.levelKinds);
    this.declaredPrefixes = new Set(Object.keys(root.attributes).filter((name) => name.startsWith('xmlns:')).map((name) => name.slice(6)));
    this.headingNumbers = new HeadingNumbering(parts.numbering);
    this.ownLinks = this.links = new PartLinks(relationships, sources.partName, relationshipPrefix(root));
    this.contentWidth = bodyTextWidth(bodySectPr, parts.paperSize);
    const starts = new Set<number>();
    for (const element of sources.elements.values()) {
      starts.add(element.start);
      for (const piece of element.pieces ?? []) starts.add(piece.start);
    }
    let maxDrawingId = 0;
    const stack: XmlElement[] = [root];
    while (stack.length > 0) {
      const element = stack.pop()!;
      if (starts.has(element.start)) this.byStart.set(element.start, element);
      if (elementLocalName(element) === 'docPr') maxDrawingId = Math.max(maxDrawingId, Number(element.attributes['id']) || 0);
      for (const child of childElements(element)) stack.push(child);
    }
    drawingIds.last = Math.max(drawingIds.last, maxDrawingId);
    this.drawingIds = drawingIds;
    this.annotations = annotations;
    const paragraphs: SourceElement[] = [];
    for (const element of sources.elements.values()) {
      if (element.kind === 'sectPr') continue;
      const key = element.parent ?? '';
      let list = this.children.get(key);
      if (!list) this.children.set(key, (list = []));
      list.push(element);
      if (element.kind === 'p') paragraphs.push(element);
    }
    for (const list of this.children.values()) list.sort((a, b) => a.start - b.start);
    for (const element of sources.elements.values()) {
      if (element.kind !== 'sectPr') continue;
      const holder = paragraphs.find((p) => p.start < element.start && element.end <= p.end);
      if (holder) this.sectPrOfUnit.set(holder.id, element.id);
    }
  }

  /** The text of the part the context was made for. */
  get text(): string {
    return this.sources.text;
  }

  /**
   * A context for writing another part read with sources of its own (a header or footer) into
   * its text: the package's styles, numbering, notes, paper and drawing ids are this one's.
   */
  forPart(part: Pick<PatchContextParts, 'sources' | 'root' | 'original' | 'relationships'>): PatchContext {
    return new PatchContext({ ...this.parts, ...part }, this.drawingIds, this.annotations);
  }

  /**
   * Whether kept markup (an opaque element's OOXML, read from another part or package) can stand
   * in the part being written: every prefix it uses is declared by that part's root (when it is
   * the part the context was made for) or by the markup itself. Markup that fails is written as its text, since an undeclared prefix would make
   * the part unreadable.
   */
  canHold(markup: string): boolean {
    const own = new Set([...markup.matchAll(/\sxmlns:([\w.-]+)=/g)].map((match) => match[1]!));
    for (const match of markup.matchAll(/<\/?([\w.-]+):|\s([\w.-]+):[\w.-]+=/g)) {
      const prefix = match[1] ?? match[2]!;
      if (prefix !== 'xml' && prefix !== 'xmlns' && !own.has(prefix) && !(this.links === this.ownLinks && this.declaredPrefixes.has(prefix))) return false;
    }
    // Relationship Ids (a picture's `r:embed`) must be the part's own, else the markup came from another package.
    const prefix = this.links.prefix;
    if (prefix === null) return true;
    return [...markup.matchAll(new RegExp(`\\s${prefix.replace(/[.]/g, '\\.')}:[\\w.-]+="([^"]*)"`, 'g'))].every((match) => this.links.hasId(match[1]!));
  }

  /** The parsed element a recorded element was read from. */
  element(unit: SourceElement): XmlElement | undefined {
    return this.byStart.get(unit.start);
  }

  /** The recorded elements of `kinds` whose content is that of `parent` (null: the body), in order. */
  units(parent: string | null, kinds: readonly SourceKind[]): SourceElement[] {
    return (this.children.get(parent ?? '') ?? []).filter((unit) => kinds.includes(unit.kind));
  }

  /** The nodes the reader made of element `id`. */
  originalGroup(id: string): OriginalGroup | undefined {
    return this.original.groups.get(id);
  }

  /** The id of the section whose `w:sectPr` paragraph `unit` holds, if it holds one. */
  sectPrOf(unit: SourceElement): string | undefined {
    return this.sectPrOfUnit.get(unit.id);
  }

  /**
   * The markup of the `w:sectPr` of section `id`: as recorded, or for a section read from no
   * element (`new-section:<n>`), written from the section node, its headers and footers added.
   */
  sectPrMarkup(id: string): string {
    const section = this.flattener.newSection(id);
    if (section) return this.newSectPr(section);
    const element = this.sources.elements.get(id);
    if (!element) return '';
    const markup = this.text.slice(element.start, element.end);
    const added = this.addedParts.get(id);
    return added ? withReferences(markup, this.referencesTo(added)) : markup;
  }

  /** Whether the `w:sectPr` of section `id` is written with references it did not have (see `addedParts`). */
  sectPrGainsParts(id: string | null | undefined): boolean {
    return id !== null && id !== undefined && this.addedParts.has(id);
  }

  /** The `w:sectPr` of a section node written anew; its headers and footers become parts of their own (see `PartLinks.partFor`). */
  newSectPr(section: Node): string {
    const parts: AddedHeaderFooter[] = [];
    section.forEach((child) => {
      if (child.type.name === 'header_footer') parts.push({ kind: child.attrs['kind'] === 'footer' ? 'footer' : 'header', node: child });
    });
    return sectionPropertiesXml(readSectionPage(section, this.paperSize), section, this.referencesTo(parts));
  }

  // The `w:headerReference` and `w:footerReference` of new parts holding `parts` (see `PartLinks.partFor`).
  private referencesTo(parts: readonly AddedHeaderFooter[]): string {
    return parts
      .map(({ kind, node }) => `<w:${kind}Reference w:type="${String(node.attrs['variant'])}" ${this.relationshipAttribute('id', this.links.partFor(kind, node))}/>`)
      .join('');
  }

  /** The width of the text column of a section written anew. */
  sectionTextWidth(section: Node): number {
    return textWidth(readSectionPage(section, this.paperSize));
  }

  /** The style id of headings of `level` (1 to 6). */
  headingStyleId(level: number): string {
    return this.styles.headings.get(level) ?? this.useStyle(`Heading${level}`);
  }

  /** Whether the paragraph style `id` numbers its paragraphs itself. */
  /** Whether the package's styles part defines style `id` (a style the writer refers to only where the file has it). */
  definesStyle(id: string): boolean {
    return this.styles.defined.has(id);
  }

  styleNumbers(id: string): boolean {
    return this.styles.numbered.has(id);
  }

  /** Returns `id`, a style of the writer's own, noting it so that a styles part that lacks it gets it. */
  useStyle(id: string): string {
    if (!this.styles.defined.has(id)) this.usedStyles.add(id);
    return id;
  }

  /** The `w:numId` of a list placement, a new instance's included. */
  numId(list: ListPlacement): string {
    return this.numbering.numIdFor(list);
  }

  /** The `w:id` of the note with model id `id` (`endnote-<n>` for endnotes): its own where the package has it, else a new footnote's. */
  noteReference(id: string): { kind: 'footnote' | 'endnote'; id: string } | undefined {
    if (this.noteIds.has(id)) return id.startsWith('endnote-') ? { kind: 'endnote', id: id.slice(8) } : { kind: 'footnote', id };
    const added = this.newNoteIds.get(id);
    return added === undefined ? undefined : { kind: 'footnote', id: added };
  }

  /** The qualified name and value of a relationship Id attribute of the part being written (`r:id="…"`). */
  relationshipAttribute(local: 'id' | 'embed', value: string): string {
    return this.links.attribute(local, value);
  }

  /** The Id of the relationship of the part being written to a hyperlink URL or an image (see `PartLinks.relationshipFor`). */
  relationshipFor(kind: 'hyperlink' | 'image', target: string): string | undefined {
    return this.links.relationshipFor(kind, target);
  }

  /** A drawing id (`wp:docPr/@id`) no other drawing of the part has. */
  nextDrawingId(): number {
    return ++this.drawingIds.last;
  }

  /** The `w:id` to write for a tracked change or comment range read as `id` (see `AnnotationIds`); a fresh one for `''`. */
  annotationId(id: string): string {
    this.annotations.scan(this.sources.partName, this.text);
    return this.annotations.claim(id);
  }
}

// The text width of the body's last section as written, else of a page of `paper`.
function bodyTextWidth(sectPr: XmlElement | undefined, paper: PaperSize): number {
  const twips = (element: XmlElement | undefined, name: string): number | undefined => {
    const value = attributeNamed(element, name);
    return value !== undefined && /^-?\d+$/.test(value) ? Number(value) : undefined;
  };
  const size = childNamed(sectPr, 'pgSz');
  const margins = childNamed(sectPr, 'pgMar');
  const width = twips(size, 'w');
  if (width === undefined) return textWidth(readSectionPage(null, paper));
  return Math.max(720, width - (twips(margins, 'left') ?? DEFAULT_MARGINS.left) - (twips(margins, 'right') ?? DEFAULT_MARGINS.right) - (twips(margins, 'gutter') ?? DEFAULT_MARGINS.gutter));
}

// `sectPr` (the markup of a `w:sectPr`) with `references` first among its children, where
// CT_SectPr puts them (ECMA-376 Part 1, 17.6.17).
function withReferences(sectPr: string, references: string): string {
  const tagEnd = sectPr.indexOf('>');
  if (sectPr[tagEnd - 1] === '/') return `${sectPr.slice(0, tagEnd - 1).trimEnd()}>${references}</${sectPr.slice(1, sectPr.search(/[\s/>]/u))}>`;
  return sectPr.slice(0, tagEnd + 1) + references + sectPr.slice(tagEnd + 1);
}
