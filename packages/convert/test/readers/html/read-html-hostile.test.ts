import { describe, expect, it, vi } from 'vitest';
import { a, doc, p } from '../../../../quire/src/model/builders.js';
import { extractText } from '../../../../quire/src/model/extract-text.js';
import { readHtml } from '../../../src/readers/read-html.js';
import { recordNetworkRequests } from '../../../../../test/support/record-network-requests.js';
import { ratioOfMedians } from '../../../../../test/support/ratio-of-medians.js';

const requests = recordNetworkRequests();

const DEPTH = 10_000;

describe('readHtml on hostile input', () => {
  it('never requests a remote or local image, and keeps its alt text', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const result = readHtml(
      '<p><img src="https://attacker.example/track.png" alt="tracked"><img src="file:///etc/passwd" alt="local"><img src="//cdn.example/x.gif" alt=""></p>',
    );
    // Give any stray asynchronous request the chance to start before asserting that none did.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
    expect(result.value.toJSON()).toEqual(doc(p('trackedlocal')).toJSON());
    expect(result.messages.filter((message) => message.code === 'READER_IMAGE_NOT_FETCHED')).toHaveLength(3);
  });

  it('drops scripts, styles, iframes and event handlers without running anything', () => {
    const result = readHtml(
      '<style>p { color: red }</style><script>globalThis.__pwned = true</script><p onclick="globalThis.__pwned = true">safe</p>' +
        '<iframe src="https://attacker.example"></iframe><object data="x.swf">fallback</object>',
    );
    expect((globalThis as { __pwned?: boolean }).__pwned).toBeUndefined();
    expect(result.value.toJSON()).toEqual(doc(p('safe')).toJSON());
    expect(result.messages.map((message) => message.message).join(' ')).toMatch(/<script>.*<iframe>.*<object>/s);
  });

  it('keeps the text of a javascript: link but not the link', () => {
    const result = readHtml('<p><a href=" java\tscript:alert(1)">click</a> <a href="mailto:a@example.com">mail</a></p>');
    expect(result.value.toJSON()).toEqual(doc(p('click ', a('mailto:a@example.com', 'mail'))).toJSON());
    expect(result.messages.map((message) => message.code)).toContain('READER_UNSAFE_LINK');
  });

  it('does not embed images of types a document cannot hold, such as SVG with script', () => {
    const svg = `data:image/svg+xml;base64,${btoa('<svg onload="alert(1)"/>')}`;
    const result = readHtml(`<p><img src="${svg}" alt="vector"></p>`);
    expect(result.value.toJSON()).toEqual(doc(p('vector')).toJSON());
    expect(result.messages.map((message) => message.code)).toEqual(['READER_IMAGE_UNSUPPORTED']);
  });

  it.each([
    ['div', '<div>', '</div>'],
    ['blockquote', '<blockquote>', '</blockquote>'],
    ['list', '<ul><li>', '</li></ul>'],
    ['table', '<table><tr><td>', '</td></tr></table>'],
    ['unclosed list', '<ol><li>', ''],
  ])('reads %s nesting 20 000 deep in time linear in the depth, flattened, with its text', async (_name, open, close) => {
    const nested = (depth: number): string => `${open.repeat(depth)}deep text${close.repeat(depth)}`;
    const deep = nested(20_000);
    const result = readHtml(deep);
    expect(extractText(result.value)).toBe('deep text');
    let maxDepth = 0;
    const walk = (node: typeof result.value, level: number): void => {
      maxDepth = Math.max(maxDepth, level);
      node.forEach((child) => walk(child, level + 1));
    };
    walk(result.value, 0);
    expect(maxDepth).toBeLessThan(2 * 100 + 10);
    // Work linear in the depth reads it in about the time of eight reads of an eighth of it (a
    // ratio near 1); quadratic work, as with no parser depth bound, takes about eight times as long.
    const eighth = nested(2_500);
    expect(await ratioOfMedians(() => readHtml(deep), () => readHtml(eighth), { baselineRuns: 8 })).toBeLessThan(3);
  });

  it('reads 50 000 nested elements past the parser depth bound with all their text, in order, and says so', () => {
    const result = readHtml(`${'<div><span>'.repeat(25_000)}deep text${'</span></div>'.repeat(25_000)}<p>after</p>`);
    expect(extractText(result.value)).toBe('deep text\nafter');
    const bound = result.messages.filter((message) => message.code === 'READER_NESTING_FLATTENED');
    expect(bound.map((message) => message.message)).toEqual([expect.stringContaining('deeper than 512 levels')]);
  });

  it('reads nesting up to the parser depth bound as written, with no warning', () => {
    const result = readHtml(`${'<div>'.repeat(511)}deep text${'</div>'.repeat(511)}<p>after</p>`);
    expect(extractText(result.value)).toBe('deep text\nafter');
    expect(result.messages).toEqual([]);
  });

  it('never starts a fresh parser inside raw text such as a style sheet', () => {
    const result = readHtml(`${'<div>'.repeat(511)}<style><p>not text</p></style><p>kept</p>`);
    expect(extractText(result.value)).toBe('kept');
  });

  it('reads 10 000 nested inline elements without growing the stack', () => {
    const result = readHtml(`<p>${'<b><span>'.repeat(DEPTH)}bold${'</span></b>'.repeat(DEPTH)}</p>`);
    expect(extractText(result.value)).toBe('bold');
    expect(result.value.firstChild!.firstChild!.firstChild!.marks.map((mark) => mark.type.name)).toEqual(['bold']);
  });

  it('reads no more than maxLength characters of a huge input and says so', () => {
    const huge = '<p>word </p>'.repeat(200_000);
    const result = readHtml(huge, { maxLength: 1000 });
    expect(extractText(result.value).length).toBeLessThanOrEqual(1000);
    expect(result.messages.map((message) => message.code)).toContain('READER_INPUT_TRUNCATED');
  });

  it('survives malformed markup: stray end tags, unclosed elements and broken attributes', () => {
    const result = readHtml('</p></li></td><table><td>cell<p>para<li>item</table><b <i="">x</i>');
    expect(extractText(result.value).replace(/\s+/g, ' ')).toBe('cell para item x');
  });
});

describe('readHtml on random tag soup', () => {
  const PIECES = [
    '<p>', '</p>', '<h2>', '</h2>', '<ul>', '<ol start="x">', '<li>', '</li>', '</ul>', '<table>', '<tr>', '<td colspan="0">', '<th rowspan="-3">',
    '</td>', '</tr>', '</table>', '<pre>', '</pre>', '<b>', '</b>', '<a href="javascript:x">', '<a href="#x">', '</a>', '<img src="data:image/png;base64,AAAA">',
    '<img src="x.png" alt="alt">', '<br>', '<hr>', '<blockquote>', '</blockquote>', '<script>', '</script>', '<div style="text-align:center;color:#f00">', '</div>',
    '<code>', '</code>', '<input type="checkbox" checked>', '<caption>', '<thead>', '</thead>', '<dl><dt>', '<dd>', 'text', ' ', '\n', '&amp;', '&#0;', '\u0000', '<!--', '-->',
  ];

  it('returns a valid document for every input and never throws', () => {
    let seed = 42;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 300; run++) {
      const html = Array.from({ length: 1 + Math.floor(random() * 60) }, () => PIECES[Math.floor(random() * PIECES.length)]).join('');
      const result = readHtml(html, { maxDepth: 1 + Math.floor(random() * 6) });
      expect(() => result.value.check(), html).not.toThrow();
    }
  });
});
