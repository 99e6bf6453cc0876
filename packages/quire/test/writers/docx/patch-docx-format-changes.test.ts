import { describe, expect, it } from 'vitest';
import type { Node } from 'prosemirror-model';
import { EditorState, TextSelection, type Transaction } from 'prosemirror-state';
import { parseXml } from '@rgrove/parse-xml';
import { acceptAllChanges, rejectAllChanges } from '../../../src/editor/review/decide-changes.js';
import { suggestTransaction } from '../../../src/editor/review/suggest-transaction.js';
import { setAlignment } from '../../../src/editor/commands/block-commands.js';
import { simpleCommands } from '../../../src/editor/commands/editor-commands.js';
import { schema } from '../../../src/model/schema.js';
import { formatChangesDocx, FORMAT_CHANGE_PARAGRAPHS } from '../../../../../test/support/format-changes-docx.js';
import { bodyTextblocks, changedEntries, edited, elementsOf, exportDocx, openDocx, partText, positionOf, runCommand } from './patch-fixtures.js';
import { splitParagraphKeepingLook } from '../../../src/editor/commands/split-paragraph.js';

// The format changes of a document as plain data: each `formatChange` mark's and attribute's id aside.
function formatChanges(doc: Node) {
  const found: unknown[] = [];
  for (const { node } of bodyTextblocks(doc)) {
    const paragraph = node.attrs['formatChange'];
    if (paragraph) found.push({ paragraph: node.textContent, author: paragraph.author, date: paragraph.date, before: paragraph.before });
    node.forEach((child) => {
      const mark = child.marks.find((candidate) => candidate.type.name === 'formatChange');
      if (mark) found.push({ text: child.text, author: mark.attrs['author'], date: mark.attrs['date'], before: mark.attrs['before'], now: child.marks.filter((other) => other !== mark).map((other) => other.type.name) });
    });
  }
  return found;
}

function documentXml(bytes: Uint8Array) {
  return partText(bytes, '/word/document.xml').then((text) => text!);
}

// Records `command` run over the text `from`..`to` as suggest mode does, by `author`.
function suggest(doc: Node, command: (state: EditorState, dispatch: (tr: Transaction) => void) => boolean, from: number, to: number, author = 'Cy Suggester'): Node {
  const state = EditorState.create({ doc, selection: TextSelection.create(doc, from, to) });
  let made: Transaction | undefined;
  command(state, (tr) => (made = tr));
  if (!made) throw new Error('the command did not apply');
  let id = 0;
  const recorded = suggestTransaction(made, state, { author, now: () => new Date('2026-01-02T03:04:05Z'), newId: () => `quire-${++id}` });
  if (!recorded) throw new Error('suggest mode refused the command');
  return state.apply(recorded).doc;
}

