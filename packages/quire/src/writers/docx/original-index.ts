import type { Node } from 'prosemirror-model';
import { BlockFlattener, placementKey, type Leaf } from './flatten-blocks.js';

/** The nodes read from one element, as leaves (where each sat), with their placement keys. */
export interface OriginalGroup {
  readonly leaves: readonly Leaf[];
  readonly keys: readonly string[];
}

/** What the reader made of each element of a part (the main part, a header, a footer), and how each list level was drawn. */
export interface OriginalIndex {
  readonly groups: ReadonlyMap<string, OriginalGroup>;
  readonly levelKinds: ReadonlyMap<string, 'bullet' | 'ordered'>;
}

/**
 * Indexes the document as read by `sourceId`: body leaves, tables, rows, cells and cell leaves.
 * `drawn` says how the numbering part draws each level (see `readLevelKinds`).
 */
export function indexOriginal(doc: Node, drawn: ReadonlyMap<string, 'bullet' | 'ordered'> = new Map()): OriginalIndex {
  return indexLeaves(drawn, (flattener) => flattener.bodyLeaves(doc));
}

/** Indexes headers, footers or notes as read (the containers of one part), as {@link indexOriginal} indexes a body. */
export function indexContainers(containers: readonly Node[], drawn: ReadonlyMap<string, 'bullet' | 'ordered'> = new Map()): OriginalIndex {
  return indexLeaves(drawn, (flattener) => containers.flatMap((container) => flattener.leaves(container)));
}

function indexLeaves(drawn: ReadonlyMap<string, 'bullet' | 'ordered'>, topLeaves: (flattener: BlockFlattener) => Leaf[]): OriginalIndex {
  const flattener = new BlockFlattener(drawn);
  const groups = new Map<string, { leaves: Leaf[]; keys: string[] }>();
  const add = (leaf: Leaf): void => {
    const id = leaf.node.attrs['sourceId'] as string | null | undefined;
    if (id === null || id === undefined) return;
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { leaves: [], keys: [] }));
    group.leaves.push(leaf);
    group.keys.push(placementKey(leaf));
  };
  const container = (node: Node): Leaf => ({ node, list: null, quoteDepth: 0, innerQuoteDepth: 0, endsSection: null });
  const visitTable = (table: Node): void => {
    table.forEach((row) => {
      add(container(row));
      row.forEach((cell) => {
        add(container(cell));
        for (const leaf of flattener.leaves(cell)) {
          add(leaf);
          if (leaf.node.type.name === 'table') visitTable(leaf.node);
        }
      });
    });
  };
  for (const leaf of topLeaves(flattener)) {
    add(leaf);
    if (leaf.node.type.name === 'table') visitTable(leaf.node);
  }
  const levelKinds = new Map([...flattener.levelKinds].filter(([key]) => !key.startsWith('new:')));
  return { groups, levelKinds };
}
