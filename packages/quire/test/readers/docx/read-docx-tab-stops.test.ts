import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../src/readers/docx/index.js';
import { buildTestDocx, paragraph, paragraphStyle } from '../../../../../test/support/docx-package.js';

async function tabsOfParagraphs(spec: { styles?: string; body: string }): Promise<unknown[]> {
  const { value } = await readDocx(buildTestDocx(spec));
  const tabs: unknown[] = [];
  value.descendants((node: Node) => {
    if (node.type.name === 'paragraph' || node.type.name === 'heading') tabs.push(node.attrs['tabs']);
    return true;
  });
  return tabs;
}

describe('readDocx tab stops', () => {
  it('keeps a paragraph’s own tab stops ordered by position, with their alignment and leader', async () => {
    const tabs = '<w:tabs><w:tab w:val="right" w:leader="dot" w:pos="9350"/><w:tab w:val="center" w:pos="4680"/><w:tab w:val="end" w:pos="9000"/></w:tabs>';
    expect(await tabsOfParagraphs({ body: paragraph('Contents', tabs) })).toEqual([
      [
        { position: 4680, align: 'center', leader: null },
        { position: 9000, align: 'right', leader: null },
        { position: 9350, align: 'right', leader: 'dot' },
      ],
    ]);
  });

  it('keeps the tab stops of a footer’s style, which a paragraph may clear or replace at a position', async () => {
    const styles =
      paragraphStyle('Normal', '', { isDefault: true }) +
      paragraphStyle('Footer', '<w:pPr><w:tabs><w:tab w:val="center" w:pos="4680"/><w:tab w:val="right" w:pos="9360"/></w:tabs></w:pPr>', { name: 'footer', basedOn: 'Normal' });
    const body =
      paragraph('Page 1 of 2', '<w:pStyle w:val="Footer"/>') +
      paragraph('Cleared', '<w:pStyle w:val="Footer"/><w:tabs><w:tab w:val="clear" w:pos="4680"/><w:tab w:val="decimal" w:leader="hyphen" w:pos="9360"/></w:tabs>');
    expect(await tabsOfParagraphs({ styles, body })).toEqual([
      [
        { position: 4680, align: 'center', leader: null },
        { position: 9360, align: 'right', leader: null },
      ],
      [{ position: 9360, align: 'decimal', leader: 'hyphen' }],
    ]);
  });

  it('gives paragraphs without custom tab stops none, the stop after a list number (num) left to the list', async () => {
    const body = paragraph('Plain') + paragraph('Only cleared', '<w:tabs><w:tab w:val="clear" w:pos="720"/></w:tabs>') + paragraph('List tab', '<w:tabs><w:tab w:val="num" w:pos="360"/></w:tabs>');
    expect(await tabsOfParagraphs({ body })).toEqual([null, null, null]);
  });
});
