import type { NodeSpec } from 'prosemirror-model';
import { paragraphAttrSpecs, paragraphStyle } from '../paragraph-attrs.js';
import { sourceIdAttrSpec } from '../source-id-attr.js';

const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;

function styleAttr(attrs: Record<string, unknown>): Record<string, string> {
  const style = paragraphStyle(attrs);
  return style ? { style } : {};
}

function numberAttr(attrs: Record<string, unknown>): Record<string, string> {
  return typeof attrs['number'] === 'string' ? { 'data-number': attrs['number'] } : {};
}

/** Text, paragraphs, headings and code blocks: the nodes that hold inline content. */
export const textBlockNodes: Record<string, NodeSpec> = {
  paragraph: {
    content: 'inline*',
    group: 'block',
    attrs: { ...paragraphAttrSpecs },
    toDOM: (node) => ['p', styleAttr(node.attrs), 0],
    parseDOM: [{ tag: 'p' }],
  },
  heading: {
    content: 'inline*',
    group: 'block',
    attrs: {
      level: { default: 1, validate: 'number' },
      ...paragraphAttrSpecs,
      // The number a DOCX shows before the heading's text through its numbering (`2.1`, `Chapter 1`),
      // as read; the numbering itself stays in the DOCX, so writers of other formats show this text.
      number: { default: null, validate: 'string|null' },
    },
    defining: true,
    toDOM: (node) => [`h${String(node.attrs['level'])}`, { ...styleAttr(node.attrs), ...numberAttr(node.attrs) }, 0],
    parseDOM: HEADING_LEVELS.map((level) => ({ tag: `h${level}`, attrs: { level } })),
  },
  code_block: {
    content: 'text*',
    group: 'block',
    marks: '',
    code: true,
    defining: true,
    attrs: { language: { default: null, validate: 'string|null' }, sourceId: sourceIdAttrSpec },
    toDOM: () => ['pre', ['code', 0]],
    parseDOM: [{ tag: 'pre', preserveWhitespace: 'full' }],
  },
  text: { group: 'inline' },
};
