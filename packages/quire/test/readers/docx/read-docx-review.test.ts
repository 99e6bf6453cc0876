import { describe, expect, it } from 'vitest';
import { commented, del, doc, ins, p, td, table, tr } from '../../../src/model/builders.js';
import { extractText } from '../../../src/model/extract-text.js';
import { readDocx } from '../../../src/readers/docx/read-docx.js';
import { buildTestDocx, paragraph, run, type TestDocx } from '../../../../../test/support/docx-package.js';

async function read(spec: TestDocx) {
  return readDocx(buildTestDocx(spec));
}

const A = { id: '1', author: 'Ann', date: '2024-01-01T00:00:00Z', move: null as string | null };
const attrs = (change: typeof A) => `w:id="${change.id}" w:author="${change.author}" w:date="${change.date}"`;
const deleted = (text: string) => `<w:r><w:delText xml:space="preserve">${text}</w:delText></w:r>`;

describe('readDocx tracked changes', () => {
  it('reads inserted text with an insertion mark and deleted text with a deletion mark, with the change’s id, author and date', async () => {
    const B = { ...A, id: '2', author: 'Bo' };
    const body = `<w:p>${run('kept ')}<w:ins ${attrs(A)}>${run('inserted ')}</w:ins><w:del ${attrs(B)}>${deleted('deleted ')}</w:del>${run('end')}</w:p>`;
    const result = await read({ body });
    expect(result.value.toJSON()).toEqual(doc(p('kept ', ins(A, 'inserted '), del(B, 'deleted '), 'end')).toJSON());
    expect(result.messages).toEqual([]);
  });

  it('names a move by its range on both ends, moved-out text deleted and moved-in text inserted', async () => {
    const from = { ...A, move: 'move1' };
    const to = { ...A, id: '3', move: 'move1' };
    const body =
      `<w:p><w:moveFromRangeStart w:id="5" w:name="move1" w:author="Ann"/><w:moveFrom ${attrs(from)}>${deleted('moved')}</w:moveFrom><w:moveFromRangeEnd w:id="5"/>${run(' stays ')}` +
      `<w:moveToRangeStart w:id="6" w:name="move1" w:author="Ann"/><w:moveTo ${attrs(to)}>${run('moved')}</w:moveTo><w:moveToRangeEnd w:id="6"/></w:p>`;
    expect((await read({ body })).value.toJSON()).toEqual(doc(p(del(from, 'moved'), ' stays ', ins(to, 'moved'))).toJSON());
  });

  it('keeps deleted tabs and breaks but not the pictures, notes and page breaks of deleted runs', async () => {
    const body = `<w:p>${run('a')}<w:del ${attrs(A)}><w:r><w:delText>b</w:delText><w:tab/><w:br w:type="page"/><w:footnoteReference w:id="1"/></w:r></w:del></w:p>`;
    expect((await read({ body })).value.toJSON()).toEqual(doc(p('a', del(A, 'b\t'))).toJSON());
  });

  it('keeps an inserted or deleted paragraph mark as the paragraph’s markChange', async () => {
    const mark = (kind: 'ins' | 'del') => `<w:pPr><w:rPr><w:${kind} ${attrs(A)}/></w:rPr></w:pPr>`;
    const body = `<w:p>${mark('ins')}${run('split here')}</w:p><w:p>${mark('del')}${run('joined')}</w:p>${paragraph('plain')}`;
    const changes = (await read({ body })).value.firstChild!.content.content.map((block) => block.attrs['markChange']);
    const { move: _move, ...change } = A;
    expect(changes).toEqual([{ kind: 'insertion', ...change }, { kind: 'deletion', ...change }, null]);
  });

  it('says the document’s text as if every change were accepted', async () => {
    const body = `<w:p>${run('one ')}<w:del ${attrs(A)}>${deleted('two ')}</w:del><w:ins ${attrs(A)}>${run('three')}</w:ins></w:p>`;
    expect(extractText((await read({ body })).value)).toBe('one three');
  });
});

describe('readDocx comment ranges', () => {
  it('marks the text between a comment’s range start and end, across paragraphs and tables, and skips its reference run', async () => {
    const body =
      `<w:p>${run('before ')}<w:commentRangeStart w:id="7"/>${run('start')}</w:p>` +
      `<w:tbl><w:tr><w:tc>${paragraph('cell')}</w:tc></w:tr></w:tbl>` +
      `<w:p>${run('end')}<w:commentRangeEnd w:id="7"/><w:r><w:commentReference w:id="7"/></w:r>${run(' after')}</w:p>`;
    const result = await read({ body });
    const c = { id: '7' };
    expect(result.value.toJSON()).toEqual(
      doc(p('before ', commented(c, 'start')), table({ borders: {} }, tr(td(p(commented(c, 'cell'))))), p(commented(c, 'end'), ' after')).toJSON(),
    );
  });

  it('lets overlapping comment ranges both mark the text they share', async () => {
    const body = `<w:p><w:commentRangeStart w:id="1"/>${run('a')}<w:commentRangeStart w:id="2"/>${run('b')}<w:commentRangeEnd w:id="1"/>${run('c')}<w:commentRangeEnd w:id="2"/></w:p>`;
    const read1 = { id: '1' };
    const read2 = { id: '2' };
    expect((await read({ body })).value.toJSON()).toEqual(doc(p(commented(read1, 'a'), commented(read2, commented(read1, 'b')), commented(read2, 'c'))).toJSON());
  });
});

const W15 = 'http://schemas.microsoft.com/office/word/2012/wordml';
const W16CID = 'http://schemas.microsoft.com/office/word/2016/wordml/cid';
const W14 = 'http://schemas.microsoft.com/office/word/2010/wordml';

