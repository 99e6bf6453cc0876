// Builds the review fixtures of test/fixtures/docx that hold Word's own review structures: nested
// comment ranges with a reply and a resolved thread, comments in a table, a move, a deleted table
// row, a formatting change and a short contract under review, each written as Word 2016+ writes it (comments.xml with
// commentsExtended.xml, commentsIds.xml and people.xml; w14:paraId on every paragraph). Run
// `npx tsx test/support/word-review-fixtures.ts` to write them again; a test checks the files are
// this module's output.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildZip } from './zip-builder.js';

const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const NAMESPACES =
  `xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ` +
  `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ` +
  `xmlns:w="${W}" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" ` +
  `xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml" ` +
  `xmlns:w16cid="http://schemas.microsoft.com/office/word/2016/wordml/cid" mc:Ignorable="w14 w15 w16cid"`;
const DATE = '2026-11-20T09:30:00Z';
const SECTION = '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>';

/** A comment as Word writes it: its thread parent and done flag go to commentsExtended.xml. */
interface WordComment {
  readonly id: number;
  readonly author: string;
  readonly initials: string;
  readonly text: string;
  /** The id of the comment it answers. */
  readonly parent?: number;
  readonly done?: boolean;
}

/** A fixture: the body's XML and its comments, if any. */
interface WordFixture {
  readonly body: string;
  readonly comments?: readonly WordComment[];
}

let paraIds = 0;
// Word's w14:paraId: 8 hex digits below 0x80000000, unique in the package.
const nextParaId = () => (0x10000000 + ++paraIds).toString(16).toUpperCase();

/** A paragraph of runs and markers; `pPr` inside `w:pPr`. */
export function para(content: string, pPr = ''): string {
  return `<w:p w14:paraId="${nextParaId()}" w14:textId="77777777">${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${content}</w:p>`;
}

