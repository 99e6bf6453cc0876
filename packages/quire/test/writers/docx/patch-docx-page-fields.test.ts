// A table of contents is a TOC field whose result holds linked entries with PAGEREF fields: edits
// around it and in it must leave Word a table it can update, with every field still a field.
import { describe, expect, it } from 'vitest';
import { schema } from '../../../src/model/schema.js';
import { buildTestDocx, run } from '../../../../../test/support/docx-package.js';
import { bodyTextblocks, edited, exportDocx, findAll, openDocx, openFixture, partText, positionOf } from './patch-fixtures.js';

const TOC_FIXTURE = 'superdoc-table-of-contents.docx';

const pageRefCodes = (xml: string) => findAll(xml, /PAGEREF _Toc\d+ \\h/g);

// A PAGEREF in running text, as complex field runs: begin, code, separate, result, end.
const complexPageRef =
  '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGEREF intro \\h </w:instrText></w:r>' +
  `<w:r><w:fldChar w:fldCharType="separate"/></w:r>${run('3')}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
const referringDocx = () =>
  buildTestDocx({ body: `<w:p>${run('Go to page ')}${complexPageRef}${run(' now.')}</w:p><w:p><w:bookmarkStart w:id="1" w:name="intro"/>${run('Intro')}<w:bookmarkEnd w:id="1"/></w:p>` });
const firstParagraphXml = async (bytes: Uint8Array) => {
  const xml = (await partText(bytes, '/word/document.xml'))!;
  return xml.slice(xml.indexOf('<w:p>'), xml.indexOf('</w:p>') + '</w:p>'.length);
};

describe('patchDocx of page fields', () => {
  it('keeps the table of contents and its PAGEREF fields when a paragraph is added above it', async () => {
    const original = await openFixture(TOC_FIXTURE);
    const before = (await partText(original.package.bytes, '/word/document.xml'))!;
    const doc = edited(original.doc, (state) => state.tr.insert(1, schema.nodes['paragraph']!.create(null, schema.text('Added above'))));
    const xml = (await partText(await exportDocx(original, doc), '/word/document.xml'))!;
    expect(xml).toContain('Added above');
    expect(pageRefCodes(before)).toHaveLength(2);
    expect(pageRefCodes(xml)).toEqual(pageRefCodes(before));
    expect(findAll(xml, /TOC \\o "1-1" \\h \\z \\t "Title,1"/g)).toHaveLength(1);
    expect(findAll(xml, /w:fldCharType="begin"/g)).toHaveLength(findAll(xml, /w:fldCharType="end"/g).length);
  });

  it('writes the PAGEREF of a table of contents entry typed into as a field with its code and result, which reads back the same', async () => {
    const original = await openFixture(TOC_FIXTURE);
    const entry = bodyTextblocks(original.doc).find(({ node }) => node.textContent.includes('SCOPE OF SALE'))!;
    const doc = edited(original.doc, (state) => state.tr.insertText('THE ', positionOf(entry, 'SCOPE')));
    const bytes = await exportDocx(original, doc);
    expect(pageRefCodes((await partText(bytes, '/word/document.xml'))!)).toHaveLength(2);
    const fields = (docNode: typeof doc) => {
      const found: unknown[] = [];
      docNode.descendants((node) => void (node.type.name === 'field' && found.push(node.attrs)));
      return found;
    };
    const reread = (await openDocx(bytes)).doc;
    expect(reread.textContent).toContain('THE SCOPE OF SALE');
    expect(fields(reread)).toEqual(fields(original.doc));
  });

  it('removes every run of a complex PAGEREF field that was deleted, leaving no field open', async () => {
    const original = await openDocx(referringDocx());
    const paragraph = bodyTextblocks(original.doc)[0]!;
    const at = positionOf(paragraph, ' now');
    const doc = edited(original.doc, (state) => state.tr.delete(at - 1, at));
    expect(doc.firstChild!.firstChild!.textContent).toBe('Go to page  now.');
    const xml = await firstParagraphXml(await exportDocx(original, doc));
    expect(findAll(xml, /w:fldChar|w:instrText|w:fldSimple/g)).toEqual([]);
    expect(xml).not.toContain('<w:t>3</w:t>');
  });

  it('keeps the runs of a complex PAGEREF field as they were when the text around it is replaced', async () => {
    const original = await openDocx(referringDocx());
    const paragraph = bodyTextblocks(original.doc)[0]!;
    const doc = edited(original.doc, (state) => {
      const tr = state.tr.insertText('See', positionOf(paragraph, 'Go'), positionOf(paragraph, 'Go') + 'Go to'.length);
      return tr.insertText('!', tr.mapping.map(positionOf(paragraph, '.')), tr.mapping.map(positionOf(paragraph, '.') + 1));
    });
    const xml = await firstParagraphXml(await exportDocx(original, doc));
    expect(xml).toContain(complexPageRef);
    expect((await openDocx(await exportDocx(original, doc))).doc.firstChild!.firstChild!.textContent).toBe('See page 3 now!');
  });
});
