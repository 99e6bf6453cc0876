// @vitest-environment happy-dom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractText } from '../../../../quire/src/model/extract-text.js';
import type { HtmlHandler } from '../../../../quire/src/readers/html/html-parser.js';
import { parseHtmlWithDom } from '../../../../quire/src/readers/html/parse-html-with-dom.js';
import { readHtml } from '../../../src/readers/read-html.js';
import { readHtmlWithParser } from '../../../../quire/src/readers/html/read-html-with-parser.js';
import { readMarkdown } from '../../../src/readers/read-markdown.js';
import { readMarkdownWithHtmlParser } from '../../../../quire/src/readers/markdown/read-markdown-with-html-parser.js';

// Records the events as `<name attr=value>`, text and `</name>`.
function record(): HtmlHandler & { events: string[] } {
  const recorder = {
    events: [] as string[],
    onopentag(name: string, attributes: Record<string, string>) {
      const written = Object.entries(attributes).map(([key, value]) => ` ${key}=${value}`).join('');
      recorder.events.push(`<${name}${written}>`);
    },
    ontext(text: string) {
      recorder.events.push(text);
    },
    onclosetag(name: string) {
      recorder.events.push(`</${name}>`);
    },
  };
  return recorder;
}

// happy-dom's URL reads no file: URLs, so the folder is a path.
const FIXTURES = join(fileURLToPath(import.meta.url), '../../../../../../test/fixtures/html');

describe('parseHtmlWithDom', () => {
  it('reports the tree the browser builds: implied elements, lower-case names, decoded references, no comments', () => {
    const handler = record();
    parseHtmlWithDom('<P CLASS="x">one &amp; two<!-- note --><p>three <B>b&eacute;</B>', handler);
    expect(handler.events).toEqual([
      '<html>', '<head>', '</head>', '<body>',
      '<p class=x>', 'one & two', '</p>', '<p>', 'three ', '<b>', 'bé', '</b>', '</p>',
      '</body>', '</html>',
    ]);
  });

  it('closes every element it opens, however deep the nesting, without recursion', () => {
    const handler = record();
    parseHtmlWithDom(`${'<div>'.repeat(5000)}deep${'</div>'.repeat(5000)}<p>after</p>`, handler);
    const opened = handler.events.filter((event) => event.startsWith('<') && !event.startsWith('</')).length;
    expect(handler.events.filter((event) => event.startsWith('</'))).toHaveLength(opened);
    expect(handler.events.filter((event) => !event.startsWith('<'))).toEqual(['deep', 'after']);
  });

  it('runs no script of the markup it parses', () => {
    parseHtmlWithDom('<script>globalThis.__quireParsed = true</script><img src="x" onerror="globalThis.__quireParsed = true">', record());
    expect((globalThis as { __quireParsed?: boolean }).__quireParsed).toBeUndefined();
  });
});

describe('the readers with the browser parser', () => {
  it.each(readdirSync(FIXTURES).filter((name) => name.endsWith('.html')))('read %s to the same text as with htmlparser2', (name) => {
    const html = readFileSync(join(FIXTURES, name), 'utf8');
    const withDom = readHtmlWithParser(html, parseHtmlWithDom).value;
    withDom.check();
    expect(extractText(withDom).replace(/\s+/g, '')).toBe(extractText(readHtml(html).value).replace(/\s+/g, ''));
  });

  it('reads HTML formatting, links and tables as with htmlparser2', () => {
    const html = '<h2>Title</h2><p>Some <b>bold</b>, <a href="https://example.com/" title="t">a link</a> and <span style="color:#ff0000">red</span>.</p><table><tr><th>a</th><td colspan="2">b</td></tr></table><ul><li>one<li>two</ul>';
    expect(readHtmlWithParser(html, parseHtmlWithDom).value.toJSON()).toEqual(readHtml(html).value.toJSON());
  });

  it('reads the raw HTML of Markdown, inline tags and blocks, as with htmlparser2', () => {
    const markdown = 'Text <sub>low</sub> <a href="https://example.com/">link</a> <span style="font-weight:bold">bold *and italic*</span> <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="dot">\n\n<div>\n<p>A <i>block</i></p>\n</div>\n';
    expect(readMarkdownWithHtmlParser(markdown, parseHtmlWithDom).value.toJSON()).toEqual(readMarkdown(markdown).value.toJSON());
  });
});