describe('patchDocx and format changes', () => {
  it('writes a document with run and paragraph property changes back byte for byte when nothing was edited', async () => {
    const bytes = formatChangesDocx();
    const original = await openDocx(bytes);
    expect(changedEntries(bytes, await exportDocx(original, original.doc))).toEqual([]);
  });

  it('keeps each rPrChange and pPrChange as written when text is typed into its paragraph', async () => {
    const original = await openDocx(formatChangesDocx());
    const doc = edited(original.doc, (state) => {
      const tr = state.tr;
      for (const { node, pos } of [...bodyTextblocks(state.doc)].reverse()) tr.insertText('Q', pos + 1 + Math.floor(node.content.size / 2));
      return tr;
    });
    expect(formatChanges(doc)).toHaveLength(5);
    const xml = await documentXml(await exportDocx(original, doc));
    for (const written of Object.values(FORMAT_CHANGE_PARAGRAPHS)) {
      for (const change of [...elementsOf(written, 'w:rPrChange'), ...elementsOf(written, 'w:pPrChange')]) expect(xml).toContain(change);
    }
    expect(formatChanges((await openDocx(await exportDocx(original, doc))).doc)).toEqual(formatChanges(doc));
  });

  it('gives the copy of a paragraph property change that a paragraph split in the middle holds an id of its own', async () => {
    const original = await openDocx(formatChangesDocx());
    const centred = bodyTextblocks(original.doc).find(({ node }) => node.textContent === 'Centred now')!;
    const doc = runCommand(original.doc, splitParagraphKeepingLook, positionOf(centred, 'now'));
    const xml = await documentXml(await exportDocx(original, doc));
    const ids = [...xml.matchAll(/<w:pPrChange w:id="(\d+)"/g)].map((match) => match[1]);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(ids.length);
    expect(xml).toContain(elementsOf(FORMAT_CHANGE_PARAGRAPHS.centred, 'w:pPrChange')[0]);
  });

  it('writes no format change and the new formatting after accepting all of them', async () => {
    const original = await openDocx(formatChangesDocx());
    const accepted = acceptAllChanges(EditorState.create({ doc: original.doc }))!.doc;
    const bytes = await exportDocx(original, accepted);
    const xml = await documentXml(bytes);
    expect(xml).not.toMatch(/rPrChange|pPrChange/);
    const reread = (await openDocx(bytes)).doc;
    expect(formatChanges(reread)).toEqual([]);
    expect(reread.toJSON()).toEqual(accepted.toJSON());
  });

  it('writes the old formatting back after rejecting all of them: not bold, italic, a plain paragraph, left aligned, no list', async () => {
    const original = await openDocx(formatChangesDocx());
    const rejected = rejectAllChanges(EditorState.create({ doc: original.doc }))!.doc;
    const bytes = await exportDocx(original, rejected);
    const xml = await documentXml(bytes);
    expect(xml).not.toMatch(/rPrChange|pPrChange|<w:b\/>|Heading1|<w:jc |<w:numPr>/);
    expect(xml).toMatch(/<w:i\/>/);
    const reread = (await openDocx(bytes)).doc;
    expect(formatChanges(reread)).toEqual([]);
    const blocks = bodyTextblocks(reread).map(({ node }) => ({ type: node.type.name, align: node.attrs['align'], marks: node.content.content.flatMap((child) => child.marks.map((mark) => mark.type.name)) }));
    expect(blocks).toEqual([
      { type: 'paragraph', align: null, marks: [] },
      { type: 'paragraph', align: null, marks: ['italic'] },
      { type: 'paragraph', align: null, marks: [] },
      { type: 'paragraph', align: null, marks: [] },
      { type: 'paragraph', align: null, marks: [] },
      { type: 'paragraph', align: null, marks: [] },
    ]);
    expect(reread.firstChild!.content.content.map((block) => block.type.name)).not.toContain('bullet_list');
  });

  it('writes a format change made in suggest mode as Word does, with a fresh id, and reads it back the same', async () => {
    const original = await openDocx(formatChangesDocx());
    const untouched = bodyTextblocks(original.doc).at(-1)!;
    const start = positionOf(untouched, 'Untouched');
    const bolded = suggest(original.doc, simpleCommands(schema).bold, start, start + 'Untouched'.length);
    const doc = suggest(bolded, setAlignment('right'), start, start);
    const bytes = await exportDocx(original, doc);
    const xml = await documentXml(bytes);
    expect(() => parseXml(xml)).not.toThrow();
    const paragraph = elementsOf(xml, 'w:p').find((p) => p.includes('Untouched'))!;
    expect(paragraph).toMatch(/<w:pPr><w:jc w:val="right"\/><w:pPrChange w:id="(\d+)" w:author="Cy Suggester" w:date="2026-01-02T03:04:05Z"><w:pPr\/><\/w:pPrChange><\/w:pPr>/);
    expect(paragraph).toMatch(/<w:rPr><w:b\/><w:bCs\/><w:rPrChange w:id="(\d+)" w:author="Cy Suggester" w:date="2026-01-02T03:04:05Z"><w:rPr\/><\/w:rPrChange><\/w:rPr><w:t xml:space="preserve">Untouched<\/w:t>/);
    const ids = [...xml.matchAll(/<w:[a-zA-Z]+Change w:id="(\d+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
    const reread = (await openDocx(bytes)).doc;
    expect(formatChanges(reread)).toEqual(formatChanges(doc));
  });
});
