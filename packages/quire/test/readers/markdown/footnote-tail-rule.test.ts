import markdownIt from 'markdown-it';
import footnotePlugin from 'markdown-it-footnote';
import { describe, expect, it } from 'vitest';
import { appendFootnotes } from '../../../src/readers/markdown/footnote-tail-rule.js';

describe('appendFootnotes', () => {
  it('gives the same tokens as markdown-it-footnote\'s own tail rule', () => {
    const plugin = markdownIt().use(footnotePlugin);
    const linear = markdownIt().use(footnotePlugin);
    linear.core.ruler.at('footnote_tail', appendFootnotes);
    const inputs = [
      'Claim[^1], another^[Inline *note*.] and again[^1].\n\n[^1]: The **source**.\n\n    Second paragraph.\n',
      'x[^n]\n\n[^n]: - a list\n  - of two\n\n[^unused]: never referred to\n',
      '[^a]: > [^b]: x\n> y\n\n[^a] [^b]\n',
      '[^d]: first\n[^d]: second\n\nx[^d]',
      'no notes at all',
    ];
    for (const input of inputs) expect(linear.parse(input, {}), input).toEqual(plugin.parse(input, {}));
  });
});
