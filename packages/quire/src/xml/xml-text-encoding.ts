/** Character encodings allowed for XML parts by ECMA-376 Part 2 §8.1.4 (UTF-8 and UTF-16). */
export type XmlEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** The text of an XML part and how to write it back exactly as it was encoded. */
export interface XmlText {
  /** The text without a byte order mark; offsets from the parser refer to this string. */
  text: string;
  /** Whether the bytes began with a byte order mark. */
  bom: boolean;
  /** The encoding of the bytes. */
  encoding: XmlEncoding;
}

/**
 * Decodes the bytes of an XML part, detecting UTF-16 from its byte order mark or its first
 * characters (XML 1.0 Appendix F). Throws a `TypeError` when the bytes are not valid in that encoding.
 */
export function decodeXmlText(bytes: Uint8Array): XmlText {
  const encoding = detectEncoding(bytes);
  // fatal: invalid bytes are an error, not U+FFFD; ignoreBOM: keep the BOM so it can be written back.
  const decoded = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  const bom = decoded.charCodeAt(0) === 0xfeff;
  return { text: bom ? decoded.slice(1) : decoded, bom, encoding };
}

function detectEncoding(bytes: Uint8Array): XmlEncoding {
  const [b0, b1] = bytes;
  if (b0 === 0xff && b1 === 0xfe) return 'utf-16le';
  if (b0 === 0xfe && b1 === 0xff) return 'utf-16be';
  if (b0 === 0x3c && b1 === 0x00) return 'utf-16le';
  if (b0 === 0x00 && b1 === 0x3c) return 'utf-16be';
  return 'utf-8';
}
