import { strFromU8, unzipSync } from 'fflate';

/** Returns the XML parts of a DOCX by path (binary parts are left out), read with fflate. */
export function readDocxParts(bytes: Uint8Array): Map<string, string> {
  const parts = new Map<string, string>();
  for (const [path, data] of Object.entries(unzipSync(bytes))) {
    if (path.endsWith('.xml') || path.endsWith('.rels')) parts.set(path, strFromU8(data));
  }
  return parts;
}

/** Returns the paths of every entry of a DOCX, binary ones included. */
export function listDocxEntries(bytes: Uint8Array): Map<string, Uint8Array> {
  return new Map(Object.entries(unzipSync(bytes)));
}

/** Returns one XML part, failing the test with the part's name when it is missing. */
export function readPart(parts: Map<string, string>, path: string): string {
  const part = parts.get(path);
  if (part === undefined) throw new Error(`The DOCX has no ${path}; it has ${[...parts.keys()].join(', ')}.`);
  return part;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Returns the text of every `w:t` element of `xml`, in order, entities decoded. */
export function extractWordText(xml: string): string {
  let text = '';
  for (const match of xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)) {
    text += match[1]!.replace(/&(amp|lt|gt|quot|apos);/g, (_entity, name: string) => ENTITIES[name]!);
  }
  return text;
}

/** Returns every match of `pattern` (which must be global) in `xml`. */
export function findAll(xml: string, pattern: RegExp): RegExpMatchArray[] {
  return [...xml.matchAll(pattern)];
}
