import { describe, expect, it } from 'vitest';
import { addRowAfter } from 'prosemirror-tables';
import { readDocx } from '../../../src/readers/index.js';
import { writeDocx } from '../../../src/writers/docx/write-docx.js';
import { buildTestDocx } from '../../../../../test/support/docx-package.js';
import { bodyNodes, bodyTextblocks, edited, elementsOf, exportDocx, fixtureBytes, openDocx, paragraphsOf, partText, positionOf, runCommand } from './patch-fixtures.js';
import { REVIEWED, summarizeReview, typeIntoReviewedParagraphs } from './review-fixtures.js';

describe('patchDocx and review marks', () => {
  it.each(REVIEWED)('keeps the tracked changes and comment ranges of %s when each paragraph holding one is edited', async (name) => {
    const { original, doc, targets, bytes } = await typeIntoReviewedParagraphs(name);
    expect(targets).toBeGreaterThan(0);
    const before = summarizeReview(original.doc);
    const typed = summarizeReview(doc);
    const reread = summarizeReview((await openDocx(bytes)).doc);
    expect(reread).toEqual(typed);
    expect(typed.changes.length + Object.keys(typed.comments).length).toBeGreaterThan(0);
    expect(typed.changes.map(({ kind, author, date }) => ({ kind, author, date }))).toEqual(before.changes.map(({ kind, author, date }) => ({ kind, author, date })));
    expect(Object.keys(typed.comments)).toEqual(Object.keys(before.comments));
  });

  it.each(REVIEWED)('gives the tracked changes it writes for %s no id that another change of the file has', async (name) => {
    const { original, bytes } = await typeIntoReviewedParagraphs(name);
    const before = await documentIds(original.package.readXmlPart('word/document.xml'));
    const after = await documentIds((await openDocx(bytes)).package.readXmlPart('word/document.xml'));
    // Google Docs gives an insertion and a deletion one id; what was written twice may stay so, nothing more.
    expect(repeated(after.changes).filter((id) => !repeated(before.changes).includes(id))).toEqual([]);
    expect(repeated(after.starts)).toEqual([]);
    expect([...after.ends].sort()).toEqual([...after.starts].sort());
    expect(after.starts.sort()).toEqual(before.starts.sort());
    const reread = await readDocx(bytes);
    expect(reread.messages.filter((message) => message.code === 'READER_ELEMENT_DROPPED')).toEqual([]);
  });

  it.each(REVIEWED)('keeps the comment reference runs of %s', async (name) => {
    const { original, bytes } = await typeIntoReviewedParagraphs(name);
    const references = (xml: string) => xml.match(/<w:commentReference /g)?.length ?? 0;
    const before = (await original.package.readXmlPart('word/document.xml')).text;
    expect(references((await partText(bytes, original.sources.partName))!)).toBe(references(before));
  });

  it.each(REVIEWED)('writes the tracked changes of %s into a DOCX made anew (a conversion), as they were read', async (name) => {
    const read = await readDocx(fixtureBytes(name));
    const written = await readDocx(await writeDocx(read.value));
    expect(summarizeReview(written.value).changes).toEqual(summarizeReview(read.value).changes);
  });
});

async function documentIds(part: Promise<{ text: string }>) {
  const { text } = await part;
  const all = (pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match[1]!);
  return {
    changes: all(/<w:(?:ins|del|moveFrom|moveTo) [^>]*?w:id="(\d+)"/g),
    starts: all(/<w:commentRangeStart [^>]*?w:id="(\d+)"/g),
    ends: all(/<w:commentRangeEnd [^>]*?w:id="(\d+)"/g),
  };
}

function repeated(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
}

