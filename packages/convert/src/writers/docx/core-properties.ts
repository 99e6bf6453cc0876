import { removeInvalidXmlCharacters } from './xml-text.js';

const NAMESPACES =
  'xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
  'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
  'xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';

/**
 * Returns the core properties part (ECMA-376 Part 2, 11) with the title, the creator and the
 * modification time. It leaves out `dcterms:created`, which the identity module writes together
 * with the document GUID so that both come from the same injected clock and random source.
 */
export function writeCoreProperties(properties: { title: string | null; creator: string | undefined; modified: string }): string {
  const element = (name: string, value: string | null | undefined): string =>
    value ? `<${name}>${escapeXml(removeInvalidXmlCharacters(value))}</${name}>` : '';
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<cp:coreProperties ${NAMESPACES}>` +
    element('dc:title', properties.title) +
    element('dc:creator', properties.creator) +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${escapeXml(properties.modified)}</dcterms:modified>` +
    '</cp:coreProperties>'
  );
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
