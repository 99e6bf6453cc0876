import { parseXml, XmlDocument, XmlElement, XmlNode } from '@rgrove/parse-xml';
import { DocumentError } from '../document-error.js';
import { decodeXmlText, type XmlText } from './xml-text-encoding.js';

/** A parsed XML part: its text (offsets of the nodes index into it) and its element tree. */
export interface XmlPart extends XmlText {
  /** The part name, used in messages. */
  partName: string;
  /** The parsed document; node `start`/`end` are indices into `text`. */
  document: XmlDocument;
  /** The root element. */
  root: XmlElement;
}


/**
 * Decodes and parses the bytes of an XML part. Throws `DOCX_MALFORMED_XML` when the bytes are not
 * valid UTF-8/UTF-16, the XML is not well-formed, or it has a DOCTYPE: OOXML parts never carry one
 * (ECMA-376 Part 2 §8.1.4), so it is refused rather than risking entity expansion.
 */
export function parseXmlPart(bytes: Uint8Array, partName: string): XmlPart {
  let decoded: XmlText;
  try {
    decoded = decodeXmlText(bytes);
  } catch (cause) {
    throw malformed(partName, 'is not valid UTF-8 or UTF-16 text', cause);
  }
  return parseXmlText(decoded, partName);
}

/** Parses the decoded text of an XML part; throws as {@link parseXmlPart} does. */
export function parseXmlText(decoded: XmlText, partName: string): XmlPart {
  if (hasPrologDoctype(decoded.text)) {
    throw malformed(partName, 'has a DOCTYPE declaration, which Office Open XML parts never have');
  }
  let document: XmlDocument;
  try {
    document = parseXml(decoded.text, { includeOffsets: true, preserveDocumentType: true });
  } catch (cause) {
    // Deep nesting overflows the recursive parser: also malformed input, not a programmer error.
    const reason = cause instanceof Error ? cause.message.split('\n')[0] : String(cause);
    throw malformed(partName, `is not well-formed XML (${reason})`, cause);
  }
  if (document.children.some((node) => node.type === XmlNode.TYPE_DOCUMENT_TYPE)) {
    throw malformed(partName, 'has a DOCTYPE declaration, which Office Open XML parts never have');
  }
  const root = document.root;
  if (!root) throw malformed(partName, 'has no root element');
  // The parser reports `Infinity` as the end of a node that ends the text when the text holds
  // characters outside the BMP; the end of the text is meant.
  if (!Number.isFinite(root.end)) root.end = decoded.text.length;
  return { ...decoded, partName, document, root };
}

/** Returns true when `node` is an element. */
export function isXmlElement(node: XmlNode): node is XmlElement {
  return node instanceof XmlElement;
}

// Checked before parsing for a clear message; the parser's DOCTYPE node is the backstop.
function hasPrologDoctype(text: string): boolean {
  const doctypeAt = text.indexOf('<!DOCTYPE');
  if (doctypeAt === -1) return false;
  const rootAt = text.search(/<[^?!]/);
  return rootAt === -1 || doctypeAt < rootAt;
}

function malformed(partName: string, reason: string, cause?: unknown): DocumentError {
  return new DocumentError('DOCX_MALFORMED_XML', `The part ${partName} ${reason}.`, {
    cause,
    details: { partName },
  });
}
