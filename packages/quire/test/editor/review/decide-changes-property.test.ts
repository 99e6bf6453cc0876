// Random documents with tracked changes of every text and paragraph-mark kind (and a move), their
// changes decided one by one in a random order with random decisions (fast-check, fixed seed): the
// text left is the text each decision says, worked out from the document's description alone.
import fc from 'fast-check';
import type { Node } from 'prosemirror-model';
import { EditorState } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { acceptAllChanges, acceptChange, rejectAllChanges, rejectChange } from '../../../src/editor/review/decide-changes.js';
import { listChanges } from '../../../src/editor/review/list-changes.js';
import { del, doc, ins, p } from '../../../src/model/builders.js';
import { extractText } from '../../../src/model/extract-text.js';

const SEED = 2126;
const RUNS = 300;

type SegmentKind = 'plain' | 'ins' | 'del' | 'both';
interface SegmentSpec { readonly text: string; readonly kind: SegmentKind }
interface ParagraphSpec { readonly segments: readonly SegmentSpec[]; readonly mark: 'insertion' | 'deletion' | null }
interface MoveSpec { readonly from: number; readonly to: number; readonly text: string }

// A segment of the built document: its text, and the ids of the changes that keep it only when they stay.
interface Segment { readonly text: string; readonly insertion: string | null; readonly deletion: string | null }
interface Paragraph { readonly segments: Segment[]; readonly mark: { kind: 'insertion' | 'deletion'; id: string } | null }

const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' '), minLength: 1, maxLength: 4 });
const segmentSpec = fc.record({ text, kind: fc.constantFrom<SegmentKind>('plain', 'plain', 'ins', 'del', 'both') });
const paragraphSpec = fc.record({ segments: fc.array(segmentSpec, { maxLength: 5 }), mark: fc.constantFrom(null, null, 'insertion' as const, 'deletion' as const) });
const moveSpec = fc.option(fc.record({ from: fc.nat(), to: fc.nat(), text }), { nil: null });
const choices = fc.array(fc.tuple(fc.nat(), fc.boolean()), { minLength: 64, maxLength: 64 });

function build(paragraphs: readonly ParagraphSpec[], move: MoveSpec | null): { document: Node; model: Paragraph[]; moveIds: Map<string, string> } {
  let next = 0;
  const change = (move: string | null = null) => ({ id: String(++next), author: next % 2 ? 'Ann' : 'Bo', date: null, move });
  const model: Paragraph[] = paragraphs.map((spec) => ({
    segments: spec.segments.map(({ text, kind }) => ({
      text,
      insertion: kind === 'ins' || kind === 'both' ? change().id : null,
      deletion: kind === 'del' || kind === 'both' ? change().id : null,
    })),
    mark: spec.mark ? { kind: spec.mark, id: change().id } : null,
  }));
  // The move's destination insertion is decided with its source, whose id names the move.
  const moveIds = new Map<string, string>();
  if (move) {
    const source = change('m');
    const destination = change('m');
    moveIds.set(destination.id, source.id);
    model[move.from % model.length]!.segments.push({ text: move.text, insertion: null, deletion: source.id });
    model[move.to % model.length]!.segments.unshift({ text: move.text, insertion: destination.id, deletion: null });
  }
  const attrsOf = (id: string) => ({ id, author: Number(id) % 2 ? 'Ann' : 'Bo', date: null, move: move && (moveIds.has(id) || [...moveIds.values()].includes(id)) ? 'm' : null });
  const document = doc(
    ...model.map((paragraph) =>
      p(
        { markChange: paragraph.mark ? { kind: paragraph.mark.kind, id: paragraph.mark.id, author: Number(paragraph.mark.id) % 2 ? 'Ann' : 'Bo', date: null } : null },
        ...paragraph.segments.map((segment) => {
          let nodes = [segment.text] as (string | Node)[];
          if (segment.deletion) nodes = del(attrsOf(segment.deletion), ...nodes);
          if (segment.insertion) nodes = ins(attrsOf(segment.insertion), ...nodes);
          return nodes;
        }),
      ),
    ),
  );
  return { document, model, moveIds };
}

