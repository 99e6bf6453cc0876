// Helpers for the patch writer's tests: opening a DOCX the way the editor does (sources kept,
// images by reference), finding blocks of the body, editing through ProseMirror transactions,
// and looking at the parts and raw zip entries of what the writer returns.
import { readdirSync, readFileSync } from 'node:fs';
import type { Mark, Node } from 'prosemirror-model';
import { EditorState, TextSelection, type Transaction } from 'prosemirror-state';
import { contentTypeOf } from '../../../src/package/content-types.js';
import { openPackage } from '../../../src/package/open-package.js';
import type { Relationship } from '../../../src/package/relationships.js';
import { readZipDirectory } from '../../../src/package/read-zip-directory.js';
import type { DocxSources, SourceElement } from '../../../src/readers/index.js';
import { readDocxPackage } from '../../../src/readers/docx/read-docx.js';
import { patchDocx, type DocxOriginal } from '../../../src/writers/docx/index.js';

const FIXTURES = new URL('../../../../../test/fixtures/docx/', import.meta.url);

/** The names of the DOCX fixtures, sorted. */
export const FIXTURE_NAMES: readonly string[] = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.docx'))
  .sort();

/** The bytes of a DOCX fixture. */
export function fixtureBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(name, FIXTURES)));
}

/** Reads a DOCX as the editor does before a patch: sources kept, images by part name. */
export async function openDocx(bytes: Uint8Array): Promise<DocxOriginal> {
  const pkg = openPackage(bytes);
  const { value, sources } = await readDocxPackage(pkg, { keepSources: true, images: 'reference' });
  if (!sources) throw new Error('readDocx kept no sources');
  return { package: pkg, doc: value, sources };
}

/** Reads a fixture as the editor does before a patch. */
export function openFixture(name: string): Promise<DocxOriginal> {
  return openDocx(fixtureBytes(name));
}

/** Applies `edit` to a fresh editor state of `doc` and returns the edited document. */
export function edited(doc: Node, edit: (state: EditorState) => Transaction): Node {
  return edit(EditorState.create({ doc })).doc;
}

/** Runs a ProseMirror command with the selection from `from` to `to` (default: a cursor); throws when it does not apply. */
export function runCommand(
  doc: Node,
  command: (state: EditorState, dispatch?: (tr: Transaction) => void) => boolean,
  from: number,
  to = from,
): Node {
  const state = EditorState.create({ doc, selection: TextSelection.create(doc, from, to) });
  let result: Node | undefined;
  command(state, (tr) => (result = tr.doc));
  if (!result) throw new Error('the command did not apply');
  return result;
}

/** Patches `doc` into the package `original` was read from. */
export function exportDocx(original: DocxOriginal, doc: Node): Promise<Uint8Array> {
  return patchDocx(original, doc);
}

/** A block of the body and where it starts in the document. */
export interface Located {
  readonly node: Node;
  readonly pos: number;
}

/**
 * The textblocks of the body in document order, those of tables, lists and quotes included,
 * those of headers, footers and notes left out.
 */
export function bodyTextblocks(doc: Node): Located[] {
  const found: Located[] = [];
  doc.forEach((section, offset) => {
    if (section.type.name !== 'section') return;
    section.descendants((node, pos) => {
      if (node.type.name === 'header_footer') return false;
      if (node.isTextblock) {
        found.push({ node, pos: offset + 1 + pos });
        return false;
      }
      return true;
    });
  });
  return found;
}

/** The nodes of `type` in the body (headers and footers left out), in document order. */
export function bodyNodes(doc: Node, type: string): Located[] {
  const found: Located[] = [];
  doc.forEach((section, offset) => {
    if (section.type.name !== 'section') return;
    section.descendants((node, pos) => {
      if (node.type.name === 'header_footer') return false;
      if (node.type.name === type) found.push({ node, pos: offset + 1 + pos });
      return true;
    });
  });
  return found;
}

/** The first paragraph or heading of the body with text, if any. */
export function firstTextParagraph(doc: Node): Located | undefined {
  return bodyTextblocks(doc).find(({ node }) => (node.type.name === 'paragraph' || node.type.name === 'heading') && /\S/.test(node.textContent) && node.attrs['sourceId'] !== null);
}

/** The document position of the first character of `needle` in `block`'s text nodes, or throws. */
export function positionOf(block: Located, needle: string): number {
  let found: number | undefined;
  block.node.forEach((child, offset) => {
    if (found !== undefined || !child.isText) return;
    const index = child.text!.indexOf(needle);
    if (index !== -1) found = block.pos + 1 + offset + index;
  });
  if (found === undefined) throw new Error(`no text node of ${JSON.stringify(block.node.textContent.slice(0, 60))} holds ${JSON.stringify(needle)}`);
  return found;
}

