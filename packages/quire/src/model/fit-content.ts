import { Fragment } from 'prosemirror-model';
import type { Node, NodeType } from 'prosemirror-model';

/** Makes a textblock from a run of inline nodes (a paragraph unless the caller says otherwise). */
export type TextblockFactory = (inline: Node[]) => Node;

/**
 * Returns `children` as block nodes: each run of inline nodes becomes one textblock made by
 * `makeTextblock`, and nodes that cannot stand as blocks (a stray row, cell or list item) are
 * replaced by their content.
 */
export function toBlocks(children: readonly Node[], makeTextblock: TextblockFactory): Node[] {
  const blocks: Node[] = [];
  let inline: Node[] = [];
  const flushInline = (): void => {
    if (inline.length > 0) blocks.push(makeTextblock(inline));
    inline = [];
  };
  for (const child of children) {
    if (child.isInline) {
      inline.push(child);
    } else if (child.type.isInGroup('block')) {
      flushInline();
      blocks.push(child);
    } else {
      flushInline();
      const content: Node[] = [];
      child.forEach((grandchild) => content.push(grandchild));
      blocks.push(...toBlocks(content, makeTextblock));
    }
  }
  flushInline();
  return blocks;
}

/**
 * Builds a container node of `type` from whatever its reader collected, repairing content the
 * schema would reject: list children become list items, row children become cells, a table's
 * stray blocks move before it, an empty quote, text box, list, table or row disappears, and an empty item,
 * cell, section or footnote gets an empty paragraph. Returns the nodes to put in the parent.
 */
export function fitContainer(type: NodeType, attrs: Record<string, unknown> | null, children: readonly Node[]): Node[] {
  const schema = type.schema;
  const paragraph = (inline: Node[]): Node => schema.nodes['paragraph']!.create(null, inline);
  switch (type.name) {
    case 'bullet_list':
    case 'ordered_list': {
      const items = collectInto(children, schema.nodes['list_item']!, paragraph);
      return items.length > 0 ? [type.create(attrs, items)] : [];
    }
    case 'table_row': {
      const cells = collectInto(children, schema.nodes['table_cell']!, paragraph, false);
      return cells.length > 0 ? [type.create(attrs, cells)] : [];
    }
    case 'table': {
      const rows = children.filter((child) => child.type.name === 'table_row');
      const stray = toBlocks(children.filter((child) => child.type.name !== 'table_row'), paragraph);
      return rows.length > 0 ? [...stray, type.create(attrs, rows)] : stray;
    }
    case 'blockquote':
    case 'text_box': {
      const blocks = toBlocks(children, paragraph);
      return blocks.length > 0 ? [type.create(attrs, blocks)] : [];
    }
    default: {
      // A section keeps its headers and footers, which are not blocks, in front of its body.
      const parts = type.name === 'section' ? children.filter((child) => child.type.name === 'header_footer') : [];
      const blocks = toBlocks(children.filter((child) => !parts.includes(child)), paragraph);
      return [type.create(attrs, [...parts, ...(blocks.length > 0 ? blocks : [paragraph([])])])];
    }
  }
}

// Children that are not `itemType` join the previous item (content that continues it, as in
// `<ul><li>a</li><p>b</p></ul>`), or start a new one when there is none; with `continuePrevious`
// false every run of stray children gets its own item instead.
function collectInto(
  children: readonly Node[],
  itemType: NodeType,
  paragraph: TextblockFactory,
  continuePrevious = true,
): Node[] {
  const items: Node[] = [];
  let stray: Node[] = [];
  let strayJoinsPrevious = false;
  const flushStray = (): void => {
    const blocks = toBlocks(stray, paragraph);
    stray = [];
    if (blocks.length === 0) return;
    const previous = items[items.length - 1];
    if (strayJoinsPrevious && previous) {
      items[items.length - 1] = previous.copy(previous.content.append(Fragment.fromArray(blocks)));
    } else {
      items.push(itemType.create(null, blocks));
    }
  };
  for (const child of children) {
    if (child.type === itemType) {
      flushStray();
      items.push(child);
      strayJoinsPrevious = continuePrevious;
    } else {
      stray.push(child);
    }
  }
  flushStray();
  return items;
}
