import { describe, expect, it } from 'vitest';
import { renderMarkdownHtml } from '../src/render-markdown-html.js';

describe('renderMarkdownHtml', () => {
  it('returns a complete UTF-8 document with GFM tables, strikethrough and autolinks', () => {
    const html = renderMarkdownHtml('# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~ see https://example.com\n');
    expect(html.startsWith('<!DOCTYPE html>\n<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8">')).toBe(true);
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<s>gone</s>');
    expect(html).toContain('<a href="https://example.com">https://example.com</a>');
  });

  it('shows task list items as ballot boxes', () => {
    const html = renderMarkdownHtml('- [x] done\n- [ ] open\n- plain\n');
    expect(html).toContain('<li>\u2611 done</li>');
    expect(html).toContain('<li>\u2610 open</li>');
    expect(html).toContain('<li>plain</li>');
  });

  it('escapes the title', () => {
    expect(renderMarkdownHtml('x', { title: 'a < b & c' })).toContain('<title>a &lt; b &amp; c</title>');
  });

  it('renders deeply nested quotes without throwing', () => {
    expect(() => renderMarkdownHtml(`${'>'.repeat(10_000)} deep`)).not.toThrow();
  });
});
