import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { schema } from '../../../src/model/schema.js';
import { buildTestDocx, paragraph } from '../../../../../test/support/docx-package.js';
import {
  changedEntries,
  edited,
  elementsOf,
  exportDocx,
  findAll,
  fixtureBytes,
  openDocx,
  openFixture,
  paragraphsOf,
  partText,
  relationshipsOf,
  removedEntries,
  type Located,
} from './patch-fixtures.js';

const ODD_EVEN = 'superdoc-h_f-normal-odd-even.docx';
// 2 × 1 pixel PNG.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwHwQZGBgAP/wH+ZcTEY4AAAAASUVORK5CYII=';
// The fixture's even-page header: a page number in a framed paragraph inside a content control, then a line of text and an empty paragraph.
const EVEN_HEADER = '/word/header1.xml';

/** The `header_footer` nodes of a document's sections, in order, each with where it starts. */
function headersAndFooters(doc: Node): Located[] {
  const found: Located[] = [];
  doc.forEach((section, offset) => {
    if (section.type.name !== 'section') return;
    section.forEach((child, childOffset) => {
      if (child.type.name === 'header_footer') found.push({ node: child, pos: offset + 1 + childOffset });
    });
  });
  return found;
}

/** The header or footer of `kind` and `variant` of the first section that has one. */
function part(doc: Node, kind: 'header' | 'footer', variant: string): Located {
  const found = headersAndFooters(doc).find(({ node }) => node.attrs['kind'] === kind && node.attrs['variant'] === variant);
  if (!found) throw new Error(`no ${variant} ${kind}`);
  return found;
}

/** The document range of `needle` in the text of a container's textblocks. */
function rangeOf(container: Located, needle: string): { from: number; to: number } {
  let found: { from: number; to: number } | undefined;
  container.node.descendants((node, pos) => {
    if (found || !node.isText) return !found;
    const index = node.text!.indexOf(needle);
    if (index !== -1) found = { from: container.pos + 1 + pos + index, to: container.pos + 1 + pos + index + needle.length };
    return false;
  });
  if (!found) throw new Error(`no text of the container holds ${JSON.stringify(needle)}`);
  return found;
}

/** `doc` with `needle` replaced by `replacement` in `container`, as typing over it does. */
function retyped(doc: Node, container: Located, needle: string, replacement: string): Node {
  const { from, to } = rangeOf(container, needle);
  return edited(doc, (state) => state.tr.insertText(replacement, from, to));
}

/** The names of the page fields of a node's content. */
function fieldNames(node: Node): string[] {
  const names: string[] = [];
  node.descendants((child) => {
    if (child.type.name === 'field') names.push(String(child.attrs['name']));
    return true;
  });
  return names;
}

