import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { blockquote, codeBlock, doc, heading, hr, li, ol, p, pageBreak, ul } from '../../../src/model/builders.js';
import { readDocx } from '../../../src/readers/index.js';
import { writeDocx } from '../../../src/writers/docx/write-docx.js';
import { findAll, readDocxParts, readPart } from '../../../../../test/support/docx-parts.js';

/** The block structure of a document's first section: node types nested as written, with textblock text. */
function structure(node: Node): string {
  if (node.isLeaf) return node.type.name;
  if (node.isTextblock) return `${node.type.name}${node.type.name === 'heading' ? String(node.attrs['level']) : ''} "${node.textContent}"`;
  const children: string[] = [];
  node.forEach((child) => children.push(structure(child)));
  return `${node.type.name}(${children.join(', ')})`;
}

async function roundTrip(...blocks: Node[]): Promise<{ written: string; read: string }> {
  const original = doc(...blocks);
  const result = await readDocx(await writeDocx(original));
  return { written: structure(original.firstChild!), read: structure(result.value.firstChild!) };
}

async function writeBody(...blocks: Node[]): Promise<string> {
  return readPart(readDocxParts(await writeDocx(doc(...blocks))), 'word/document.xml');
}

/** The `w:p` elements of a body, each as its XML. */
function paragraphs(body: string): string[] {
  return findAll(body, /<w:p>.*?<\/w:p>|<w:p [^>]*>.*?<\/w:p>/g).map((match) => match[0]);
}

describe('writeDocx block quotes', () => {
  it('keeps the depth of nested quotes through readDocx', async () => {
    const { written, read } = await roundTrip(
      p('before'),
      blockquote(p('outer'), blockquote(p('inner'), blockquote(p('innermost'))), p('outer again')),
      p('after'),
    );
    expect(read).toBe(written);
  });

  it('keeps a quote that holds only a heading', async () => {
    const { written, read } = await roundTrip(p('before'), blockquote(heading(2, 'Quoted heading')), p('after'));
    expect(read).toBe(written);
  });

  it('keeps code blocks and lists inside a quote, and the quote around them', async () => {
    const { written, read } = await roundTrip(
      blockquote(p('code:'), codeBlock('let x;\nx++;'), p('a list:'), ol(li(p('one')), li(p('two'), p('two, more'))), p('after the list')),
      p('outside'),
    );
    expect(read).toBe(written);
  });

  it('keeps a quote inside a list item apart from the item text around it', async () => {
    const { written, read } = await roundTrip(ul(li(p('item'), blockquote(p('quoted in the item')), p('item again')), li(p('next item'))));
    expect(read).toBe(written);
  });

  it('keeps a list inside a quote inside a list item, and a deeper quote after a quoted list', async () => {
    const { written, read } = await roundTrip(
      ul(li(p('item'), blockquote(p('quote'), ul(li(p('deep item')))))),
      blockquote(ul(li(p('quoted item'), p('its second paragraph'))), blockquote(p('deeper after the list'))),
    );
    expect(read).toBe(written);
  });

  it('keeps one quote around a page break, and a rule inside a quote in the quote', async () => {
    const { written, read } = await roundTrip(blockquote(p('before the break'), pageBreak(), p('after the break')), p('outside'));
    expect(read).toBe(written);
    const body = await writeBody(blockquote(p('a'), hr(), p('b')));
    expect(paragraphs(body).map((xml) => /<w:pStyle w:val="BlockText"\/>/.test(xml))).toEqual([true, true, true]);
  });

  it('writes each quote level one step further in, and gives quoted headings and list items the quote bar', async () => {
    const body = await writeBody(blockquote(p('outer'), blockquote(p('inner')), heading(3, 'head'), ul(li(p('item')))));
    const [outer, inner, head, item] = paragraphs(body);
    expect(outer).toMatch(/<w:pStyle w:val="BlockText"\/>.*<w:ind w:left="720"\/>/);
    expect(inner).toMatch(/<w:pStyle w:val="BlockText"\/>.*<w:ind w:left="1440"\/>/);
    expect(head).toMatch(/<w:pStyle w:val="Heading3"\/>.*<w:pBdr><w:left [^>]*w:val="single"/);
    expect(head).toMatch(/<w:ind w:left="720"\/>/);
    expect(item).toMatch(/<w:numPr>.*<w:pBdr><w:left [^>]*w:val="single".*<w:ind w:left="1440" w:hanging="360"\/>/);
  });
});

describe('writeDocx code blocks in lists', () => {
  it('reads back a code block that starts a list item as a code block', async () => {
    const { written, read } = await roundTrip(ol(li(codeBlock('first();'), p('then text')), li(p('second'))), p('after'));
    expect(read).toBe(written);
    expect(read).toContain('list_item(code_block "first();"');
  });
});
