import type { XmlText } from './xml-text-encoding.js';

/**
 * Encodes the edited `text` of a part back to bytes like the part it came from: the same
 * encoding (UTF-8 or UTF-16 in its byte order), with its byte order mark when it had one.
 */
export function serializeXmlPart(part: Pick<XmlText, 'bom' | 'encoding'>, text: string): Uint8Array {
  const full = part.bom ? `\uFEFF${text}` : text;
  if (part.encoding === 'utf-8') return new TextEncoder().encode(full);
  const bytes = new Uint8Array(full.length * 2);
  const littleEndian = part.encoding === 'utf-16le';
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < full.length; i++) view.setUint16(i * 2, full.charCodeAt(i), littleEndian);
  return bytes;
}
