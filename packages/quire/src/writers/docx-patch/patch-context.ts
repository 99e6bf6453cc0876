import type { XmlElement } from '@rgrove/parse-xml';
import type { DocxSources, SourceElement, SourceKind } from '../../model/docx-source-map.js';
import type { Relationship } from '../../package/relationships.js';
import { BlockFlattener, type ListPlacement } from './flatten-blocks.js';
import type { NumberingAdditions } from './numbering-additions.js';
import type { OriginalGroup, OriginalIndex } from './original-index.js';
import { childElements, elementLocalName } from './properties-xml.js';

const RELATIONSHIPS_NAMESPACE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A relationship the writer needs and the package does not have yet: added after writing, its Id filled in then. */
export interface PendingRelationship {
  readonly placeholder: string;
  readonly kind: 'hyperlink' | 'image';
  /** The URL of a hyperlink, or the `data:` URI of an image. */
  readonly target: string;
}

/** What writing one edited document into its main part needs; made once per export. */
export class PatchContext {
  readonly flattener: BlockFlattener;
  /** Relationship Ids to add, by placeholder (see `relationshipFor`). */
  readonly pending: PendingRelationship[] = [];
  private readonly byStart = new Map<number, XmlElement>();
  private readonly children = new Map<string, SourceElement[]>();
  private readonly sectPrOfUnit = new Map<string, string>();
  private readonly relationshipPrefix: string | null;
  private drawingIds: number;

  constructor(
    readonly sources: DocxSources,
    root: XmlElement,
    readonly original: OriginalIndex,
    private readonly headingStyles: ReadonlyMap<number, string>,
    readonly numbering: NumberingAdditions,
    private readonly relationships: readonly Relationship[],
  ) {
    this.flattener = new BlockFlattener(original.levelKinds);
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
    this.drawingIds = maxDrawingId;
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
    this.relationshipPrefix = prefixFor(root, RELATIONSHIPS_NAMESPACE);
  }

  /** The main part's text. */
  get text(): string {
    return this.sources.text;
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

  /** The markup of the `w:sectPr` recorded as `id`. */
  sectPrMarkup(id: string): string {
    const element = this.sources.elements.get(id);
    return element ? this.text.slice(element.start, element.end) : '';
  }

  /** The style id of headings of `level` (1 to 6). */
  headingStyleId(level: number): string {
    return this.headingStyles.get(level) ?? `Heading${level}`;
  }

  /** The `w:numId` of a list placement, a new instance's included. */
  numId(list: ListPlacement): string {
    return this.numbering.numIdFor(list.numId, list.kind);
  }

  /** The qualified name of the relationship Id attribute (`r:id`), with its namespace declared where the root does not. */
  relationshipAttribute(local: 'id' | 'embed', value: string): string {
    if (this.relationshipPrefix !== null) return `${this.relationshipPrefix}:${local}="${value}"`;
    return `xmlns:r="${RELATIONSHIPS_NAMESPACE}" r:${local}="${value}"`;
  }

  /**
   * The Id of the relationship to a hyperlink URL or an image (a part name, or a `data:` URI of a
   * new image): an existing one where the package has it, otherwise a placeholder that the export
   * replaces with the Id of a relationship it adds.
   */
  relationshipFor(kind: 'hyperlink' | 'image', target: string): string | undefined {
    const existing = this.relationships.find((r) =>
      kind === 'hyperlink' ? r.external && r.type.endsWith('/hyperlink') && r.target === target : !r.external && r.partName === target,
    );
    if (existing) return existing.id;
    if (kind === 'image' && !target.startsWith('data:')) return undefined;
    const known = this.pending.find((p) => p.kind === kind && p.target === target);
    if (known) return known.placeholder;
    const placeholder = `\u0000rel${this.pending.length}\u0000`;
    this.pending.push({ placeholder, kind, target });
    return placeholder;
  }

  /** A drawing id (`wp:docPr/@id`) no other drawing of the part has. */
  nextDrawingId(): number {
    return ++this.drawingIds;
  }
}

// The prefix the root declares for `uri`, or null (a default namespace does not serve attributes).
function prefixFor(root: XmlElement, uri: string): string | null {
  for (const [name, value] of Object.entries(root.attributes)) {
    if (value === uri && name.startsWith('xmlns:')) return name.slice(6);
  }
  return null;
}
