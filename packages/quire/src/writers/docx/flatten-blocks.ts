import type { Node } from 'prosemirror-model';
import type { ListNumberFormat } from '../../model/nodes/list-nodes.js';

/** How a list's level draws its markers, for a list that gets a numbering instance of its own. */
export type ListLook =
  | { readonly kind: 'bullet'; readonly marker: string | null }
  | { readonly kind: 'ordered'; readonly format: ListNumberFormat; readonly start: number; readonly prefix: string; readonly suffix: string };

/** Where a list paragraph sits: its numbering instance and level, and whether it starts its item. */
export interface ListPlacement {
  /** The list's `numId`, or a key of the form `new:<n>` for a list that needs a new instance. */
  readonly numId: string;
  readonly level: number;
  readonly kind: 'bullet' | 'ordered';
  /** Whether the paragraph is the first of its list item (the numbered one). */
  readonly first: boolean;
  /** How the level draws its markers, for a new instance (`new:<n>` keys) to be defined by. */
  readonly look: ListLook;
}

/** A block as Word stores it: one paragraph, table or other element, with what surrounds it. */
export interface Leaf {
  readonly node: Node;
  readonly list: ListPlacement | null;
  /** Block quotes around the block. */
  readonly quoteDepth: number;
  /** Block quotes around the block inside its innermost list item (all of them outside lists). */
  readonly innerQuoteDepth: number;
  /**
   * The section the leaf ends, when it is the last block of a section but the last: its
   * `sourceId`, or a `new-section:<n>` key for a section read from no element (see `newSection`).
   */
  readonly endsSection: string | null;
}

interface ListFrame {
  readonly numId: string;
  readonly level: number;
  readonly look: ListLook;
}

// Task items show a box in place of their bullet (☐ ☒, which the DOCX reader knows), through
// two instances every task list shares.
const TASK_INSTANCES = { true: 'new:task-checked', false: 'new:task-unchecked' } as const;
const TASK_GLYPHS = { true: '\u2612', false: '\u2610' } as const;

/**
 * Flattens blocks into the sequence Word stores: lists, quotes and text boxes dissolve into their
 * paragraphs, which remember their placement. A list without a numbering instance continues its
 * enclosing list one level deeper, or gets a new instance of its own (`newInstance` names it).
 */
export class BlockFlattener {
  private readonly kinds = new Map<string, 'bullet' | 'ordered'>();
  private readonly newSections = new Map<string, Node>();
  /** The numbering instances the package has: a list whose `numId` is not among them (read from another package) gets a new one. */
  private readonly knownNumIds = new Set<string>();
  private created = 0;

  /**
   * @param knownKinds how each level of each numbering instance was drawn when the document was
   *   read (by {@link levelKey}): a list drawn the other way (bullets made numbers) needs a new instance.
   */
  constructor(knownKinds: ReadonlyMap<string, 'bullet' | 'ordered'> = new Map()) {
    for (const [key, kind] of knownKinds) {
      this.kinds.set(key, kind);
      this.knownNumIds.add(key.slice(0, key.lastIndexOf('/')));
    }
  }

  /** How each level of each instance met so far is drawn, new ones included, by {@link levelKey}. */
  get levelKinds(): ReadonlyMap<string, 'bullet' | 'ordered'> {
    return this.kinds;
  }

  /** Returns the leaves of a document's body: every section's blocks, headers and footers left out. */
  bodyLeaves(doc: Node): Leaf[] {
    const leaves: Leaf[] = [];
    const sections: Node[] = [];
    doc.forEach((child) => {
      if (child.type.name === 'section') sections.push(child);
    });
    sections.forEach((section, index) => {
      const first = leaves.length;
      section.forEach((block) => {
        if (block.type.name !== 'header_footer') this.flattenBlock(block, leaves, [], { all: 0, inner: 0 });
      });
      let sourceId = section.attrs['sourceId'] as string | null;
      if (sourceId === null) {
        sourceId = `new-section:${this.newSections.size}`;
        this.newSections.set(sourceId, section);
      }
      if (index < sections.length - 1 && leaves.length > first) {
        leaves[leaves.length - 1] = { ...leaves[leaves.length - 1]!, endsSection: sourceId };
      }
    });
    return leaves;
  }

  /** The section node of a `new-section:<n>` key that `bodyLeaves` gave a section read from no element. */
  newSection(key: string): Node | undefined {
    return this.newSections.get(key);
  }

  /** Returns the leaves of a container's block content (a table cell, a note, a header). */
  leaves(container: Node): Leaf[] {
    const leaves: Leaf[] = [];
    container.forEach((block) => this.flattenBlock(block, leaves, [], { all: 0, inner: 0 }));
    return leaves;
  }

