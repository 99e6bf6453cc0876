import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../src/readers/docx/read-docx.js';
import { buildTestDocx, paragraph, paragraphStyle, type TestDocx } from '../../../../../test/support/docx-package.js';

/** The block structure of a document's first section: node types nested as read, with textblock text. */
function structure(node: Node): string {
  if (node.isTextblock) return `${node.type.name} "${node.textContent}"`;
  const children: string[] = [];
  node.forEach((child) => children.push(structure(child)));
  return `${node.type.name}(${children.join(', ')})`;
}

async function read(spec: TestDocx): Promise<string> {
  return structure((await readDocx(buildTestDocx(spec))).value.firstChild!);
}

const STYLES =
  paragraphStyle('Normal', '', { isDefault: true }) +
  paragraphStyle('Quote', '<w:pPr><w:ind w:left="864" w:right="864"/></w:pPr>', { basedOn: 'Normal' }) +
  paragraphStyle('BlockText', '<w:pPr><w:ind w:left="1152" w:right="1152"/></w:pPr>', { name: 'Block Text', basedOn: 'Normal' }) +
  paragraphStyle('Heading1', '<w:pPr><w:outlineLvl w:val="0"/></w:pPr>', { name: 'heading 1', basedOn: 'Normal' });

const LEFT_BAR = '<w:pBdr><w:left w:val="single" w:sz="12" w:space="8" w:color="BFBFBF"/></w:pBdr>';

describe('readDocx block quotes', () => {
  it('reads quote-style paragraphs as one quote however far their style indents them, and one indented a step further as a nested quote', async () => {
    const body =
      paragraph('outer', '<w:pStyle w:val="Quote"/>') +
      paragraph('inner', '<w:pStyle w:val="Quote"/><w:ind w:left="1440"/>') +
      paragraph('outer again', '<w:pStyle w:val="Quote"/>') +
      paragraph('block text', '<w:pStyle w:val="BlockText"/>') +
      paragraph('after');
    expect(await read({ styles: STYLES, body })).toBe(
      'section(blockquote(paragraph "outer", blockquote(paragraph "inner"), paragraph "outer again", paragraph "block text"), paragraph "after")',
    );
  });

  it('keeps no style id on paragraphs in Block Text, the style the DOCX writer gives block quotes, and the id of other quote styles', async () => {
    const { value } = await readDocx(buildTestDocx({ styles: STYLES, body: paragraph('quoted', '<w:pStyle w:val="Quote"/>') + paragraph('block text', '<w:pStyle w:val="BlockText"/>') }));
    const quote = value.firstChild!.firstChild!;
    expect(quote.type.name).toBe('blockquote');
    expect([quote.child(0).attrs['styleId'], quote.child(1).attrs['styleId']]).toEqual(['Quote', null]);
  });

  it('reads a heading with a border on its left only as a quoted heading, and a boxed heading as a plain one', async () => {
    const body =
      paragraph('quoted heading', `<w:pStyle w:val="Heading1"/>${LEFT_BAR}<w:ind w:left="720"/>`) +
      paragraph('boxed heading', '<w:pStyle w:val="Heading1"/><w:pBdr><w:top w:val="single" w:sz="4"/><w:left w:val="single" w:sz="4"/></w:pBdr>');
    expect(await read({ styles: STYLES, body })).toBe('section(blockquote(heading "quoted heading"), heading "boxed heading")');
  });
});
