import type { Node } from 'prosemirror-model';
import { EditorState } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { addPart, type HeaderFooterKey } from '../../../src/editor/parts/add-part.js';
import { findPart } from '../../../src/editor/parts/part-key.js';
import { schema } from '../../../src/model/schema.js';
import { buildTestDocx, paragraph } from '../../../../../test/support/docx-package.js';
import { changedEntries, exportDocx, openDocx, partText, relationshipsOf } from './patch-fixtures.js';

/** `doc` with the part `key` added and `text` typed into it. */
function withPart(doc: Node, key: HeaderFooterKey, text: string): Node {
  const tr = addPart(EditorState.create({ doc }), key, null)?.tr;
  if (!tr) throw new Error('the part was not added');
  const added = findPart(tr.doc, key)!;
  return tr.insertText(text, added.pos + 2).doc;
}

/** The kind, variant and text of each section's headers and footers, section by section. */
function partsBySection(doc: Node): string[][] {
  const sections: string[][] = [];
  doc.forEach((section) => {
    if (section.type.name !== 'section') return;
    const parts: string[] = [];
    section.forEach((child) => {
      if (child.type.name === 'header_footer') parts.push(`${String(child.attrs['kind'])}/${String(child.attrs['variant'])}: ${child.textContent}`);
    });
    sections.push(parts);
  });
  return sections;
}

describe('patchDocx of a header or footer added where the file had none', () => {
  it('writes the new header into a part of its own, related from the main part and named in the body\'s section properties', async () => {
    const sectPr = '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>';
    const bytes = buildTestDocx({ body: `${paragraph('body text')}${sectPr}` });
    const original = await openDocx(bytes);
    const doc = withPart(original.doc, { kind: 'header', section: 0, variant: 'default' }, 'Quarterly report');

    const written = await exportDocx(original, doc);

    const header = (await relationshipsOf(written, '/word/document.xml')).find((relationship) => relationship.type.endsWith('/header'));
    expect(header?.partName).toMatch(/^\/word\/header\d*\.xml$/);
    expect(await partText(written, header!.partName!)).toContain('>Quarterly report</w:t>');
    const body = (await partText(written, '/word/document.xml'))!;
    expect(body).toContain(`<w:sectPr><w:headerReference w:type="default" r:id="${header!.id}"/><w:pgSz w:w="12240" w:h="15840"/>`);
    expect(body).toContain(paragraph('body text'));
    expect(changedEntries(bytes, written).sort()).toEqual(['[Content_Types].xml', 'word/_rels/document.xml.rels', 'word/document.xml', header!.partName!.slice(1)].sort());
    expect(partsBySection((await openDocx(written)).doc)).toEqual([['header/default: Quarterly report']]);
  });

  it('writes a footer added to a section that ends in a paragraph into that paragraph\'s section properties, and a later section inherits it', async () => {
    const sectionBreak = '<w:p><w:pPr><w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:pPr><w:r><w:t>end of one</w:t></w:r></w:p>';
    const bytes = buildTestDocx({ body: `${paragraph('first section')}${sectionBreak}${paragraph('second section')}<w:sectPr/>` });
    const original = await openDocx(bytes);
    const doc = withPart(original.doc, { kind: 'footer', section: 0, variant: 'default' }, 'Page footer');
    expect(partsBySection(doc)).toEqual([['footer/default: Page footer'], ['footer/default: ']]);

    const written = await exportDocx(original, doc);

    const body = (await partText(written, '/word/document.xml'))!;
    const footer = (await relationshipsOf(written, '/word/document.xml')).find((relationship) => relationship.type.endsWith('/footer'))!;
    expect(body).toContain(`<w:sectPr><w:footerReference w:type="default" r:id="${footer.id}"/><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:pPr><w:r><w:t>end of one</w:t></w:r></w:p>`);
    expect(body.match(/<w:footerReference/g)).toHaveLength(1);
    expect(body).toContain(`${paragraph('second section')}<w:sectPr/>`);
    expect(partsBySection((await openDocx(written)).doc)).toEqual([['footer/default: Page footer'], ['footer/default: Page footer']]);
  });

  it('gives a section whose variant the earlier sections lack a part of its own and leaves their section properties as they were', async () => {
    const sectionBreak = '<w:p><w:pPr><w:sectPr><w:titlePg/></w:sectPr></w:pPr></w:p>';
    const bytes = buildTestDocx({ body: `${paragraph('one')}${sectionBreak}${paragraph('two')}<w:sectPr><w:titlePg/></w:sectPr>` });
    const original = await openDocx(bytes);
    const doc = withPart(original.doc, { kind: 'header', section: 1, variant: 'first' }, 'Title page header');

    const written = await exportDocx(original, doc);

    const body = (await partText(written, '/word/document.xml'))!;
    const header = (await relationshipsOf(written, '/word/document.xml')).find((relationship) => relationship.type.endsWith('/header'))!;
    expect(body).toContain(sectionBreak);
    expect(body).toContain(`<w:sectPr><w:headerReference w:type="first" r:id="${header.id}"/><w:titlePg/></w:sectPr>`);
    expect(partsBySection((await openDocx(written)).doc)).toEqual([[], ['header/first: Title page header']]);
  });

  it('adds nothing where the section already has the part', () => {
    const doc = EditorState.create({ doc: partsDoc() });
    expect(addPart(doc, { kind: 'header', section: 0, variant: 'default' }, null)).toBeNull();
    expect(addPart(doc, { kind: 'header', section: 3, variant: 'default' }, null)).toBeNull();
  });
});

// A one-section document with a default header.
function partsDoc(): Node {
  return schema.node('doc', null, [schema.node('section', null, [schema.node('header_footer', { kind: 'header', variant: 'default' }, schema.node('paragraph')), schema.node('paragraph')])]);
}