  private flattenBlock(block: Node, leaves: Leaf[], lists: readonly ListFrame[], quotes: { all: number; inner: number }, first = false): void {
    const name = block.type.name;
    if (name === 'bullet_list' || name === 'ordered_list') {
      const frame = this.listFrame(block, lists);
      block.forEach((item) => {
        const checked = item.attrs['checked'] as boolean | null;
        // A new list's task items (a list read from a DOCX keeps its own numbering).
        const itemFrame = checked === null || !frame.numId.startsWith('new:') ? frame : this.taskFrame(checked, frame.level);
        const inItem = { all: quotes.all, inner: 0 };
        // The number belongs to the item's first paragraph: an item of a new list that opens with a
        // nested list (Markdown's `- - a`) gets an empty numbered paragraph so that its own number
        // still shows. Other items that open with no paragraph show no number of their own in Word.
        const numbered = opensWithList(item) && itemFrame.numId.startsWith('new:');
        if (numbered) this.flattenBlock(block.type.schema.nodes['paragraph']!.create(), leaves, [...lists, itemFrame], inItem, true);
        let index = 0;
        item.forEach((child) => this.flattenBlock(child, leaves, [...lists, itemFrame], inItem, index++ === 0 && !numbered));
      });
      return;
    }
    if (name === 'blockquote') {
      block.forEach((child) => this.flattenBlock(child, leaves, lists, { all: quotes.all + 1, inner: quotes.inner + 1 }, first));
      return;
    }
    // A text box's paragraphs belong to the paragraph it is anchored in (see `SourceElement.pieces`).
    if (name === 'text_box') {
      block.forEach((child) => this.flattenBlock(child, leaves, lists, quotes, first));
      return;
    }
    const frame = lists[lists.length - 1];
    const list = frame ? { numId: frame.numId, level: frame.level, kind: this.kinds.get(levelKey(frame.numId, frame.level))!, first, look: frame.look } : null;
    leaves.push({ node: block, list, quoteDepth: quotes.all, innerQuoteDepth: quotes.inner, endsSection: null });
  }

  private taskFrame(checked: boolean, level: number): ListFrame {
    const numId = TASK_INSTANCES[`${checked}`];
    this.kinds.set(levelKey(numId, level), 'bullet');
    return { numId, level, look: { kind: 'bullet', marker: TASK_GLYPHS[`${checked}`] } };
  }

  private listFrame(list: Node, outer: readonly ListFrame[]): ListFrame {
    const kind = list.type.name === 'bullet_list' ? 'bullet' : 'ordered';
    const enclosing = outer[outer.length - 1];
    const ownLevel = list.attrs['level'] as number | null;
    // A nested list lies deeper than the list it is in, whatever level it was read at (an item
    // indented with the lists nested in it takes them one level down).
    const deeper = enclosing ? Math.min(enclosing.level + 1, 8) : 0;
    const level = ownLevel === null ? deeper : Math.max(ownLevel, deeper);
    const own = list.attrs['numId'] as string | null;
    let numId = (own !== null && this.knownNumIds.has(own) ? own : null) ?? enclosing?.numId ?? null;
    // Word draws each level of an instance in one way: a level drawn the other way needs another instance.
    if (numId !== null && (this.kinds.get(levelKey(numId, level)) ?? kind) !== kind) numId = null;
    if (numId === null) numId = `new:${++this.created}`;
    if (!this.kinds.has(levelKey(numId, level))) this.kinds.set(levelKey(numId, level), kind);
    return { numId, level, look: listLook(list) };
  }
}

function opensWithList(item: Node): boolean {
  const name = item.firstChild?.type.name;
  return name === 'bullet_list' || name === 'ordered_list';
}

function listLook(list: Node): ListLook {
  const attrs = list.attrs;
  if (list.type.name === 'bullet_list') return { kind: 'bullet', marker: typeof attrs['marker'] === 'string' ? attrs['marker'] : null };
  return {
    kind: 'ordered',
    format: attrs['format'] as ListNumberFormat,
    start: Number(attrs['start']) || 0,
    prefix: typeof attrs['prefix'] === 'string' ? attrs['prefix'] : '',
    suffix: typeof attrs['suffix'] === 'string' ? attrs['suffix'] : '.',
  };
}

/** The key of one level of a numbering instance in {@link BlockFlattener.levelKinds}. */
export function levelKey(numId: string, level: number): string {
  return `${numId}/${level}`;
}

/** A string that is equal for two leaves exactly when Word would store them at the same place. */
export function placementKey(leaf: Leaf): string {
  const list = leaf.list;
  return `${list ? `${list.numId}/${list.level}/${list.first ? 1 : 0}` : '-'}|${leaf.quoteDepth}|${leaf.endsSection ?? ''}`;
}
