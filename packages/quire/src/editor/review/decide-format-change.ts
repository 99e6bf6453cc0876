import type { Command, Transaction } from 'prosemirror-state';
import { EditorState, TextSelection } from 'prosemirror-state';
import type { Node, NodeType, Schema } from 'prosemirror-model';
import { liftListItem, sinkListItem, wrapInList } from 'prosemirror-schema-list';
import {
  isRunFormattingMarkName,
  listFormatAt,
  PARAGRAPH_FORMAT_ATTRS,
  restoreMarks,
  type ListFormat,
  type ParagraphFormat,
  type ParagraphFormatChange,
  type RunFormatChange,
} from '../../model/review/format-change.js';
import type { ChangePiece } from './list-changes.js';

// A paragraph is at most nine list levels deep (ECMA-376 Part 1, 17.9.3), so its list comes back in as many steps and one to change kind.
const MAX_LIST_STEPS = 10;

/**
 * Decides one piece of a format change in `tr` (ECMA-376 Part 1, 17.13.5.29, 17.13.5.31):
 * accepted, the text or paragraph keeps its formatting and loses the change; rejected, it gets the
 * formatting the change holds back (run formatting marks; a paragraph's kind, style, attributes and
 * list) and loses the change.
 */
export function decideFormat(tr: Transaction, piece: ChangePiece, decision: 'accept' | 'reject'): void {
  if (piece.target === 'text') decideTextFormat(tr, piece, decision);
  else decideParagraphFormat(tr, piece, decision);
}

function decideTextFormat(tr: Transaction, piece: ChangePiece, decision: 'accept' | 'reject'): void {
  const from = tr.mapping.map(piece.from, 1);
  const to = tr.mapping.map(piece.to, -1);
  if (from >= to) return;
  const mark = piece.mark!;
  tr.removeMark(from, to, mark);
  if (decision === 'accept') return;
  const { schema } = tr.doc.type;
  for (const type of Object.values(schema.marks)) if (isRunFormattingMarkName(type.name)) tr.removeMark(from, to, type);
  for (const old of restoreMarks(schema, (mark.attrs as RunFormatChange).before)) tr.addMark(from, to, old);
}

function decideParagraphFormat(tr: Transaction, piece: ChangePiece, decision: 'accept' | 'reject'): void {
  const at = tr.mapping.map(piece.node!, 1);
  const node = tr.doc.nodeAt(at);
  const change = node?.attrs['formatChange'] as ParagraphFormatChange | null | undefined;
  if (!node || !change || change.id !== piece.format!.id) return;
  if (decision === 'accept') tr.setNodeAttribute(at, 'formatChange', null);
  else restoreParagraphFormat(tr, at, node, change.before);
}

// The paragraph at `at` gets back its kind, level, style and attributes, then its list.
function restoreParagraphFormat(tr: Transaction, at: number, node: Node, before: ParagraphFormat): void {
  const { schema } = tr.doc.type;
  const attrs: Record<string, unknown> = { ...node.attrs, formatChange: null };
  for (const name of PARAGRAPH_FORMAT_ATTRS) attrs[name] = before[name];
  if (before.block === 'heading') attrs['level'] = before.level ?? 1;
  tr.setNodeMarkup(at, schema.nodes[before.block]!, attrs);
  restoreList(tr, at, before.list);
}

// Moves the paragraph at `at` into the list `target` (or out of lists) a step at a time, with the
// list commands a person would use (wrap, lift, sink), or by giving its list the old kind.
function restoreList(tr: Transaction, at: number, target: ListFormat | null): void {
  let pos = at;
  for (let step = 0; step < MAX_LIST_STEPS; step++) {
    const $inside = tr.doc.resolve(pos + 1);
    const current = listFormatAt(Array.from({ length: $inside.depth + 1 }, (_, depth) => $inside.node(depth)));
    if (current === null ? target === null : target !== null && current.kind === target.kind && current.level === target.level) return;
    // A list of the other kind at the same level takes its kind and numbering instance back.
    if (current !== null && target !== null && current.level === target.level) return restoreListKind(tr, $inside.depth, pos, target);
    const state = EditorState.create({ doc: tr.doc, selection: TextSelection.create(tr.doc, pos + 1) });
    let made: Transaction | null = null;
    listCommand(tr.doc.type.schema, current, target)(state, (listTr) => (made = listTr));
    const applied = made as Transaction | null;
    if (!applied || applied.steps.length === 0) return;
    for (const listStep of applied.steps) tr.step(listStep);
    pos = tr.doc.resolve(applied.mapping.map(pos + 1)).before();
  }
}

function listCommand(schema: Schema, current: ListFormat | null, target: ListFormat | null): Command {
  const item = schema.nodes['list_item']!;
  if (current === null) return wrapInList(listType(schema, target!));
  return target === null || current.level > target.level ? liftListItem(item) : sinkListItem(item);
}

// The innermost list around the paragraph at `pos` (inside at `depth`) becomes a list of `target`'s kind with its numbering instance.
function restoreListKind(tr: Transaction, depth: number, pos: number, target: ListFormat): void {
  const $inside = tr.doc.resolve(pos + 1);
  for (let at = depth - 1; at > 0; at--) {
    const list = $inside.node(at);
    if (list.type.name !== 'bullet_list' && list.type.name !== 'ordered_list') continue;
    tr.setNodeMarkup($inside.before(at), listType(tr.doc.type.schema, target), { level: list.attrs['level'], numId: target.numId });
    return;
  }
}

function listType(schema: Schema, list: ListFormat): NodeType {
  return schema.nodes[list.kind === 'bullet' ? 'bullet_list' : 'ordered_list']!;
}
