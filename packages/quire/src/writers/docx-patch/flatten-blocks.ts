import type { Node } from 'prosemirror-model';

/** Where a list paragraph sits: its numbering instance and level, and whether it starts its item. */
export interface ListPlacement {
  /** The list's `numId`, or a key of the form `new:<n>` for a list that needs a new instance. */
  readonly numId: string;
  readonly level: number;
  readonly kind: 'bullet' | 'ordered';
  /** Whether the paragraph is the first of its list item (the numbered one). */
  readonly first: boolean;
}

/** A block as Word stores it: one paragraph, table or other element, with what surrounds it. */
export interface Leaf {
  readonly node: Node;
  readonly list: ListPlacement | null;
  /** Block quotes around the block. */
  readonly quoteDepth: number;
  /** The `sourceId` of the section the leaf ends, when it is the last block of a section but the last. */
  readonly endsSection: string | null;
}

interface ListFrame {
  readonly numId: string;
  readonly level: number;
}

/**
 * Flattens blocks into the sequence Word stores: lists, quotes and text boxes dissolve into their
 * paragraphs, which remember their placement. A list without a numbering instance continues its
 * enclosing list one level deeper, or gets a new instance of its own (`newInstance` names it).
 */
export class BlockFlattener {
  private readonly kinds = new Map<string, 'bullet' | 'ordered'>();
  private created = 0;

  /**
   * @param knownKinds how each level of each numbering instance was drawn when the document was
   *   read (by {@link levelKey}): a list drawn the other way (bullets made numbers) needs a new instance.
   */
  constructor(knownKinds: ReadonlyMap<string, 'bullet' | 'ordered'> = new Map()) {
    for (const [numId, kind] of knownKinds) this.kinds.set(numId, kind);
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
        if (block.type.name !== 'header_footer') this.flattenBlock(block, leaves, [], 0);
      });
      const sourceId = section.attrs['sourceId'] as string | null;
      if (index < sections.length - 1 && sourceId !== null && leaves.length > first) {
        leaves[leaves.length - 1] = { ...leaves[leaves.length - 1]!, endsSection: sourceId };
      }
    });
    return leaves;
  }

  /** Returns the leaves of a container's block content (a table cell). */
  leaves(container: Node): Leaf[] {
    const leaves: Leaf[] = [];
    container.forEach((block) => this.flattenBlock(block, leaves, [], 0));
    return leaves;
  }

  private flattenBlock(block: Node, leaves: Leaf[], lists: readonly ListFrame[], quoteDepth: number, first = false): void {
    const name = block.type.name;
    if (name === 'bullet_list' || name === 'ordered_list') {
      const frame = this.listFrame(block, lists);
      block.forEach((item) => {
        let index = 0;
        item.forEach((child) => this.flattenBlock(child, leaves, [...lists, frame], quoteDepth, index++ === 0));
      });
      return;
    }
    if (name === 'blockquote') {
      block.forEach((child) => this.flattenBlock(child, leaves, lists, quoteDepth + 1, first));
      return;
    }
    // A text box's paragraphs belong to the paragraph it is anchored in (see `SourceElement.pieces`).
    if (name === 'text_box') {
      block.forEach((child) => this.flattenBlock(child, leaves, lists, quoteDepth, first));
      return;
    }
    const frame = lists[lists.length - 1];
    const list = frame ? { numId: frame.numId, level: frame.level, kind: this.kinds.get(levelKey(frame.numId, frame.level))!, first } : null;
    leaves.push({ node: block, list, quoteDepth, endsSection: null });
  }

  private listFrame(list: Node, outer: readonly ListFrame[]): ListFrame {
    const kind = list.type.name === 'bullet_list' ? 'bullet' : 'ordered';
    const enclosing = outer[outer.length - 1];
    const ownLevel = list.attrs['level'] as number | null;
    // A nested list lies deeper than the list it is in, whatever level it was read at (an item
    // indented with the lists nested in it takes them one level down).
    const deeper = enclosing ? Math.min(enclosing.level + 1, 8) : 0;
    const level = ownLevel === null ? deeper : Math.max(ownLevel, deeper);
    let numId = (list.attrs['numId'] as string | null) ?? enclosing?.numId ?? null;
    // Word draws each level of an instance in one way: a level drawn the other way needs another instance.
    if (numId !== null && (this.kinds.get(levelKey(numId, level)) ?? kind) !== kind) numId = null;
    if (numId === null) numId = `new:${++this.created}`;
    if (!this.kinds.has(levelKey(numId, level))) this.kinds.set(levelKey(numId, level), kind);
    return { numId, level };
  }
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
