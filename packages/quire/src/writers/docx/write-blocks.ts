import type { Node } from 'prosemirror-model';
import type { SourceElement } from '../../model/docx-source-map.js';
import { placementKey, type Leaf } from './flatten-blocks.js';
import type { PatchContext } from './patch-context.js';
import { groupBySource, patchSequence, type Group, type SequenceWriter } from './patch-sequence.js';
import { writeChangedParagraph, writeLeaf, type ParagraphTemplate } from './write-paragraph.js';
import { writeSplitParagraph } from './write-split-paragraph.js';
import { writeChangedTable, writeNewTable, type CellContentWriter } from './write-table.js';

const BLOCK_KINDS = ['p', 'tbl', 'other'] as const;

/**
 * Returns the body's new content: the blocks of every section written into the text of the body
 * they were read from (see `patchSequence`); new blocks at the end go before the body's own
 * `w:sectPr` (`tailAt`).
 */
export function writeBody(context: PatchContext, doc: Node, tailAt: number): string {
  const units = context.units(null, BLOCK_KINDS);
  const leaves = context.flattener.bodyLeaves(doc);
  return writeLeaves(context, leaves, units, context.sources.body, tailAt);
}

/**
 * Returns the new content of a header or footer part read with sources (its context's), or of
 * one note of a notes part (`range`: the note element's content): the container's blocks written
 * into the text they were read from, as the body's are.
 */
export function writeStory(context: PatchContext, container: Node, range: { readonly start: number; readonly end: number } = context.sources.body): string {
  const units = context.units(null, BLOCK_KINDS).filter((unit) => range.start <= unit.start && unit.end <= range.end);
  return writeLeaves(context, context.flattener.leaves(container), units, range);
}

/** Returns the blocks of a container written anew (a new note's, header's or footer's), ending with a paragraph. */
export function writeNewBlocks(context: PatchContext, container: Node): string {
  return cellWriter(context)(container, undefined, undefined);
}

function writeLeaves(context: PatchContext, leaves: readonly Leaf[], units: readonly SourceElement[], range: { start: number; end: number }, tailAt?: number): string {
  const groups = groupBySource(leaves, (leaf) => (leaf.node.attrs['sourceId'] as string | null | undefined) ?? null, new Map(units.map((unit) => [unit.id, unit])));
  return patchSequence(context.sources.text, range, units, groups, blockWriter(context, units), tailAt);
}

// Writes a cell's blocks, into the cell's text when it was read from one.
function cellWriter(context: PatchContext): CellContentWriter {
  const write: CellContentWriter = (cell, unit, range) => {
    const leaves = context.flattener.leaves(cell);
    const units = unit ? context.units(unit.id, BLOCK_KINDS) : [];
    let content = unit && range ? writeLeaves(context, leaves, units, range) : leaves.map((leaf) => writeNew(context, leaf, undefined)).join('');
    // A cell ends with a paragraph (ECMA-376 Part 1, 17.4.66).
    const last = leaves[leaves.length - 1];
    if (!last || last.node.type.name === 'table') content += '<w:p/>';
    return content;
  };
  return write;
}

function blockWriter(context: PatchContext, units: readonly SourceElement[]): SequenceWriter<Leaf> {
  const byId = new Map(units.map((unit) => [unit.id, unit]));
  return {
    same: (group, unit) => sameAsRead(context, group, unit),
    changed: (group, unit) => {
      const original = context.originalGroup(unit.id);
      const first = group.items[0]!;
      if (unit.kind === 'tbl' && group.items.length === 1 && first.node.type.name === 'table') {
        return writeChangedTable(context, first.node, unit, cellWriter(context)) + sectionBreakAfter(context, first);
      }
      // A paragraph split around text boxes keeps its boxes while its textblocks keep their places.
      const split = unit.pieces && original ? writeSplitParagraph(context, group.items, unit, original) : undefined;
      if (split !== undefined) return split;
      const template = original && paragraphTemplate(unit, original.leaves);
      // A paragraph split in two (Enter) keeps its element, start tag and untouched runs in its first part; the others are new paragraphs with its properties.
      if (unit.kind === 'p' && template && original.leaves.length === 1 && first.node.isTextblock) {
        return writeChangedParagraph(context, first, template) + group.items.slice(1).map((leaf) => writeNew(context, leaf, template)).join('');
      }
      return group.items.map((leaf) => writeNew(context, leaf, template)).join('');
    },
    fresh: (group) => {
      const unit = group.id !== null ? byId.get(group.id) : undefined;
      const original = unit && context.originalGroup(unit.id);
      const template = unit && original ? paragraphTemplate(unit, original.leaves) : undefined;
      return group.items.map((leaf) => writeNew(context, leaf, template)).join('');
    },
  };
}

function writeNew(context: PatchContext, leaf: Leaf, template: ParagraphTemplate | undefined): string {
  if (leaf.node.type.name === 'table') return writeNewTable(context, leaf.node, cellWriter(context)) + sectionBreakAfter(context, leaf);
  return writeLeaf(context, leaf, template);
}

// A section that ends with a table ends with an empty paragraph holding its break.
function sectionBreakAfter(context: PatchContext, leaf: Leaf): string {
  return leaf.endsSection ? `<w:p><w:pPr>${context.sectPrMarkup(leaf.endsSection)}</w:pPr></w:p>` : '';
}

// The first paragraph read from an element: new paragraphs made from it start from its properties.
function paragraphTemplate(unit: SourceElement, leaves: readonly Leaf[]): ParagraphTemplate | undefined {
  if (unit.kind !== 'p') return undefined;
  const leaf = leaves.find((candidate) => candidate.node.isTextblock);
  return leaf ? { unit, leaf } : undefined;
}

function sameAsRead(context: PatchContext, group: Group<Leaf>, unit: SourceElement): boolean {
  const original = context.originalGroup(unit.id);
  if (!original || original.leaves.length !== group.items.length) return false;
  // A paragraph whose section gains a header or footer is written with the references added to its `w:sectPr`.
  return group.items.every((leaf, index) => {
    if (context.sectPrGainsParts(leaf.endsSection)) return false;
    const before = original.leaves[index]!;
    return (leaf.node === before.node || leaf.node.eq(before.node)) && original.keys[index] === placementKey(leaf);
  });
}
