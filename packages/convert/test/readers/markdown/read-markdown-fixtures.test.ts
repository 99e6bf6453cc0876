import { readdirSync, readFileSync } from 'node:fs';
import markdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { extractText } from '../../../../quire/src/model/extract-text.js';
import { readMarkdown } from '../../../src/readers/read-markdown.js';
import { extractHtmlText, removeWhiteSpace } from '../html/html-text.js';

const FIXTURES = new URL('../../../../../test/fixtures/markdown/', import.meta.url);
const files = readdirSync(FIXTURES).filter((name) => name.endsWith('.md'));

// The text of the input as a CommonMark renderer shows it, found without the reader under test.
function renderedText(markdown: string): string {
  return extractHtmlText(markdownIt('default', { html: true }).render(markdown));
}

describe('readMarkdown on real-world fixtures', () => {
  it('has fixtures to read', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('reads %s into a valid document that keeps all its text', (name) => {
    const markdown = readFileSync(new URL(name, FIXTURES), 'utf8');
    const result = readMarkdown(markdown);
    result.value.check();
    expect(removeWhiteSpace(extractText(result.value))).toBe(renderedText(markdown));
  });

  it('reads every pipe table of the pandoc fixture as a table', () => {
    const markdown = readFileSync(new URL('pandoc-pipe-tables.md', FIXTURES), 'utf8');
    let tables = 0;
    readMarkdown(markdown).value.descendants((node) => {
      if (node.type.name === 'table') tables++;
      return true;
    });
    // Counted by hand in the fixture: from "Simplest table" to "tricky cell contents".
    expect(tables).toBe(11);
  });
});
