import type { NodeSpec } from 'prosemirror-model';
import { sourceIdAttrSpec } from '../source-id-attr.js';

/**
 * The document and its top-level parts. A document holds one or more sections (Word's page
 * geometry and headers/footers apply per section) followed by the footnotes that the text refers
 * to. Headers and footers are `header_footer` children at the start of their section, so the whole
 * document stays one tree that ProseMirror can serialise to JSON and edit.
 */
export const documentNodes: Record<string, NodeSpec> = {
  doc: {
    content: 'section+ footnote*',
    attrs: {
      /** Document title, written to the core properties (`dc:title`). */
      title: { default: null, validate: 'string|null' },
      /** Whether even pages use the `even` headers and footers (`w:evenAndOddHeaders`). */
      evenAndOddHeaders: { default: false, validate: 'boolean' },
      /** The document's default formatting (`DocumentDefaults`); null when the source format has none. */
      defaults: { default: null },
      /**
       * The document's comments (`ReviewComment[]`, the file's order): an attribute so that adding,
       * answering, resolving and removing them are steps of the document (`DocAttrStep`), undone with
       * the rest. Their ranges are `comment` marks in the text.
       */
      comments: { default: [] },
    },
  },
  section: {
    content: 'header_footer* block+',
    attrs: {
      pageSize: { default: null },
      orientation: { default: 'portrait', validate: 'string' },
      margins: { default: null },
      titlePage: { default: false, validate: 'boolean' },
      columns: { default: null },
      pageNumberStart: { default: null, validate: 'number|null' },
      pageNumberFormat: { default: null, validate: 'string|null' },
      /** The id of the section's `w:sectPr` (see `sourceIdAttrSpec`). */
      sourceId: sourceIdAttrSpec,
    },
    // Isolating: editing never joins two sections, whose page geometry and breaks differ.
    isolating: true,
    toDOM: () => ['section', { class: 'quire-section' }, 0],
    parseDOM: [{ tag: 'section.quire-section' }],
  },
  header_footer: {
    content: 'block+',
    attrs: {
      kind: { default: 'header', validate: 'string' },
      variant: { default: 'default', validate: 'string' },
    },
    isolating: true,
    toDOM: (node) => [
      node.attrs['kind'] === 'footer' ? 'footer' : 'header',
      { class: 'quire-header-footer', 'data-variant': String(node.attrs['variant']) },
      0,
    ],
  },
  footnote: {
    content: 'block+',
    attrs: { id: { validate: 'string' } },
    isolating: true,
    toDOM: (node) => ['aside', { class: 'quire-footnote', 'data-footnote-id': String(node.attrs['id']) }, 0],
  },
};