/** A position inside a text node of `block`, at about the middle of its text. */
export function middleOfText(block: Located): number {
  const texts: { pos: number; length: number }[] = [];
  block.node.forEach((child, offset) => {
    if (child.isText) texts.push({ pos: block.pos + 1 + offset, length: child.text!.length });
  });
  const total = texts.reduce((sum, text) => sum + text.length, 0);
  let remaining = Math.floor(total / 2);
  for (const text of texts) {
    if (remaining <= text.length) return text.pos + remaining;
    remaining -= text.length;
  }
  return block.pos + 1;
}

/** The recorded element `block` was read from. */
export function sourceOf(sources: DocxSources, block: Node): SourceElement {
  const element = sources.elements.get(block.attrs['sourceId'] as string);
  if (!element) throw new Error(`${block.type.name} ${JSON.stringify(block.textContent.slice(0, 40))} has no recorded element`);
  return element;
}

/** The XML of a recorded element. */
export function xmlOf(sources: DocxSources, element: SourceElement): string {
  return sources.text.slice(element.start, element.end);
}

/** The text of an XML part of a package (decoded as the reader decodes it), or undefined when the package has no such part. */
export async function partText(bytes: Uint8Array, partName: string): Promise<string | undefined> {
  const pkg = openPackage(bytes);
  if (!pkg.hasPart(partName)) return undefined;
  return (await pkg.readXmlPart(partName)).text;
}

/** Every zip entry of a package, by name, as its raw stored bytes (local header, data and descriptor). */
function rawEntries(bytes: Uint8Array): Map<string, Uint8Array> {
  return new Map(readZipDirectory(bytes).entries.map((entry) => [entry.name, bytes.subarray(entry.localHeaderOffset, entry.end)]));
}

/** The names of the entries of `after` that are not byte for byte those of `before`, added ones included. */
export function changedEntries(before: Uint8Array, after: Uint8Array): string[] {
  const old = rawEntries(before);
  const changed: string[] = [];
  for (const [name, raw] of rawEntries(after)) {
    const was = old.get(name);
    if (!was || Buffer.compare(Buffer.from(was), Buffer.from(raw)) !== 0) changed.push(name);
  }
  return changed;
}

/** The names of the entries of `before` that `after` lacks. */
export function removedEntries(before: Uint8Array, after: Uint8Array): string[] {
  const now = rawEntries(after);
  return [...rawEntries(before).keys()].filter((name) => !now.has(name));
}