describe('patchDocx of an edited header or footer', () => {
  it('rewrites only the edited header part, keeping its root element, its page number field and the paragraphs the edit left alone byte for byte', async () => {
    const original = await openFixture(ODD_EVEN);
    const before = (await partText(original.package.bytes, EVEN_HEADER))!;
    const doc = retyped(original.doc, part(original.doc, 'header', 'even'), 'Even page', 'Left-hand page');

    const bytes = await exportDocx(original, doc);

    expect(changedEntries(original.package.bytes, bytes)).toEqual(['word/header1.xml']);
    expect(removedEntries(original.package.bytes, bytes)).toEqual([]);
    const after = (await partText(bytes, EVEN_HEADER))!;
    expect(after.slice(0, after.indexOf('<w:sdt>'))).toBe(before.slice(0, before.indexOf('<w:sdt>')));
    expect(elementsOf(after, 'w:sdt')).toEqual(elementsOf(before, 'w:sdt'));
    expect(after).toContain('<w:instrText xml:space="preserve"> PAGE </w:instrText>');
    const [oldLine, oldEmpty] = paragraphsOf(before).slice(-2);
    const [newLine, newEmpty] = paragraphsOf(after).slice(-2);
    expect(newEmpty).toBe(oldEmpty);
    expect(newLine).toContain('Left-hand page header');
    expect(newLine!.slice(0, newLine!.indexOf('</w:pPr>'))).toBe(oldLine!.slice(0, oldLine!.indexOf('</w:pPr>')));
  });

  it('gives back on reading the edited text and the page number as a PAGE field', async () => {
    const original = await openFixture(ODD_EVEN);
    const doc = retyped(original.doc, part(original.doc, 'header', 'even'), 'Even page', 'Left-hand page');

    const reread = await openDocx(await exportDocx(original, doc));

    const header = part(reread.doc, 'header', 'even').node;
    expect(header.textContent).toContain('Left-hand page header, page numbers at the right');
    expect(fieldNames(header)).toEqual(['PAGE']);
    expect(part(reread.doc, 'header', 'default').node.toJSON()).toEqual(part(original.doc, 'header', 'default').node.toJSON());
  });

  it('rewrites the edited footer and leaves the header parts as they were', async () => {
    const original = await openFixture(ODD_EVEN);
    const doc = retyped(original.doc, part(original.doc, 'footer', 'default'), 'Odd page', 'Right-hand page');

    const bytes = await exportDocx(original, doc);

    expect(changedEntries(original.package.bytes, bytes)).toEqual(['word/footer2.xml']);
    const reread = await openDocx(bytes);
    expect(part(reread.doc, 'footer', 'default').node.textContent).toContain('Right-hand page footer, page numbers at the left');
  });

  it('returns the original bytes after text is typed into a header and deleted again', async () => {
    const original = await openFixture(ODD_EVEN);
    const { from } = rangeOf(part(original.doc, 'header', 'even'), 'Even page');
    const roundTrip = edited(original.doc, (state) => state.tr.insertText('typed', from).delete(from, from + 'typed'.length));
    expect(roundTrip.eq(original.doc)).toBe(true);
    expect(roundTrip).not.toBe(original.doc);

    const bytes = await exportDocx(original, roundTrip);

    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(fixtureBytes(ODD_EVEN)))).toBe(0);
  });

  it('writes an edit of a header that a later section inherits into the one part, which both sections then show', async () => {
    const sectionBreak = '<w:p><w:pPr><w:sectPr><w:headerReference w:type="default" r:id="rIdHeader"/></w:sectPr></w:pPr></w:p>';
    const bytes = buildTestDocx({ body: `${paragraph('first section')}${sectionBreak}${paragraph('second section')}<w:sectPr/>`, headers: { rIdHeader: paragraph('Shared header') } });
    const original = await openDocx(bytes);
    const copies = headersAndFooters(original.doc);
    expect(copies.map(({ node }) => node.textContent)).toEqual(['Shared header', 'Shared header']);

    const doc = retyped(original.doc, copies[1]!, 'Shared', 'Common');
    const written = await exportDocx(original, doc);

    expect(changedEntries(bytes, written)).toEqual(['word/header-rIdHeader.xml']);
    const reread = await openDocx(written);
    expect(headersAndFooters(reread.doc).map(({ node }) => node.textContent)).toEqual(['Common header', 'Common header']);
  });

  it('puts the relationship of a link added to a header into the header part\'s own relationships', async () => {
    const original = await openFixture(ODD_EVEN);
    const { from, to } = rangeOf(part(original.doc, 'header', 'even'), 'Even');
    const link = schema.marks['link']!.create({ href: 'https://example.org/quire' });
    const doc = edited(original.doc, (state) => state.tr.addMark(from, to, link));

    const bytes = await exportDocx(original, doc);

    expect(changedEntries(original.package.bytes, bytes).sort()).toEqual(['word/_rels/header1.xml.rels', 'word/header1.xml']);
    const added = (await relationshipsOf(bytes, EVEN_HEADER)).find((relationship) => relationship.target === 'https://example.org/quire');
    expect(added?.external).toBe(true);
    expect(await partText(bytes, EVEN_HEADER)).toContain(`r:id="${added!.id}"`);
    expect((await relationshipsOf(bytes, '/word/document.xml')).some((relationship) => relationship.target === 'https://example.org/quire')).toBe(false);
  });

  it('puts a picture added to a header into a media part related from the header, with a drawing id that no drawing of the body has', async () => {
    const textBox = '<w:p><w:r><w:drawing><wp:anchor><wp:extent cx="914400" cy="457200"/><wp:docPr id="7" name="Text Box 7"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:txbx><w:txbxContent><w:p><w:r><w:t>boxed</w:t></w:r></w:p></w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r></w:p>';
    const sectPr = '<w:sectPr><w:headerReference w:type="default" r:id="rIdHeader"/></w:sectPr>';
    const bytes = buildTestDocx({ body: `${paragraph('body')}${textBox}${sectPr}`, headers: { rIdHeader: paragraph('Header') } });
    const original = await openDocx(bytes);
    const header = part(original.doc, 'header', 'default');
    const picture = schema.node('image', { src: `data:image/png;base64,${PNG_BASE64}`, alt: 'dot', width: 20, height: 10 });
    const doc = edited(original.doc, (state) => state.tr.insert(rangeOf(header, 'Header').to, picture));

    const written = await exportDocx(original, doc);

    const headerName = '/word/header-rIdHeader.xml';
    expect(changedEntries(bytes, written).filter((name) => !name.startsWith('word/media/')).sort()).toEqual(['[Content_Types].xml', 'word/_rels/header-rIdHeader.xml.rels', 'word/header-rIdHeader.xml']);
    const image = (await relationshipsOf(written, headerName)).find((relationship) => relationship.type.endsWith('/image'));
    expect(image?.partName).toMatch(/^\/word\/media\/image\d*\.png$/);
    const headerXml = (await partText(written, headerName))!;
    expect(headerXml).toContain(`r:embed="${image!.id}"`);
    const ids = findAll(headerXml, /<wp:docPr id="(\d+)"/g).map((tag) => Number(/\d+/.exec(tag)![0]));
    expect(ids).toHaveLength(1);
    expect(ids[0]).toBeGreaterThan(7);
  });

  it('keeps the PAGE and NUMPAGES fields of an edited footer paragraph as the fields they were read from', async () => {
    const field = (code: string, result: string): string =>
      `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${code} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>${result}</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    const footerParagraph = `<w:p><w:r><w:t xml:space="preserve">Page </w:t></w:r>${field('PAGE', '1')}<w:r><w:t xml:space="preserve"> of </w:t></w:r>${field('NUMPAGES', '3')}</w:p>`;
    const sectPr = '<w:sectPr><w:footerReference w:type="default" r:id="rIdFooter"/></w:sectPr>';
    const bytes = buildTestDocx({ body: `${paragraph('body')}${sectPr}`, footers: { rIdFooter: footerParagraph } });
    const original = await openDocx(bytes);
    const doc = retyped(original.doc, part(original.doc, 'footer', 'default'), 'Page', 'Sheet');

    const written = await exportDocx(original, doc);

    const footerXml = (await partText(written, '/word/footer-rIdFooter.xml'))!;
    expect(footerXml).toContain(field('PAGE', '1'));
    expect(footerXml).toContain(field('NUMPAGES', '3'));
    const footer = part((await openDocx(written)).doc, 'footer', 'default').node;
    expect(fieldNames(footer)).toEqual(['PAGE', 'NUMPAGES']);
    expect(footer.textContent).toBe('Sheet 1 of 3');
  });
});
