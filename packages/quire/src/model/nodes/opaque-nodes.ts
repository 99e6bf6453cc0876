import type { NodeSpec } from 'prosemirror-model';
import { sourceIdAttrSpec } from '../source-id-attr.js';

/** Where the source of an opaque node came from. */
export type OpaqueFormat = 'ooxml' | 'html' | 'markdown';

/** Attributes of `opaque_block` and `opaque_inline`. */
export interface OpaqueAttrs {
  readonly format: OpaqueFormat;
  /** The original markup, kept verbatim so that a writer for the same format can emit it again. */
  readonly source: string;
  /** Plain text that the content shows, used by writers for other formats and by text extraction. */
  readonly text: string;
}

const opaqueAttrs = {
  format: { validate: 'string' },
  source: { default: '', validate: 'string' },
  text: { default: '', validate: 'string' },
};

/**
 * Content the model does not understand (a content control, an equation, an unknown HTML
 * element): kept as an atom carrying its original markup and its text, so nothing is lost.
 */
export const opaqueNodes: Record<string, NodeSpec> = {
  opaque_block: {
    group: 'block',
    atom: true,
    attrs: { ...opaqueAttrs, sourceId: sourceIdAttrSpec },
    leafText: (node) => String(node.attrs['text']),
    toDOM: (node) => ['div', { class: 'quire-opaque', 'data-format': String(node.attrs['format']) }, String(node.attrs['text'])],
  },
  opaque_inline: {
    inline: true,
    group: 'inline',
    atom: true,
    attrs: opaqueAttrs,
    leafText: (node) => String(node.attrs['text']),
    toDOM: (node) => ['span', { class: 'quire-opaque', 'data-format': String(node.attrs['format']) }, String(node.attrs['text'])],
  },
};
