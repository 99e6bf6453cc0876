import type { Node } from 'prosemirror-model';
import { schema } from '../../model/schema.js';
import { readSectionPage } from '../../model/section-page.js';
import { openPackage } from '../../package/open-package.js';
import { readZipDirectory } from '../../package/read-zip-directory.js';
import { rewriteZip } from '../../package/rewrite-zip.js';
import { escapeXmlText } from '../../xml/escape-xml.js';
import { CONTENT_TYPES, RELATIONSHIP_ID_NAMESPACE, relationshipType, WORDPROCESSINGML_NAMESPACE, XML_DECLARATION } from './ooxml-names.js';
import type { DocxOriginal } from './patch-docx.js';
import { sectionPropertiesXml } from './section-properties.js';
import { newStylesPart } from './word-styles-part.js';

// An empty zip archive: its end of central directory record alone (APPNOTE 4.3.16).
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
const BODY_SECTION_ID = 'blank-body-sectPr';
// The namespaces of markup a reader keeps as it was (equations, drawings, VML, Word 2010 additions),
// declared as Word declares them, so that such markup read from another package can stand here.
const KEPT_MARKUP_NAMESPACES =
  'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture" ' +
  'xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w10="urn:schemas-microsoft-com:office:word" ' +
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" mc:Ignorable="w14"';
const CORE_NAMESPACES =
  'xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
  'xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';

/** What a new package says of its document (ECMA-376 Part 2, 11: the core properties). */
export interface BlankDocxProperties {
  readonly title?: string | null;
  readonly creator?: string;
  /** The modification time, W3CDTF (`2024-05-06T07:08:00Z`). */
  readonly modified: string;
}

/**
 * Returns a new, empty DOCX read as the patch writer reads a DOCX: a body holding only its
 * section properties (A4, replaced by those of the document written into it), the styles of
 * {@link newStylesPart} and core properties with the title, creator and modification time. It
 * carries no GUID or creation time: the identity writer adds them, as to any document that
 * lacks them, from the same clock.
 */
export async function createBlankDocx(properties: BlankDocxProperties): Promise<DocxOriginal> {
  const sectPr = sectionPropertiesXml(readSectionPage(null, 'A4'), undefined);
  const head = `${XML_DECLARATION}<w:document xmlns:w="${WORDPROCESSINGML_NAMESPACE}" xmlns:r="${RELATIONSHIP_ID_NAMESPACE}" ${KEPT_MARKUP_NAMESPACES}><w:body>`;
  const document = `${head}${sectPr}</w:body></w:document>`;
  const element = (name: string, value: string | null | undefined): string => (value ? `<${name}>${escapeXmlText(value)}</${name}>` : '');
  const parts = new Map<string, Uint8Array>();
  const add = (name: string, text: string): void => void parts.set(name, new TextEncoder().encode(text));
  const packageRelationships = 'http://schemas.openxmlformats.org/package/2006/relationships';
  add(
    '[Content_Types].xml',
    `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/word/document.xml" ContentType="${CONTENT_TYPES.main}"/><Override PartName="/word/styles.xml" ContentType="${CONTENT_TYPES.styles}"/><Override PartName="/docProps/core.xml" ContentType="${CONTENT_TYPES.coreProperties}"/></Types>`,
  );
  add(
    '_rels/.rels',
    `${XML_DECLARATION}<Relationships xmlns="${packageRelationships}"><Relationship Id="rId1" Type="${relationshipType('officeDocument')}" Target="word/document.xml"/>` +
      `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
  );
  add('word/_rels/document.xml.rels', `${XML_DECLARATION}<Relationships xmlns="${packageRelationships}"><Relationship Id="rId1" Type="${relationshipType('styles')}" Target="styles.xml"/></Relationships>`);
  add('word/styles.xml', newStylesPart());
  add('word/document.xml', document);
  add(
    'docProps/core.xml',
    `${XML_DECLARATION}<cp:coreProperties ${CORE_NAMESPACES}>${element('dc:title', properties.title)}${element('dc:creator', properties.creator)}` +
      `<dcterms:modified xsi:type="dcterms:W3CDTF">${escapeXmlText(properties.modified)}</dcterms:modified></cp:coreProperties>`,
  );
  const pkg = openPackage(await rewriteZip(EMPTY_ZIP, readZipDirectory(EMPTY_ZIP), parts));
  const doc: Node = schema.node('doc', null, [schema.node('section', { sourceId: BODY_SECTION_ID }, [schema.node('paragraph')])]);
  return {
    package: pkg,
    doc,
    sources: {
      partName: '/word/document.xml',
      text: document,
      body: { start: head.length, end: head.length + sectPr.length },
      elements: new Map([[BODY_SECTION_ID, { id: BODY_SECTION_ID, kind: 'sectPr', parent: null, start: head.length, end: head.length + sectPr.length }]]),
    },
  };
}