describe('readDocx comments', () => {
  it('reads each comment’s author, initials, date and paragraphs, its thread parent and resolved state, and the people', async () => {
    const comment = (id: string, paraId: string, ...texts: string[]) =>
      `<w:comment w:id="${id}" w:author="Ann" w:initials="A" w:date="2024-02-03T04:05:06Z">` +
      texts.map((text, index) => `<w:p${index === texts.length - 1 ? ` w14:paraId="${paraId}"` : ''}><w:r><w:annotationRef/></w:r>${run(text)}</w:p>`).join('') +
      `</w:comment>`;
    const declaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
    const w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
    const raw = {
      'word/comments.xml': `${declaration}<w:comments ${w} xmlns:w14="${W14}">${comment('0', '0000000A', 'First line', 'Second line')}${comment('1', '0000000B', 'A reply')}</w:comments>`,
      'word/commentsExtended.xml': `${declaration}<w15:commentsEx xmlns:w15="${W15}"><w15:commentEx w15:paraId="0000000A" w15:done="1"/><w15:commentEx w15:paraId="0000000B" w15:paraIdParent="0000000A" w15:done="0"/></w15:commentsEx>`,
      'word/commentsIds.xml': `${declaration}<w16cid:commentsIds xmlns:w16cid="${W16CID}"><w16cid:commentId w16cid:paraId="0000000A" w16cid:durableId="12345678"/></w16cid:commentsIds>`,
      'word/people.xml': `${declaration}<w15:people xmlns:w15="${W15}"><w15:person w15:author="Ann"><w15:presenceInfo w15:providerId="None" w15:userId="Ann"/></w15:person></w15:people>`,
    };
    // Word's later parts have relationship types of Microsoft's namespace; the reader knows them by their last segment.
    const relationships = ['comments', 'commentsExtended', 'commentsIds', 'people'].map((type) => ({ id: `rId${type}`, type, target: `${type}.xml` }));
    const result = await read({ body: paragraph('text'), raw, relationships });
    expect(result.review).toEqual({
      comments: [
        { id: '0', author: 'Ann', initials: 'A', date: '2024-02-03T04:05:06Z', paragraphs: ['First line', 'Second line'], paraId: '0000000A', parentId: null, done: true, durableId: '12345678' },
        { id: '1', author: 'Ann', initials: 'A', date: '2024-02-03T04:05:06Z', paragraphs: ['A reply'], paraId: '0000000B', parentId: '0', done: false, durableId: null },
      ],
      people: [{ author: 'Ann', providerId: 'None', userId: 'Ann' }],
    });
  });

  it('reads the runs of a comment with their bold, italic, underline, strike and web links, joining runs of one formatting, and none for a plain comment', async () => {
    const declaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
    const ns = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
    const formatted =
      '<w:comment w:id="0" w:author="Ann"><w:p><w:r><w:annotationRef/></w:r>' +
      '<w:r><w:t xml:space="preserve">Plain </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>bold</w:t></w:r><w:r><w:rPr><w:b w:val="1"/></w:rPr><w:t xml:space="preserve"> still </w:t></w:r>' +
      '<w:r><w:rPr><w:i/><w:u w:val="single"/></w:rPr><w:t>both</w:t></w:r><w:r><w:rPr><w:b w:val="0"/><w:u w:val="none"/><w:strike/></w:rPr><w:t>struck</w:t></w:r>' +
      '<w:hyperlink r:id="rIdWeb"><w:r><w:t>site</w:t></w:r></w:hyperlink><w:hyperlink r:id="rIdScript"><w:r><w:t>script</w:t></w:r></w:hyperlink>' +
      '<w:del w:id="9" w:author="B"><w:r><w:delText>gone</w:delText></w:r></w:del></w:p></w:comment>' +
      `<w:comment w:id="1" w:author="Ann"><w:p>${run('Only plain text')}</w:p></w:comment>`;
    const raw = {
      'word/comments.xml': `${declaration}<w:comments ${ns}>${formatted}</w:comments>`,
      'word/_rels/comments.xml.rels':
        `${declaration}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        '<Relationship Id="rIdWeb" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.org/terms" TargetMode="External"/>' +
        '<Relationship Id="rIdScript" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="javascript:alert(1)" TargetMode="External"/>' +
        '</Relationships>',
    };
    const result = await read({ body: paragraph('text'), raw, relationships: [{ id: 'rIdc', type: 'comments', target: 'comments.xml' }] });
    const [first, second] = result.review.comments;
    expect(first!.paragraphs).toEqual(['Plain bold still bothstrucksitescript']);
    expect(first!.runs).toEqual([
      [
        { text: 'Plain ' },
        { text: 'bold still ', bold: true },
        { text: 'both', italic: true, underline: true },
        { text: 'struck', strike: true },
        { text: 'site', href: 'https://example.org/terms' },
        { text: 'script' },
      ],
    ]);
    expect(second!.paragraphs).toEqual(['Only plain text']);
    expect(second).not.toHaveProperty('runs');
  });

  it('keeps at most 10 000 comments of a file that holds more, each of at most 100 000 characters', async () => {
    const declaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
    const long = 'x'.repeat(100_001);
    const comments = Array.from({ length: 10_001 }, (_, index) => `<w:comment w:id="${index}" w:author="A"><w:p>${run(index === 0 ? long : 'c')}</w:p></w:comment>`).join('');
    const raw = { 'word/comments.xml': `${declaration}<w:comments xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${comments}</w:comments>` };
    const result = await read({ body: paragraph('text'), raw, relationships: [{ id: 'rIdc', type: 'comments', target: 'comments.xml' }] });
    expect(result.review.comments).toHaveLength(10_000);
    expect(result.review.comments[0]!.paragraphs[0]).toHaveLength(100_000);
  });
});
