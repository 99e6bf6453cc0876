// Independent checks of an exported DOCX: fflate and @rgrove/parse-xml read it directly, so a
// bug in src/package cannot hide itself.
import { parseXml, XmlElement } from '@rgrove/parse-xml';
import { unzipSync } from 'fflate';
import { expect } from 'vitest';
import { listRawEntries } from '../../../../test/support/docx-builder.js';

const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');

function elements(xml: string, localName: string): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (node: XmlElement): void => {
    if (node.name.replace(/^.*:/, '') === localName) found.push(node);
    for (const child of node.children) if (child instanceof XmlElement) visit(child);
  };
  const root = parseXml(xml).root;
  if (root) visit(root);
  return found;
}

/**
 * Asserts that `bytes` is a consistent package: every XML part parses, every content type
 * Override names an existing part, every part has a content type, and every internal
 * relationship target exists.
 */
export function expectValidPackage(bytes: Uint8Array): void {
  const files = unzipSync(bytes);
  const names = new Map(Object.keys(files).map((name) => [`/${name}`.toLowerCase(), name]));
  const contentTypes = decode(files['[Content_Types].xml'] ?? new Uint8Array());
  const overrides = elements(contentTypes, 'Override').map((e) => e.attributes['PartName'] ?? '');
  const defaults = new Set(elements(contentTypes, 'Default').map((e) => (e.attributes['Extension'] ?? '').toLowerCase()));
  for (const partName of overrides) expect(names.has(partName.toLowerCase()), `override ${partName} has a part`).toBe(true);
  const overridden = new Set(overrides.map((p) => p.toLowerCase()));
  for (const [key, name] of names) {
    if (name.endsWith('/') || name === '[Content_Types].xml') continue;
    const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    expect(overridden.has(key) || defaults.has(extension), `${name} has a content type`).toBe(true);
    if (/\.(xml|rels)$/i.test(name)) expect(() => parseXml(decode(files[name] ?? new Uint8Array())), name).not.toThrow();
  }
  for (const name of Object.keys(files).filter((n) => n.endsWith('.rels'))) {
    const sourceDir = `/${name}`.replace(/_rels\/[^/]*$/, '');
    for (const relationship of elements(decode(files[name] ?? new Uint8Array()), 'Relationship')) {
      if (relationship.attributes['TargetMode'] === 'External') continue;
      const target = relationship.attributes['Target'] ?? '';
      const resolved = new URL(target, `http://package${sourceDir}`).pathname;
      expect(names.has(decodeURIComponent(resolved).toLowerCase()), `${name}: ${target} exists`).toBe(true);
    }
  }
}

/** Asserts that every entry of `original` except `changed` has the same compressed bytes, method and CRC in `exported`. */
export function expectUntouchedEntriesIdentical(original: Uint8Array, exported: Uint8Array, changed: readonly string[]): void {
  const after = new Map(listRawEntries(exported).map((entry) => [entry.name, entry]));
  for (const entry of listRawEntries(original)) {
    if (changed.includes(entry.name)) continue;
    const copy = after.get(entry.name);
    expect(copy, entry.name).toBeDefined();
    expect(copy?.method, entry.name).toBe(entry.method);
    expect(copy?.crc, entry.name).toBe(entry.crc);
    expect(Buffer.from(copy?.data ?? []).equals(Buffer.from(entry.data)), `${entry.name} bytes`).toBe(true);
  }
}

/** Returns the names of entries whose stored data differs between two zips, plus entries only in `exported`. */
export function changedEntries(original: Uint8Array, exported: Uint8Array): string[] {
  const before = new Map(listRawEntries(original).map((entry) => [entry.name, entry]));
  return listRawEntries(exported)
    .filter((entry) => {
      const old = before.get(entry.name);
      return !old || !Buffer.from(old.data).equals(Buffer.from(entry.data));
    })
    .map((entry) => entry.name);
}

/** Asserts that `patched` is `original` with text inserted only: every original character kept, in order. */
export function expectOnlyInsertions(original: string, patched: string): void {
  let i = 0;
  for (let j = 0; j < patched.length && i < original.length; j++) if (patched[j] === original[i]) i++;
  expect(i, 'every original character survives in order').toBe(original.length);
}

/** Asserts that removing each of `fragments` once from `patched` gives back `original` exactly. */
export function expectInsertedExactly(original: string, patched: string, fragments: readonly string[]): void {
  let rest = patched;
  for (const fragment of fragments) {
    expect(rest, `inserted ${fragment}`).toContain(fragment);
    rest = rest.replace(fragment, '');
  }
  expect(rest).toBe(original);
}
