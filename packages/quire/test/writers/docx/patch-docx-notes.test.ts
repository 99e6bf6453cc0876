import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { buildTestDocx, paragraph, run } from '../../../../../test/support/docx-package.js';
import {
  changedEntries,
  edited,
  elementsOf,
  exportDocx,
  firstElement,
  fixtureBytes,
  openDocx,
  openFixture,
  paragraphsOf,
  partText,
  removedEntries,
  startTag,
  textOf,
  type Located,
} from './patch-fixtures.js';

const FOOTNOTES = 'superdoc-basic-footnotes.docx';

/** The `footnote` node of model id `id`, with where it starts. */
function note(doc: Node, id: string): Located {
  let found: Located | undefined;
  doc.forEach((child, offset) => {
    if (child.type.name === 'footnote' && child.attrs['id'] === id) found = { node: child, pos: offset };
  });
  if (!found) throw new Error(`no note ${id}`);
  return found;
}

/** `doc` with `needle` replaced by `replacement` in the note `id`, as typing over it does. */
function retypedNote(doc: Node, id: string, needle: string, replacement: string): Node {
  const { node, pos } = note(doc, id);
  let range: { from: number; to: number } | undefined;
  node.descendants((child, childPos) => {
    const index = child.isText ? child.text!.indexOf(needle) : -1;
    if (!range && index !== -1) range = { from: pos + 1 + childPos + index, to: pos + 1 + childPos + index + needle.length };
    return !range;
  });
  if (!range) throw new Error(`note ${id} does not hold ${JSON.stringify(needle)}`);
  return edited(doc, (state) => state.tr.insertText(replacement, range!.from, range!.to));
}

/** The notes of `kind` (`w:footnote`, `w:endnote`) of a notes part's XML, by `w:id`. */
function notesById(xml: string, kind: string): Map<string, string> {
  return new Map(elementsOf(xml, kind).map((element) => [/w:id="(-?\d+)"/.exec(startTag(element))![1]!, element]));
}

describe('patchDocx of an edited footnote or endnote', () => {
  it('rewrites only the edited w:footnote, keeping its start tag, its paragraph\'s start tag and properties and its number run, and every other note byte for byte', async () => {
    const original = await openFixture(FOOTNOTES);
    const before = notesById((await partText(original.package.bytes, '/word/footnotes.xml'))!, 'w:footnote');
    const doc = retypedNote(original.doc, '1', 'simple', 'short');

    const bytes = await exportDocx(original, doc);

    expect(changedEntries(original.package.bytes, bytes)).toEqual(['word/footnotes.xml']);
    expect(removedEntries(original.package.bytes, bytes)).toEqual([]);
    const after = notesById((await partText(bytes, '/word/footnotes.xml'))!, 'w:footnote');
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [id, xml] of before) if (id !== '1') expect(after.get(id), `footnote ${id}`).toBe(xml);
    const rewritten = after.get('1')!;
    expect(startTag(rewritten)).toBe(startTag(before.get('1')!));
    const [paragraphBefore] = paragraphsOf(before.get('1')!);
    const [paragraphAfter] = paragraphsOf(rewritten);
    expect(startTag(paragraphAfter!)).toBe(startTag(paragraphBefore!));
    expect(firstElement(paragraphAfter!, 'w:pPr')).toBe(firstElement(paragraphBefore!, 'w:pPr'));
    expect(rewritten).toContain('<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r>');
    expect(textOf(rewritten)).toBe(' This is a short footnote');
  });

  it('keeps the table and the paragraphs of an edited note that the edit left alone byte for byte', async () => {
    const original = await openFixture(FOOTNOTES);
    const before = notesById((await partText(original.package.bytes, '/word/footnotes.xml'))!, 'w:footnote').get('2')!;
    const doc = retypedNote(original.doc, '2', 'longer', 'bigger');

    const after = notesById((await partText(await exportDocx(original, doc), '/word/footnotes.xml'))!, 'w:footnote').get('2')!;

    expect(elementsOf(after, 'w:tbl')).toEqual(elementsOf(before, 'w:tbl'));
    expect(elementsOf(before, 'w:tbl')).toHaveLength(1);
    expect(paragraphsOf(after).slice(1)).toEqual(paragraphsOf(before).slice(1));
    expect(textOf(paragraphsOf(after)[0]!)).toBe(' A bigger one with a table ');
  });

  it('gives back on reading the edited note with its new text and the other notes as they were', async () => {
    const original = await openFixture(FOOTNOTES);
    const doc = retypedNote(original.doc, '1', 'simple', 'short');

    const reread = await openDocx(await exportDocx(original, doc));

    expect(note(reread.doc, '1').node.textContent).toBe('This is a short footnote');
    const others = (d: Node): unknown[] => d.children.filter((child) => child.type.name === 'footnote' && child.attrs['id'] !== '1').map((child) => child.toJSON());
    expect(others(reread.doc)).toEqual(others(original.doc));
  });

  it('returns the original bytes after text is typed into a note and deleted again', async () => {
    const original = await openFixture(FOOTNOTES);
    const typed = retypedNote(original.doc, '1', 'simple', 'simpler');
    const roundTrip = retypedNote(typed, '1', 'simpler', 'simple');
    expect(roundTrip.eq(original.doc)).toBe(true);

    const bytes = await exportDocx(original, roundTrip);

    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(fixtureBytes(FOOTNOTES)))).toBe(0);
  });

  it('patches an edited endnote in the endnotes part, its paragraph style and w:endnoteRef kept, and leaves the footnotes part alone', async () => {
    const endnote = (id: number, text: string): string => `<w:endnote w:id="${id}"><w:p><w:pPr><w:pStyle w:val="EndnoteText"/></w:pPr><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:endnoteRef/></w:r>${run(` ${text}`)}</w:p></w:endnote>`;
    const footnote = `<w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r>${run(' A footnote')}</w:p></w:footnote>`;
    const body = paragraph('Text') + '<w:p><w:r><w:footnoteReference w:id="1"/></w:r><w:r><w:endnoteReference w:id="1"/></w:r><w:r><w:endnoteReference w:id="2"/></w:r></w:p>';
    const bytes = buildTestDocx({ body, footnotes: footnote, endnotes: endnote(1, 'First endnote') + endnote(2, 'Second endnote') });
    const original = await openDocx(bytes);

    const written = await exportDocx(original, retypedNote(original.doc, 'endnote-2', 'Second', 'Last'));

    expect(changedEntries(bytes, written)).toEqual(['word/endnotes.xml']);
    const after = notesById((await partText(written, '/word/endnotes.xml'))!, 'w:endnote');
    expect(after.get('1')).toBe(endnote(1, 'First endnote'));
    expect(after.get('2')).toBe(endnote(2, 'Last endnote'));
    expect(note((await openDocx(written)).doc, 'endnote-2').node.textContent).toBe('Last endnote');
  });
});
