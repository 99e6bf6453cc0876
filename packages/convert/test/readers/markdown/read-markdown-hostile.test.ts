import { describe, expect, it, vi } from 'vitest';
import type { Node } from 'prosemirror-model';
import { a, doc, i, p } from '../../../../quire/src/model/builders.js';
import { extractText } from '../../../../quire/src/model/extract-text.js';
import { readMarkdown } from '../../../src/readers/read-markdown.js';
import { recordNetworkRequests } from '../../../../../test/support/record-network-requests.js';
import { ratioOfMedians } from '../../../../../test/support/ratio-of-medians.js';

const requests = recordNetworkRequests();

const DEPTH = 10_000;

// Work linear in the size of the input reads it in about the time of eight reads of an eighth of
// it (a ratio near 1); quadratic work takes about eight times as long.
async function growthOf(eighth: string, whole: string): Promise<number> {
  return ratioOfMedians(() => readMarkdown(whole), () => readMarkdown(eighth), { baselineRuns: 8 });
}

function treeDepth(node: Node): number {
  let deepest = 0;
  node.forEach((child) => {
    deepest = Math.max(deepest, treeDepth(child));
  });
  return deepest + 1;
}

describe('readMarkdown on hostile input', () => {
  it('never requests a remote image and keeps its alt text, inside its link', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const result = readMarkdown('![badge](https://tracker.example/b.svg) [![inner](http://tracker.example/i.png)](https://site.example) ![local](../../etc/passwd)');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
    expect(result.value.toJSON()).toEqual(doc(p('badge ', a('https://site.example', 'inner'), ' local')).toJSON());
    expect(result.messages.filter((message) => message.code === 'READER_IMAGE_NOT_FETCHED')).toHaveLength(3);
  });

  it('drops raw <script> blocks and inline scripts without running them', () => {
    const result = readMarkdown('<script>globalThis.__pwnedMd = true</script>\n\ntext <script>globalThis.__pwnedMd = 1</script> more <iframe src="https://x.example"></iframe>');
    expect((globalThis as { __pwnedMd?: unknown }).__pwnedMd).toBeUndefined();
    expect(result.value.toJSON()).toEqual(doc(p('text  more ')).toJSON());
    expect(result.messages.map((message) => message.code)).toContain('READER_ELEMENT_DROPPED');
  });

  it('keeps the text of javascript: and data: links but not the links', () => {
    const result = readMarkdown('[a](javascript:alert(1)) <a href="vbscript:x">b</a> [c](data:text/html;base64,PHNjcmlwdD4=)');
    const links: string[] = [];
    result.value.descendants((node) => {
      node.marks.forEach((mark) => {
        if (mark.type.name === 'link') links.push(String(mark.attrs['href']));
      });
      return true;
    });
    expect(links).toEqual([]);
    expect(extractText(result.value)).toContain('b');
  });

  it.each([
    ['block quotes on one line', (depth: number) => `${'>'.repeat(depth)} deep text`],
    ['list markers on one line', (depth: number) => `${'- '.repeat(depth)}deep text`],
    ['ordered list markers on one line', (depth: number) => `${'1. '.repeat(depth)}deep text`],
  ])('reads %s 400 000 deep in time linear in the depth, flattened, with its text', async (_name, nested) => {
    const deep = nested(400_000);
    const result = readMarkdown(deep);
    expect(extractText(result.value)).toBe('deep text');
    expect(treeDepth(result.value)).toBeLessThan(2 * 100 + 10);
    expect(result.messages.map((message) => message.code)).toContain('READER_NESTING_FLATTENED');
    expect(await growthOf(nested(50_000), deep)).toBeLessThan(3);
  });

  it('reads lists nested 10 000 deep by indentation in linear time without throwing, and says what it dropped', async () => {
    const nested = (lines: number): string =>
      Array.from({ length: lines }, (_, level) => `${'  '.repeat(Math.min(level, 300))}- item ${level}`).join('\n');
    const deep = nested(DEPTH);
    const result = readMarkdown(deep);
    expect(treeDepth(result.value)).toBeLessThan(2 * 100 + 10);
    expect(extractText(result.value)).toContain('item 0');
    expect(result.messages.map((message) => message.code)).toContain('READER_NESTING_TRUNCATED');
    expect(await growthOf(nested(DEPTH / 8), deep)).toBeLessThan(3);
  });

  it('reads an HTML block nested 50 000 deep through the HTML depth bound, and the Markdown after it in place', () => {
    const result = readMarkdown(`<div>\n${'<blockquote>'.repeat(50_000)}deep text${'</blockquote>'.repeat(50_000)}\n</div>\n\nafter *it*`);
    expect(extractText(result.value)).toBe('deep text\nafter it');
    expect(result.value.firstChild!.lastChild!.toJSON()).toEqual(p('after ', i('it')).toJSON());
    expect(treeDepth(result.value)).toBeLessThan(2 * 100 + 10);
    expect(result.messages.map((message) => message.message)).toContainEqual(expect.stringContaining('deeper than 512 levels'));
  });

  it.each([
    ['emphasis', '*', '*'],
    ['brackets', '[', ']'],
  ])('reads %s nested 20 000 deep as text in time linear in the depth', async (_name, open, close) => {
    const nested = (depth: number): string => `${open.repeat(depth)}x${close.repeat(depth)}`;
    const deep = nested(20_000);
    expect(extractText(readMarkdown(deep).value)).toContain('x');
    expect(await growthOf(nested(2_500), deep)).toBeLessThan(3);
  });

  it('reads no more than maxLength characters of a huge input and says so', () => {
    const result = readMarkdown('word '.repeat(500_000), { maxLength: 1000 });
    expect(extractText(result.value).length).toBeLessThanOrEqual(1000);
    expect(result.messages.map((message) => message.code)).toContain('READER_INPUT_TRUNCATED');
  });

  it('reads footnotes in time linear in their number', async () => {
    const notes = (count: number): string => {
      const references = Array.from({ length: count }, (_, index) => `a[^${index}]`).join(' ');
      const definitions = Array.from({ length: count }, (_, index) => `[^${index}]: note ${index}`).join('\n\n');
      return `${references}\n\n${definitions}`;
    };
    const many = notes(4_000);
    expect(readMarkdown(many).value.childCount).toBe(1 + 4_000);
    expect(await growthOf(notes(500), many)).toBeLessThan(3);
  });

  it('reads a footnote definition inside another without throwing', () => {
    const result = readMarkdown('[^a]: > [^b]: x\n> y\n\n[^a] [^b]\n');
    expect(() => result.value.check()).not.toThrow();
    expect(extractText(result.value)).toContain('y');
  });

  it('keeps its nesting bound on thematic breaks written with spaced markers', () => {
    const result = readMarkdown(`${'- '.repeat(200)}\n\ntext`);
    expect(result.value.firstChild!.firstChild!.type.name).toBe('horizontal_rule');
  });
});

describe('readMarkdown on random input', () => {
  const PIECES = [
    '# ', '> ', '- ', '1. ', '   ', '* ', '[ ] ', '[x] ', '```', '~~~', '    ', '|', '---', ':-:', '\n', '\n\n', '*', '**', '_', '~~', '`', '[', '](', ')', '![', 'http://x.example',
    'www.x.example', '<b>', '</b>', '<div>', '</div>', '<script>', '<img src="a.png">', '<br>', '\\', 'text', '&amp;', '<!--', '-->', '\t', '\u0000',
    '[^1]', '[^1]: ', '^[', ': ', '~ ',
  ];

  it('returns a valid document for every input and never throws', () => {
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 300; run++) {
      const markdown = Array.from({ length: 1 + Math.floor(random() * 80) }, () => PIECES[Math.floor(random() * PIECES.length)]).join('');
      const result = readMarkdown(markdown, { maxDepth: 1 + Math.floor(random() * 6) });
      expect(() => result.value.check(), markdown).not.toThrow();
    }
  });
});