// The text of each paragraph once `stays(kind, id)` has decided every change, worked out from the model.
function expectedParagraphs(model: readonly Paragraph[], stays: (kind: 'insertion' | 'deletion', id: string) => boolean): string[] {
  const out: string[] = [];
  let carried = '';
  model.forEach((paragraph, index) => {
    const own = paragraph.segments
      .filter((segment) => (!segment.insertion || stays('insertion', segment.insertion)) && (!segment.deletion || stays('deletion', segment.deletion)))
      .map((segment) => segment.text)
      .join('');
    carried += own;
    const last = index === model.length - 1;
    if (last || !paragraph.mark || stays(paragraph.mark.kind, paragraph.mark.id)) {
      out.push(carried);
      carried = '';
    }
  });
  return out;
}

const paragraphsOf = (document: Node) => {
  const found: string[] = [];
  document.descendants((node) => (node.isTextblock ? void found.push(node.textContent) : true));
  return found;
};

describe('deciding tracked changes in any order', () => {
  it('leaves the text that each change’s decision says, whatever the order', () => {
    let decisions = 0;
    fc.assert(
      fc.property(fc.array(paragraphSpec, { minLength: 1, maxLength: 5 }), moveSpec, choices, (specs, move, picks) => {
        const { document, model, moveIds } = build(specs, move);
        let state = EditorState.create({ doc: document });
        const decided = new Map<string, boolean>();
        for (let step = 0; ; step++) {
          const listed = listChanges(state.doc);
          if (listed.length === 0) break;
          const [index, accept] = picks[step % picks.length]!;
          const chosen = listed[index % listed.length]!;
          decided.set(chosen.id, accept);
          state = state.apply((accept ? acceptChange : rejectChange)(state, chosen.id)!);
          decisions++;
          const left = listChanges(state.doc).map((change) => change.id);
          expect(left).not.toContain(chosen.id);
          // Deciding one change leaves the others listed, but those whose text it deleted.
          expect(listed.filter((change) => change !== chosen).map((change) => change.id)).toEqual(expect.arrayContaining(left));
        }
        const stays = (kind: 'insertion' | 'deletion', id: string) => {
          const accepted = decided.get(moveIds.get(id) ?? id);
          // A change deleted with other text was never decided: its text is gone whatever it says.
          return accepted === undefined ? false : (kind === 'insertion') === accepted;
        };
        expect(paragraphsOf(state.doc)).toEqual(expectedParagraphs(model, stays));
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(decisions).toBeGreaterThan(RUNS);
  });

  it('accepting all gives the text the document shows, its deleted paragraph marks joined; rejecting all, the text without insertions, deletions kept', () => {
    fc.assert(
      fc.property(fc.array(paragraphSpec, { minLength: 1, maxLength: 5 }), moveSpec, (specs, move) => {
        const { document, model } = build(specs, move);
        const state = EditorState.create({ doc: document });
        const accepted = acceptAllChanges(state)?.doc ?? document;
        const rejected = rejectAllChanges(state)?.doc ?? document;
        // The text the layout and the PDF set (extractText leaves deletions out), paragraph by paragraph.
        const shown: string[] = [];
        let carried = '';
        document.firstChild!.forEach((paragraph, _offset, index) => {
          carried += extractText(paragraph);
          if (index === document.firstChild!.childCount - 1 || paragraph.attrs['markChange']?.kind !== 'deletion') {
            shown.push(carried);
            carried = '';
          }
        });
        expect(extractText(accepted)).toBe(shown.join('\n'));
        expect(paragraphsOf(accepted)).toEqual(expectedParagraphs(model, (kind) => kind === 'insertion'));
        expect(paragraphsOf(rejected)).toEqual(expectedParagraphs(model, (kind) => kind === 'deletion'));
        expect(listChanges(accepted)).toEqual([]);
        expect(listChanges(rejected)).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });
});