describe('patchDocx writing an edited paragraph that holds review markup', () => {
  const change = (id: string) => `w:id="${id}" w:author="Ann" w:date="2024-01-01T00:00:00Z"`;

  /** Types `text` before `needle` in the body's first paragraph and returns that paragraph as exported. */
  async function typeBefore(body: string, needle: string, text: string): Promise<string> {
    const original = await openDocx(buildTestDocx({ body: `${body}<w:sectPr/>` }));
    const paragraph = bodyTextblocks(original.doc)[0]!;
    const doc = edited(original.doc, (state) => state.tr.insertText(text, positionOf(paragraph, needle)));
    return paragraphsOf((await partText(await exportDocx(original, doc), original.sources.partName))!)[0]!;
  }

  it('keeps formatting changes and the paragraph mark’s change, which it does not model yet', async () => {
    const pPr = `<w:pPr><w:jc w:val="center"/><w:rPr><w:del ${change('7')}/></w:rPr><w:pPrChange ${change('8')}><w:pPr/></w:pPrChange></w:pPr>`;
    const rPr = `<w:rPr><w:b/><w:rPrChange ${change('9')}><w:rPr/></w:rPrChange></w:rPr>`;
    const written = await typeBefore(`<w:p>${pPr}<w:r>${rPr}<w:t>bold text</w:t></w:r></w:p>`, 'text', '~');
    expect(written).toContain(pPr);
    expect(written).toContain(`<w:r>${rPr}<w:t xml:space="preserve">bold ~text</w:t></w:r>`);
  });

  it('states the change of a new paragraph’s mark in its properties', async () => {
    const original = await openDocx(buildTestDocx({ body: `<w:p><w:r><w:t>first</w:t></w:r></w:p><w:sectPr/>` }));
    const markChange = { kind: 'insertion', id: '0', author: 'Ann', date: '2024-01-01T00:00:00Z' };
    const doc = edited(original.doc, (state) => state.tr.insert(bodyTextblocks(original.doc)[0]!.pos, state.schema.nodes['paragraph']!.create({ markChange }, state.schema.text('new'))));
    const bytes = await exportDocx(original, doc);
    const written = paragraphsOf((await partText(bytes, original.sources.partName))!)[0]!;
    expect(written).toContain('<w:pPr><w:rPr><w:ins w:id="0" w:author="Ann" w:date="2024-01-01T00:00:00Z"/></w:rPr></w:pPr>');
    expect(bodyTextblocks((await openDocx(bytes)).doc)[0]!.node.attrs['markChange']).toEqual(markChange);
  });

  it('writes text typed inside a deletion as deleted, in w:delText, keeping the change’s id, author and date', async () => {
    const written = await typeBefore(`<w:p><w:r><w:t>kept </w:t></w:r><w:del ${change('3')}><w:r><w:delText>gone</w:delText></w:r></w:del></w:p>`, 'one', 'x');
    expect(written).toContain(`<w:del ${change('3')}><w:r><w:delText xml:space="preserve">gxone</w:delText></w:r></w:del>`);
  });

  it('gives the second part of an insertion split by untracked text an id of its own, above every id of the part', async () => {
    const body = `<w:p><w:bookmarkStart w:id="40" w:name="b"/><w:ins ${change('5')}><w:r><w:t>inserted</w:t></w:r></w:ins><w:bookmarkEnd w:id="40"/></w:p>`;
    const original = await openDocx(buildTestDocx({ body: `${body}<w:sectPr/>` }));
    const paragraph = bodyTextblocks(original.doc)[0]!;
    // Untracked text typed into the middle: the insertion mark is taken off the typed text.
    const doc = edited(original.doc, (state) => state.tr.insertText('~', positionOf(paragraph, 'rted')).removeMark(positionOf(paragraph, 'rted'), positionOf(paragraph, 'rted') + 1, state.schema.marks['insertion']!));
    const written = paragraphsOf((await partText(await exportDocx(original, doc), original.sources.partName))!)[0]!;
    expect(written).toContain(`<w:ins ${change('5')}><w:r><w:t xml:space="preserve">inse</w:t></w:r></w:ins><w:r><w:t xml:space="preserve">~</w:t></w:r>`);
    expect(written).toContain(`<w:ins w:id="41" w:author="Ann" w:date="2024-01-01T00:00:00Z"><w:r><w:t xml:space="preserve">rted</w:t></w:r></w:ins>`);
  });

  it('writes a comment’s range markers around its text again when the runs they stood between are written anew', async () => {
    const body = `<w:p><w:r><w:t xml:space="preserve">one </w:t></w:r><w:commentRangeStart w:id="0"/><w:r><w:t>two</w:t></w:r><w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r><w:r><w:t xml:space="preserve"> three</w:t></w:r></w:p>`;
    const original = await openDocx(buildTestDocx({ body: `${body}<w:sectPr/>` }));
    const paragraph = bodyTextblocks(original.doc)[0]!;
    // Replacing "e two t" rewrites the three text runs; the range keeps to what is left of "two".
    const doc = edited(original.doc, (state) => state.tr.insertText('E TWO T', positionOf(paragraph, 'e '), positionOf(paragraph, 'hree')).addMark(positionOf(paragraph, 'e ') + 2, positionOf(paragraph, 'e ') + 5, state.schema.marks['comment']!.create({ id: '0' })));
    const written = paragraphsOf((await partText(await exportDocx(original, doc), original.sources.partName))!)[0]!;
    const reread = (await openDocx(await exportDocx(original, doc))).doc;
    expect(summarizeReview(reread).comments).toEqual({ '0': 'TWO' });
    expect(written).toContain('<w:commentReference w:id="0"/>');
    expect(written.match(/<w:commentRangeStart/g)).toHaveLength(1);
  });
});

describe('patchDocx and inserted table rows', () => {
  it('keeps a row tracked as inserted, and does not copy its insertion into a row added beside it', async () => {
    const cell = (text: string) => `<w:tc><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
    const inserted = '<w:ins w:id="3" w:author="Ann" w:date="2024-01-01T00:00:00Z"/>';
    const body = `<w:tbl><w:tblGrid><w:gridCol w:w="2000"/></w:tblGrid><w:tr>${cell('old')}</w:tr><w:tr><w:trPr><w:cantSplit/>${inserted}</w:trPr>${cell('new')}</w:tr></w:tbl><w:p/><w:sectPr/>`;
    const original = await openDocx(buildTestDocx({ body }));
    const rows = bodyNodes(original.doc, 'table_row');
    expect(rows.map(({ node }) => node.attrs['change'])).toEqual([null, { kind: 'insertion', id: '3', author: 'Ann', date: '2024-01-01T00:00:00Z' }]);
    const doc = runCommand(original.doc, addRowAfter, rows[1]!.pos + 3);
    const xml = (await partText(await exportDocx(original, doc), original.sources.partName))!;
    const trs = elementsOf(xml, 'w:tr');
    expect(trs).toHaveLength(3);
    expect(trs[1]).toContain(`<w:trPr><w:cantSplit/>${inserted}</w:trPr>`);
    expect(trs[2]).toContain('<w:trPr><w:cantSplit/></w:trPr>');
  });
});
