import type { AttributeSpec } from 'prosemirror-model';

/**
 * The `sourceId` attribute of the nodes a DOCX reader can read back losslessly (sections,
 * paragraphs, headings, code blocks, page breaks, tables, rows, cells, opaque blocks): the id of
 * the XML element the node was read from, when the reader was asked to keep sources (the editor
 * does, to write untouched blocks back byte for byte); `null` otherwise and for new content.
 * Several nodes may share an id (a paragraph split around a page break); a writer decides from
 * the nodes themselves whether the element is still what they show.
 */
export const sourceIdAttrSpec: AttributeSpec = { default: null, validate: 'string|null' };