/** The zip entry name of the main part the sources were read from (`word/document.xml`). */
export function entryName(partName: string): string {
  return partName.replace(/^\//, '');
}

/** Every match of `pattern` (a global regular expression) in `text`. */
export function findAll(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((match) => match[0]);
}

/** The `w:p` elements of a piece of XML, outermost only (a text box's paragraphs stay inside their anchor's). */
export function paragraphsOf(xml: string): string[] {
  return elementsOf(xml, 'w:p');
}

/** The elements named `name` (a qualified name, `w:r`) of a piece of XML, outermost only. */
export function elementsOf(xml: string, name: string): string[] {
  const found: string[] = [];
  const tag = new RegExp(`<(/?)${name}(?=[\\s/>])[^>]*?(/?)>`, 'g');
  let depth = 0;
  let start = 0;
  for (const match of xml.matchAll(tag)) {
    const closing = match[1] === '/';
    const selfClosing = match[2] === '/';
    if (!closing && depth === 0) start = match.index;
    if (selfClosing) {
      if (depth === 0) found.push(xml.slice(start, match.index + match[0].length));
      continue;
    }
    depth += closing ? -1 : 1;
    if (closing && depth === 0) found.push(xml.slice(start, match.index + match[0].length));
  }
  return found;
}

/** The text of the `w:t` elements of a piece of XML, entities left as written. */
export function textOf(xml: string): string {
  return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join('');
}

/** The first element named `name` (a qualified name, `w:pPr`) in `xml` with its content, or undefined. */
export function firstElement(xml: string, name: string): string | undefined {
  const tag = new RegExp(`<(/?)${name}(?=[\\s/>])[^>]*?(/?)>`, 'g');
  let depth = 0;
  let start = -1;
  for (const match of xml.matchAll(tag)) {
    const closing = match[1] === '/';
    const selfClosing = match[2] === '/';
    if (start === -1) {
      if (closing) continue;
      start = match.index;
      if (selfClosing) return match[0];
      depth = 1;
      continue;
    }
    if (selfClosing) continue;
    depth += closing ? -1 : 1;
    if (depth === 0) return xml.slice(start, match.index + match[0].length);
  }
  return undefined;
}

/** The start tag of the first element of `xml`. */
export function startTag(xml: string): string {
  return xml.slice(0, xml.indexOf('>') + 1);
}

/** Whether the block at `pos` lies inside a list. */
export function inList(doc: Node, pos: number): boolean {
  const $pos = doc.resolve(pos);
  for (let depth = $pos.depth; depth > 0; depth--) if ($pos.node(depth).type.name === 'list_item') return true;
  return false;
}

/** How many nodes of `doc` carry `sourceId`. */
export function carriersOf(doc: Node, sourceId: string): number {
  let count = 0;
  doc.descendants((node) => {
    if (node.attrs['sourceId'] === sourceId) count++;
    return true;
  });
  return count;
}

/** The relationships of `source` in a package. */
export async function relationshipsOf(bytes: Uint8Array, source: string): Promise<readonly Relationship[]> {
  return openPackage(bytes).readRelationships(source);
}

/** The content type a package gives `partName`, if any. */
export async function contentTypeOfPart(bytes: Uint8Array, partName: string): Promise<string | undefined> {
  const types = await openPackage(bytes).readContentTypes();
  return types && contentTypeOf(types, partName);
}

/** A word of `block` (letters only, three or more) lying in one text node without `markName`, with its document range. */
export function wordWithout(block: Located, markName: string): { word: string; from: number; to: number } | undefined {
  let found: { word: string; from: number; to: number } | undefined;
  block.node.forEach((child, offset) => {
    if (found || !child.isText || child.marks.some((mark) => mark.type.name === markName || mark.type.name === 'link')) return;
    const match = /(?<![\p{L}\p{N}])\p{L}{3,}(?![\p{L}\p{N}])/u.exec(child.text!);
    if (match) found = { word: match[0], from: block.pos + 1 + offset + match.index, to: block.pos + 1 + offset + match.index + match[0].length };
  });
  return found;
}

/** For each character of a textblock's text nodes, whether it has a mark for which `test` holds: '1' or '0'. */
export function markMask(block: Node, test: (mark: Mark) => boolean): string {
  let mask = '';
  block.forEach((child) => {
    if (child.isText) mask += (child.marks.some(test) ? '1' : '0').repeat(child.text!.length);
  });
  return mask;
}

/**
 * Where a user would type into `block`: about the middle of its text, but never inside the
 * result of a field (between `w:fldChar` begin and end, or in a `w:fldSimple`), which Word and
 * LibreOffice compute anew. Falls back to {@link middleOfText} for a paragraph without a map of
 * its children.
 */
export function typingPosition(sources: DocxSources, block: Located): number {
  const inline = sourceOf(sources, block.node).inline;
  if (!inline) return middleOfText(block);
  const candidates: { from: number; to: number }[] = [];
  let depth = 0;
  for (const child of inline) {
    const xml = sources.text.slice(child.start, child.end);
    const begins = findAll(xml, /w:fldCharType="begin"/g).length;
    const ends = findAll(xml, /w:fldCharType="end"/g).length;
    if (depth === 0 && begins === 0 && child.from < child.to && !xml.startsWith('<w:fldSimple')) candidates.push(child);
    depth = Math.max(0, depth + begins - ends);
  }
  if (candidates.length === 0) return middleOfText(block);
  const middle = Math.floor(block.node.content.size / 2);
  const chosen = candidates.find((child) => child.from <= middle && middle < child.to) ?? candidates[0]!;
  return block.pos + 1 + Math.floor((chosen.from + chosen.to) / 2);
}

/** A textblock of a header, footer or note, with where its container sits and the part it was read from. */
export interface PartTextblock {
  /** Where the block's container sits: `section <n> <kind> <variant>`, or `note <id>`. */
  readonly place: string;
  readonly block: Located;
  readonly story: DocxSources;
}

/** For each header, footer and notes part read with sources, the first textblock with text of the first container read from it. */
export function partTextblocks(doc: Node, sources: DocxSources): PartTextblock[] {
  const stories = [...(sources.stories?.values() ?? [])];
  const found = new Map<string, PartTextblock>();
  const visit = (container: Node, at: number, place: string): void => {
    let done = false;
    container.descendants((node, pos) => {
      if (done || !node.isTextblock) return !done;
      const story = stories.find((candidate) => candidate.elements.has(node.attrs['sourceId'] as string));
      if (!story || !/\p{L}/u.test(node.textContent)) return false;
      done = true;
      if (!found.has(story.partName)) found.set(story.partName, { place, block: { node, pos: at + 1 + pos }, story });
      return false;
    });
  };
  let section = 0;
  doc.forEach((child, offset) => {
    if (child.type.name === 'footnote') visit(child, offset, `note ${String(child.attrs['id'])}`);
    if (child.type.name !== 'section') return;
    child.forEach((part, partOffset) => {
      if (part.type.name === 'header_footer') visit(part, offset + 1 + partOffset, `section ${section} ${String(part.attrs['kind'])} ${String(part.attrs['variant'])}`);
    });
    section++;
  });
  return [...found.values()];
}

/** The header, footer or note at `place` in a document (see `PartTextblock.place`). */
export function containerAt(doc: Node, place: string): Node | undefined {
  const [what, first, kind, variant] = place.split(' ');
  if (what === 'note') return doc.children.find((child) => child.type.name === 'footnote' && child.attrs['id'] === first);
  const section = doc.children.filter((child) => child.type.name === 'section')[Number(first)];
  return section?.children.find((child) => child.attrs['kind'] === kind && child.attrs['variant'] === variant);
}
