import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractText } from '../../../../quire/src/model/extract-text.js';
import { readHtml } from '../../../src/readers/read-html.js';
import { extractHtmlText, removeWhiteSpace } from './html-text.js';

const FIXTURES = new URL('../../../../../test/fixtures/html/', import.meta.url);
const files = readdirSync(FIXTURES).filter((name) => name.endsWith('.html'));

describe('readHtml on real-world fixtures', () => {
  it('has fixtures to read', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('reads %s into a valid document that keeps all its text', (name) => {
    const html = readFileSync(new URL(name, FIXTURES), 'utf8');
    const result = readHtml(html);
    result.value.check();
    expect(removeWhiteSpace(extractText(result.value))).toBe(extractHtmlText(html));
  });

  it('reads the structure of the pandoc test page: headings, lists, tables and quotes', () => {
    const result = readHtml(readFileSync(new URL('pandoc-html-reader.html', FIXTURES), 'utf8'));
    const counts = new Map<string, number>();
    result.value.descendants((node) => {
      counts.set(node.type.name, (counts.get(node.type.name) ?? 0) + 1);
      return true;
    });
    expect(result.value.attrs['title']).toBe('Pandoc Test Suite');
    expect(counts.get('heading')).toBeGreaterThan(20);
    expect(counts.get('ordered_list')).toBeGreaterThan(5);
    expect(counts.get('bullet_list')).toBeGreaterThan(5);
    expect(counts.get('table')).toBeGreaterThan(5);
    expect(counts.get('blockquote')).toBeGreaterThan(3);
    expect(counts.get('code_block')).toBeGreaterThan(3);
  });
});