/** A run of text; `rPr` inside `w:rPr`. */
export function run(text: string, rPr = ''): string {
  return `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
}

const changeAttributes = (id: number, author: string) => `w:id="${id}" w:author="${author}" w:date="${DATE}"`;
const inserted = (id: number, author: string, text: string) => `<w:ins ${changeAttributes(id, author)}>${run(text)}</w:ins>`;
const deleted = (id: number, author: string, text: string) => `<w:del ${changeAttributes(id, author)}><w:r><w:delText xml:space="preserve">${text}</w:delText></w:r></w:del>`;
const start = (id: number) => `<w:commentRangeStart w:id="${id}"/>`;
const end = (id: number) => `<w:commentRangeEnd w:id="${id}"/><w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:commentReference w:id="${id}"/></w:r>`;
const cell = (content: string) => `<w:tc><w:tcPr><w:tcW w:w="4680" w:type="dxa"/></w:tcPr>${content}</w:tc>`;
const table = (rows: readonly string[]) =>
  `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/><w:tblLook w:val="04A0"/></w:tblPr>` +
  `<w:tblGrid><w:gridCol w:w="4680"/><w:gridCol w:w="4680"/></w:tblGrid>${rows.join('')}</w:tbl>`;

const FIXTURES: Record<string, () => WordFixture> = {
  // Comment 1 inside comment 0's range, comment 2 a reply to comment 0 over the same range, and
  // comment 3, resolved, over a range from one paragraph into the next.
  'quire-word-nested-comments.docx': () => ({
    body:
      para(`${run('The ')}${start(0)}${start(2)}${run('parties agree ')}${start(1)}${run('to keep')}${end(1)}${run(' the terms secret')}${end(0)}${end(2)}${run('.')}`) +
      para(`${run('Either party may ')}${start(3)}${run('end this agreement')}`) +
      para(`${run('with thirty days of notice')}${end(3)}${run('.')}`),
    comments: [
      { id: 0, author: 'Ann Lawyer', initials: 'AL', text: 'Too broad: name the terms.' },
      { id: 1, author: 'Bo Editor', initials: 'BE', text: 'For how long?' },
      { id: 2, author: 'Bo Editor', initials: 'BE', text: 'Agreed, see clause 4.', parent: 0 },
      { id: 3, author: 'Ann Lawyer', initials: 'AL', text: 'Notice period checked.', done: true },
    ],
  }),
  // A comment on a word of a cell, and one whose range runs from one cell into the next.
  'quire-word-table-comment.docx': () => ({
    body:
      para(run('Price list')) +
      table([
        `<w:tr>${cell(para(run('Item')))}${cell(para(`${run('Unit ')}${start(0)}${run('price')}${end(0)}`))}</w:tr>`,
        `<w:tr>${cell(para(`${start(1)}${run('Paper')}`))}${cell(para(`${run('12 euros')}${end(1)}`))}</w:tr>`,
      ]) +
      para(run('Prices include tax.')) +
      para(run('Quotes are free.')),
    comments: [
      { id: 0, author: 'Ann Lawyer', initials: 'AL', text: 'Before or after tax?' },
      { id: 1, author: 'Bo Editor', initials: 'BE', text: 'Paper costs 14 euros now.' },
    ],
  }),
  // A sentence moved from the first paragraph into the second, with Word's range markers.
  'quire-word-move.docx': () => ({
    body:
      para(
        `${run('Terms. ')}<w:moveFromRangeStart ${changeAttributes(1, 'Bo Editor')} w:name="move1"/>` +
          `<w:moveFrom ${changeAttributes(2, 'Bo Editor')}><w:r><w:delText xml:space="preserve">Payment is due in thirty days. </w:delText></w:r></w:moveFrom>` +
          `<w:moveFromRangeEnd w:id="1"/>${run('The goods ship in one week.')}`,
      ) +
      para(
        `${run('Invoices are sent by mail. ')}<w:moveToRangeStart ${changeAttributes(3, 'Bo Editor')} w:name="move1"/>` +
          `<w:moveTo ${changeAttributes(4, 'Bo Editor')}>${run('Payment is due in thirty days. ')}</w:moveTo><w:moveToRangeEnd w:id="3"/>${run('Keep them.')}`,
      ),
  }),
  // The middle row of a table deleted with its text, as Word marks both.
  'quire-word-deleted-row.docx': () => ({
    body:
      para(run('Deliveries')) +
      table([
        `<w:tr>${cell(para(run('Monday')))}${cell(para(run('Paper')))}</w:tr>`,
        `<w:tr><w:trPr><w:del ${changeAttributes(5, 'Bo Editor')}/></w:trPr>` +
          cell(para(`<w:del ${changeAttributes(6, 'Bo Editor')}><w:r><w:delText>Tuesday</w:delText></w:r></w:del>`, `<w:rPr><w:del ${changeAttributes(7, 'Bo Editor')}/></w:rPr>`)) +
          cell(para(`<w:del ${changeAttributes(8, 'Bo Editor')}><w:r><w:delText>Ink</w:delText></w:r></w:del>`, `<w:rPr><w:del ${changeAttributes(9, 'Bo Editor')}/></w:rPr>`)) +
          `</w:tr>`,
        `<w:tr>${cell(para(run('Friday')))}${cell(para(run('Toner')))}</w:tr>`,
      ]) +
      para(run('Deliveries arrive before noon.')) +
      para(run('Call ahead for Saturdays.')),
  }),
  // A short contract under review by two people: comments with a reply thread and a resolved
  // one, insertions and deletions by both, one replacing a word (a deletion then an insertion).
  'quire-word-reviewed-contract.docx': () => ({
    body:
      para(run('Services Agreement', '<w:b/><w:sz w:val="32"/>')) +
      para(`${run('This agreement is made between ')}${start(0)}${start(1)}${run('Northwind Ltd')}${end(0)}${end(1)}${run(' (the Client) and Quire Works (the Supplier).')}`) +
      para(`${run('1. The Supplier delivers the services within ')}${deleted(10, 'Bo Editor', 'thirty')}${inserted(11, 'Bo Editor', 'sixty')}${run(' days of the order.')}`) +
      para(`${run('2. The Client pays each invoice within ')}${inserted(12, 'Ann Lawyer', 'fourteen ')}${run('days')}${deleted(13, 'Ann Lawyer', ' of receipt')}${run('.')}`) +
      para(`${run('3. Either party may ')}${start(2)}${run('end this agreement')}${end(2)}${run(' with written notice')}${inserted(14, 'Bo Editor', ' of ninety days')}${run('.')}`) +
      para(`${run('4. ')}${start(3)}${run('This agreement is governed by the laws of England.')}${end(3)}${deleted(15, 'Ann Lawyer', ' Disputes go to arbitration.')}`) +
      para(run('Signed for the Client and for the Supplier.')),
    comments: [
      { id: 0, author: 'Ann Lawyer', initials: 'AL', text: 'Use the registered name.' },
      { id: 1, author: 'Bo Editor', initials: 'BE', text: 'Northwind Trading Ltd, per the register.', parent: 0 },
      { id: 2, author: 'Bo Editor', initials: 'BE', text: 'Is ninety days enough?' },
      { id: 3, author: 'Ann Lawyer', initials: 'AL', text: 'Governing law agreed by phone.', done: true },
    ],
  }),
  // A word made bold as a tracked formatting change: the run's old properties in w:rPrChange.
  'quire-word-format-change.docx': () => ({
    body:
      para(`${run('The total is ')}${run('final', `<w:b/><w:rPrChange ${changeAttributes(10, 'Ann Lawyer')}><w:rPr/></w:rPrChange>`)}${run(' once signed.')}`) +
      para(run('Payment is due in thirty days.')),
  }),
};

/** The names of the fixtures this module makes, as in test/fixtures/docx. */
export const WORD_REVIEW_FIXTURES: readonly string[] = Object.keys(FIXTURES);

const part = (root: string, content: string, namespaces = NAMESPACES) => `${DECLARATION}<${root} ${namespaces}>${content}</${root.split(' ')[0]}>`;

function commentsParts(comments: readonly WordComment[]): Record<string, string> {
  // A comment's paraId is that of its (last) paragraph; commentsExtended and commentsIds refer to it.
  const ids = new Map(comments.map((comment) => [comment.id, nextParaId()]));
  const people = [...new Set(comments.map((comment) => comment.author))];
  return {
    'word/comments.xml': part(
      'w:comments',
      comments
        .map(
          ({ id, author, initials, text }) =>
            `<w:comment w:id="${id}" w:author="${author}" w:date="${DATE}" w:initials="${initials}">` +
            `<w:p w14:paraId="${ids.get(id)}" w14:textId="77777777"><w:pPr><w:pStyle w:val="CommentText"/></w:pPr>` +
            `<w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:annotationRef/></w:r>${run(text)}</w:p></w:comment>`,
        )
        .join(''),
    ),
    'word/commentsExtended.xml': part(
      'w15:commentsEx',
      comments
        .map(({ id, parent, done }) => `<w15:commentEx w15:paraId="${ids.get(id)}"${parent === undefined ? '' : ` w15:paraIdParent="${ids.get(parent)}"`} w15:done="${done ? 1 : 0}"/>`)
        .join(''),
    ),
    'word/commentsIds.xml': part(
      'w16cid:commentsIds',
      comments.map(({ id }) => `<w16cid:commentId w16cid:paraId="${ids.get(id)}" w16cid:durableId="${(0x3a000000 + id).toString(16).toUpperCase()}"/>`).join(''),
    ),
    'word/people.xml': part(
      'w15:people',
      people.map((author) => `<w15:person w15:author="${author}"><w15:presenceInfo w15:providerId="None" w15:userId="${author}"/></w15:person>`).join(''),
    ),
  };
}

const CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
const REVIEW_PARTS = [
  ['comments', `${CONTENT_TYPE}.comments+xml`, 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments'],
  ['commentsExtended', `${CONTENT_TYPE}.commentsExtended+xml`, 'http://schemas.microsoft.com/office/2011/relationships/commentsExtended'],
  ['commentsIds', `${CONTENT_TYPE}.commentsIds+xml`, 'http://schemas.microsoft.com/office/2016/09/relationships/commentsIds'],
  ['people', `${CONTENT_TYPE}.people+xml`, 'http://schemas.microsoft.com/office/2011/relationships/people'],
] as const;

const STYLES =
  `<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Liberation Serif" w:hAnsi="Liberation Serif"/><w:sz w:val="24"/></w:rPr></w:rPrDefault></w:docDefaults>` +
  `<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>` +
  `<w:style w:type="paragraph" w:styleId="CommentText"><w:name w:val="annotation text"/><w:basedOn w:val="Normal"/></w:style>` +
  `<w:style w:type="character" w:styleId="CommentReference"><w:name w:val="annotation reference"/><w:rPr><w:sz w:val="16"/></w:rPr></w:style>` +
  `<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:tblPr><w:tblBorders>` +
  ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((side) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="auto"/>`).join('') +
  `</w:tblBorders></w:tblPr></w:style>`;

/** The bytes of the fixture `name`, the same each time. */
export function buildWordReviewFixture(name: string): Uint8Array {
  const make = FIXTURES[name];
  if (!make) throw new Error(`No review fixture is named ${name}.`);
  paraIds = 0;
  const { body, comments } = make();
  const review = comments ? commentsParts(comments) : {};
  const used = REVIEW_PARTS.filter(([partName]) => `word/${partName}.xml` in review);
  const entries: Record<string, string> = {
    '[Content_Types].xml':
      `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/word/document.xml" ContentType="${CONTENT_TYPE}.document.main+xml"/>` +
      `<Override PartName="/word/styles.xml" ContentType="${CONTENT_TYPE}.styles+xml"/>` +
      used.map(([partName, type]) => `<Override PartName="/word/${partName}.xml" ContentType="${type}"/>`).join('') +
      `</Types>`,
    '_rels/.rels':
      `${DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/document.xml': part('w:document', `<w:body>${body}${SECTION}</w:body>`),
    'word/_rels/document.xml.rels':
      `${DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
      used.map(([partName, , type], index) => `<Relationship Id="rId${index + 2}" Type="${type}" Target="${partName}.xml"/>`).join('') +
      `</Relationships>`,
    'word/styles.xml': part('w:styles', STYLES),
    ...review,
  };
  return buildZip(Object.entries(entries).map(([entry, content]) => [entry, new TextEncoder().encode(content)]));
}

// Run directly, writes every fixture into test/fixtures/docx.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const folder = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'docx');
  for (const name of WORD_REVIEW_FIXTURES) writeFileSync(join(folder, name), buildWordReviewFixture(name));
}
