import type { MarkSpec } from 'prosemirror-model';

/**
 * Underline styles, named as in WordprocessingML (ECMA-376 Part 1, 17.18.99 ST_Underline); the
 * common ones are listed, a DOCX reader may store any other name it reads.
 */
export type UnderlineStyle = 'single' | 'double' | 'thick' | 'dotted' | 'dash' | 'wave' | 'words';

/** Character formatting without parameters (except the underline style). */
export const formatMarks: Record<string, MarkSpec> = {
  bold: {
    toDOM: () => ['strong', 0],
    parseDOM: [{ tag: 'strong' }, { tag: 'b' }, { style: 'font-weight=bold' }],
  },
  italic: {
    toDOM: () => ['em', 0],
    parseDOM: [{ tag: 'em' }, { tag: 'i' }, { style: 'font-style=italic' }],
  },
  underline: {
    attrs: { style: { default: 'single', validate: 'string' } },
    toDOM: () => ['u', 0],
    parseDOM: [{ tag: 'u' }],
  },
  strike: {
    toDOM: () => ['s', 0],
    parseDOM: [{ tag: 's' }, { tag: 'del' }, { tag: 'strike' }],
  },
  code: {
    code: true,
    toDOM: () => ['code', 0],
    parseDOM: [{ tag: 'code' }],
  },
  superscript: {
    excludes: 'subscript superscript',
    toDOM: () => ['sup', 0],
    parseDOM: [{ tag: 'sup' }],
  },
  subscript: {
    excludes: 'subscript superscript',
    toDOM: () => ['sub', 0],
    parseDOM: [{ tag: 'sub' }],
  },
};
