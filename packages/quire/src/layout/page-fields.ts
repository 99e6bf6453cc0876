import type { Node } from 'prosemirror-model';
import { formatListNumber, type ListNumberFormat } from '../model/index.js';
import { isEndnote } from './layout-context.js';
import type { LaidOutPage } from './paginate.js';

/**
 * The values of page fields (PAGE, NUMPAGES, SECTIONPAGES, PAGEREF; ECMA-376 Part 1, 17.16.5) on
 * a document's laid-out pages. Pages are numbered on from the previous page, except where a
 * section restarts the numbering, in the format of their section (`w:pgNumType`, 17.6.12); page
 * counts are decimal. A field's `\*` switch (its `format`) overrides either.
 */
export class PageFieldValues {
  private readonly numbers: number[] = [];
  private readonly sectionCounts = new Map<number, number>();

  constructor(
    private readonly pages: readonly LaidOutPage[],
    private readonly sections: readonly Node[],
    /** The index of the page each bookmark's paragraph starts on. */
    private readonly bookmarkPages: ReadonlyMap<string, number>,
  ) {
    let previous = 0;
    for (const page of pages) {
      const start = page.firstOfSection ? sections[page.section]?.attrs['pageNumberStart'] : null;
      previous = typeof start === 'number' && Number.isFinite(start) ? start : previous + 1;
      this.numbers.push(previous);
      this.sectionCounts.set(page.section, (this.sectionCounts.get(page.section) ?? 0) + 1);
    }
  }

  /**
   * Returns the text of `field` shown on the page with index `pageIndex` (null: a page not known,
   * as for an endnote), or undefined where it cannot be computed (a PAGE field on a page not
   * known, a PAGEREF to a bookmark the document does not have): the producer's result stands there.
   */
  text(field: Node, pageIndex: number | null): string | undefined {
    const format = (field.attrs['format'] as ListNumberFormat | null) ?? null;
    switch (field.attrs['name']) {
      case 'PAGE':
        return pageIndex === null ? undefined : this.pageNumber(pageIndex, format);
      case 'NUMPAGES':
        return formatListNumber(this.pages.length, format ?? 'decimal');
      case 'SECTIONPAGES': {
        const section = pageIndex === null ? undefined : this.pages[pageIndex]?.section;
        return section === undefined ? undefined : formatListNumber(this.sectionCounts.get(section) ?? 0, format ?? 'decimal');
      }
      case 'PAGEREF': {
        const target = this.bookmarkPages.get(String(field.attrs['bookmark']));
        return target === undefined ? undefined : this.pageNumber(target, format);
      }
      default:
        return undefined;
    }
  }

  private pageNumber(pageIndex: number, format: ListNumberFormat | null): string | undefined {
    const page = this.pages[pageIndex];
    const number = this.numbers[pageIndex];
    if (!page || number === undefined) return undefined;
    const sectionFormat = this.sections[page.section]?.attrs['pageNumberFormat'];
    return formatListNumber(number, format ?? (typeof sectionFormat === 'string' ? (sectionFormat as ListNumberFormat) : 'decimal'));
  }
}

/** The page fields of a document (headers and footers aside) and its bookmarks, with the pages they are on. */
export interface FieldPlaces {
  /** Each page field of the body text and notes with the index of the page it is on, null where that is not known. */
  readonly fields: readonly (readonly [Node, number | null])[];
  /** The index of the page each bookmark's paragraph starts on. */
  readonly bookmarks: ReadonlyMap<string, number>;
}

/**
 * Finds the page of every page field and bookmark of the body text: the last page whose text
 * starts before it in the document (`LaidOutPage.start`). A footnote's fields are on the page of
 * its first reference; an endnote's (set after the text) on a page not known. Fields of headers
 * and footers are left out: they are computed for each page they are painted on.
 */
export function placeFields(doc: Node, pages: readonly LaidOutPage[]): FieldPlaces {
  const startNodes = new Set(pages.map((page) => page.start?.node));
  const nodePositions = new Map<Node, number>();
  const fields: (readonly [Node, number])[] = [];
  const anchors: (readonly [string, number])[] = [];
  const noteReferences = new Map<string, number>();
  const notes: Node[] = [];
  doc.forEach((section, offset) => {
    if (section.type.name !== 'section') {
      notes.push(section);
      return;
    }
    section.descendants((node, position) => {
      const at = offset + 1 + position;
      if (node.type.name === 'header_footer') return false;
      if (startNodes.has(node)) nodePositions.set(node, at);
      if (node.type.name === 'field') fields.push([node, at]);
      const id = node.type.name === 'footnote_reference' ? String(node.attrs['id']) : undefined;
      if (id !== undefined && !noteReferences.has(id)) noteReferences.set(id, at);
      const names = node.attrs['anchors'];
      if (node.isTextblock && Array.isArray(names)) for (const name of names) if (typeof name === 'string') anchors.push([name, at + 1]);
      return true;
    });
  });
  const starts: (readonly [number, number])[] = [];
  pages.forEach((page, index) => {
    const start = page.start;
    const at = start ? nodePositions.get(start.node) : undefined;
    // A textblock's content starts one after the node; another block (a table row) at the node.
    if (start && at !== undefined) starts.push([start.node.isTextblock ? at + 1 + start.offset : at, index]);
  });
  // Page starts come in document order: the last one at or before a position, by bisection.
  const pageAt = (position: number): number => {
    let low = 0;
    let high = starts.length - 1;
    let found = starts[0]?.[1] ?? 0;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const [start, index] = starts[middle]!;
      if (start <= position) {
        found = index;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  };
  const bookmarks = new Map<string, number>();
  for (const [name, position] of anchors) if (!bookmarks.has(name)) bookmarks.set(name, pageAt(position));
  const placed: (readonly [Node, number | null])[] = fields.map(([field, position]) => [field, pageAt(position)] as const);
  for (const note of notes) {
    const id = String(note.attrs['id']);
    const reference = isEndnote(id) ? undefined : noteReferences.get(id);
    const page = reference === undefined ? null : pageAt(reference);
    note.descendants((node) => void (node.type.name === 'field' && placed.push([node, page])));
  }
  return { fields: placed, bookmarks };
}
