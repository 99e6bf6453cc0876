import type { Mark, Node } from 'prosemirror-model';
import { Selection, type EditorState, type Transaction } from 'prosemirror-state';
import { Mapping, ReplaceStep, type Step } from 'prosemirror-transform';
import type { StructureChange } from '../../model/marks/review-marks.js';

/** Who deletes rows in suggest mode, when, and where new change ids come from. */
export interface RowSuggestion {
  readonly author: string;
  readonly date: string;
  readonly newId: () => string;
}

/**
 * Records a transaction that only deletes whole table rows (prosemirror-tables' `deleteRow` on
 * rows no merged cell crosses) as Word records it with Track Changes on (ECMA-376 Part 1,
 * 17.13.5.14 `w:del` in `w:trPr`): each row stays, marked deleted by `author`, its text and its
 * cells' paragraph marks marked deleted; a row that is the author's own pending insertion goes.
 * Returns undefined when `tr` is no such transaction, and null when it deletes whole rows among
 * other edits (a merged cell shortened or moved), which cannot be recorded.
 */
export function suggestRowDeletion(tr: Transaction, state: EditorState, suggestion: RowSuggestion): Transaction | null | undefined {
  const deletions = tr.steps.map((step, index) => wholeRowsDeleted(step, tr.docs[index]!));
  if (deletions.every((rows) => rows === null)) return undefined;
  if (deletions.some((rows) => rows === null)) return null;
  const out = state.tr;
  const deletion = state.schema.marks['deletion']!;
  const change: StructureChange = { kind: 'deletion', id: suggestion.newId(), author: suggestion.author, date: suggestion.date };
  // The rows' text is one deletion, listed and decided apart from the rows as Word lists it.
  let mark: Mark | null = null;
  deletions.forEach((rows, index) => {
    // Back to the start document through the steps before this one, then through what was recorded.
    const onto = new Mapping(tr.mapping.maps.slice(0, index)).invert();
    onto.appendMapping(out.mapping);
    const from = onto.map(rows!.from, 1);
    const to = onto.map(rows!.to, -1);
    const found: { pos: number; row: Node }[] = [];
    out.doc.nodesBetween(from, to, (node, pos) => {
      if (node.type.name === 'table_row' && pos >= from && pos + node.nodeSize <= to) found.push({ pos, row: node });
      return node.type.name !== 'table_row';
    });
    // From the last row up, so that removing one leaves the positions of the others.
    for (const { pos, row } of found.reverse()) {
      const rowChange = row.attrs['change'] as StructureChange | null;
      if (rowChange?.kind === 'insertion' && rowChange.author === suggestion.author) out.delete(pos, pos + row.nodeSize);
      // A row holds one change: another author's inserted row, or a deleted one, stays as it is.
      else if (rowChange === null) {
        out.setNodeAttribute(pos, 'change', change);
        row.descendants((node, offset) => {
          const at = pos + 1 + offset;
          // Word marks the paragraph marks of a deleted row's cells deleted too.
          if (node.isTextblock && node.attrs['markChange'] === null) out.setNodeAttribute(at, 'markChange', { ...change, id: suggestion.newId() });
          if (!node.isInline) return true;
          if (!deletion.isInSet(node.marks) && !isOwnInsertion(node, suggestion.author)) {
            mark ??= deletion.create({ id: suggestion.newId(), author: suggestion.author, date: suggestion.date, move: null });
            out.addMark(at, at + node.nodeSize, mark);
          }
          return false;
        });
      }
    }
  });
  out.setSelection(Selection.near(out.doc.resolve(Math.min(out.mapping.map(state.selection.from), out.doc.content.size))));
  return out.scrollIntoView();
}

// The stretch of whole rows of one table that `step` deletes from `doc`, or null for another step.
function wholeRowsDeleted(step: Step, doc: Node): { from: number; to: number } | null {
  if (!(step instanceof ReplaceStep) || step.slice.size > 0 || step.to <= step.from) return null;
  const $from = doc.resolve(step.from);
  const $to = doc.resolve(step.to);
  if ($from.parent.type.spec.tableRole !== 'table' || !$from.sameParent($to)) return null;
  return { from: step.from, to: step.to };
}

// The author's own pending insertion stays as it is in a row they delete: accepting the deletion removes it with the row.
function isOwnInsertion(node: Node, author: string): boolean {
  return node.marks.some((mark) => mark.type.name === 'insertion' && mark.attrs['author'] === author);
}

/**
 * Whether `step` inserts or deletes table cells in a row of `doc` (a column added or deleted),
 * which Word records as cell changes (`w:cellIns`, `w:cellDel`) that the model does not hold:
 * suggest mode refuses it (SUGGEST_REFUSAL).
 */
export function insertsOrDeletesCells(step: Step, doc: Node): boolean {
  if (!(step instanceof ReplaceStep) || (step.from === step.to && step.slice.size === 0)) return false;
  return doc.resolve(step.from).parent.type.spec.tableRole === 'row';
}
