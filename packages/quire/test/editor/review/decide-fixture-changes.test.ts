// The review fixtures from Word and Google Docs: their changes listed, decided, exported after
// accepting all, and read again.
import type { Node } from 'prosemirror-model';
import { EditorState } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { acceptAllChanges, rejectAllChanges } from '../../../src/editor/review/decide-changes.js';
import { listChanges } from '../../../src/editor/review/list-changes.js';
import { extractText } from '../../../src/model/extract-text.js';
import { exportDocx, openDocx, openFixture, partText } from '../../writers/docx/patch-fixtures.js';

const TRACKED = ['superdoc-msword-tracked-changes.docx', 'superdoc-gdocs-tracked-changes.docx'];

const decide = (document: Node, decision: typeof acceptAllChanges) => decision(EditorState.create({ doc: document }))!.doc;

// The text the pages show (deletions left out), with each paragraph whose mark is deleted joined to the next.
function shownText(document: Node): string {
  const paragraphs: string[] = [];
  let carried = '';
  document.descendants((node) => {
    if (!node.isTextblock) return true;
    carried += extractText(node);
    if ((node.attrs['markChange'] as { kind?: string } | null)?.kind !== 'deletion') {
      paragraphs.push(carried);
      carried = '';
    }
    return false;
  });
  return [...paragraphs, ...(carried ? [carried] : [])].join('\n');
}

describe('the changes of the review fixtures', () => {
  it('lists the Word fixture’s changes: text deleted and inserted, a deleted paragraph mark, each with its author and date', async () => {
    const { doc } = await openFixture('superdoc-msword-tracked-changes.docx');
    const listed = listChanges(doc);
    expect(listed.map(({ id, kind, target, text }) => ({ id, kind, target, text }))).toEqual([
      { id: '0', kind: 'deletion', target: 'text', text: 'basic ' },
      { id: '1', kind: 'insertion', target: 'text', text: 'cool ' },
      { id: '3', kind: 'deletion', target: 'text', text: 'Delete me' },
      { id: '2', kind: 'deletion', target: 'paragraph-mark', text: '¶' },
      { id: '4', kind: 'insertion', target: 'text', text: 'New text' },
    ]);
    expect(new Set(listed.map((change) => change.author))).toEqual(new Set(['Nick Bernal']));
    for (const change of listed) expect(change.date).toMatch(/^\d{4}-\d\d-\d\dT/);
    for (const change of listed.filter((change) => change.target === 'text')) expect(doc.textBetween(change.from, change.to)).toBe(change.text);
  });

  it('gives each change of the Google Docs fixture an id of its own, though the file reuses one', async () => {
    const { doc } = await openFixture('superdoc-gdocs-tracked-changes.docx');
    const ids = listChanges(doc).map((change) => change.id);
    expect(ids).toEqual(['0', '0#2', '1', '2']);
  });

  it.each(TRACKED)('accepting all of %s gives the text its pages show, rejecting all the text without its insertions', async (name) => {
    const { doc } = await openFixture(name);
    const accepted = decide(doc, acceptAllChanges);
    expect(extractText(accepted)).toBe(shownText(doc));
    expect(listChanges(accepted)).toEqual([]);
    const rejected = decide(doc, rejectAllChanges);
    expect(listChanges(rejected)).toEqual([]);
    for (const change of listChanges(doc).filter((change) => change.target === 'text')) {
      if (change.kind === 'insertion') expect(extractText(rejected)).not.toContain(change.text);
      else expect(extractText(rejected)).toContain(change.text.trim());
    }
  });

  it.each(TRACKED.flatMap((name) => [[name, 'accepting', acceptAllChanges] as const, [name, 'rejecting', rejectAllChanges] as const]))('exports %s after %s all with no tracked change left, and reads again as decided', async (name, _decision, decision) => {
    const original = await openFixture(name);
    const decided = decide(original.doc, decision);
    const bytes = await exportDocx(original, decided);
    const xml = (await partText(bytes, '/word/document.xml'))!;
    expect(xml.match(/<w:(?:ins|del|moveFrom|moveTo|delText)\b/g)).toBeNull();
    const reread = await openDocx(bytes);
    expect(listChanges(reread.doc)).toEqual([]);
    expect(extractText(reread.doc)).toBe(extractText(decided));
  });
});
