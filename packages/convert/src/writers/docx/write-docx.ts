import { Document, Packer, Paragraph } from 'docx';
import type { Node } from 'prosemirror-model';
import { formatCreatedAt, generateDocumentMetadata, writeDocumentMetadata } from 'quire/identity';
import { withNoteNumberSpace } from '../note-number-space.js';
import { writeCoreProperties } from './core-properties.js';
import { createDocxStyles, EXTERNAL_STYLES_XML } from './docx-styles.js';
import { HeadingNumbering } from './heading-numbering.js';
import { ListNumbering } from './list-numbering.js';
import { normalizeWriteDocxOptions } from './normalize-write-docx-options.js';
import type { WriteDocxOptions } from './normalize-write-docx-options.js';
import { writeBlocks } from './write-blocks.js';
import { BODY_SCOPE } from './write-context.js';
import type { WriteContext } from './write-context.js';
import { readPageGeometry, writeSection } from './write-sections.js';

/**
 * Writes a model document (a `doc` node) as a DOCX package that Word and LibreOffice open: real
 * styles (Heading 1..6, Block Text, Source Code, Table Grid), lists through numbering definitions,
 * quotes indented one step per level (see `writeBlocks`), hyperlinks as relationships, embedded
 * images, footnotes, page geometry per section and the title in the core properties. Like every new
 * document it gets a fresh GUID and creation timestamp (ARCHITECTURE.md, Document identity), from
 * the injected `getRandomValues` and `now`. Throws a `TypeError` for invalid options or when `doc`
 * is not a `doc` node.
 */
export async function writeDocx(doc: Node, options: WriteDocxOptions = {}): Promise<Uint8Array> {
  if (doc?.type?.name !== 'doc') throw new TypeError('writeDocx: `doc` must be a `doc` node of the Quire schema.');
  const normalized = normalizeWriteDocxOptions(options);
  const numbering = new ListNumbering();
  const headingNumbers = new HeadingNumbering(numbering);
  const footnoteIds = new Map<string, number>();
  doc.forEach((child) => {
    if (child.type.name === 'footnote' && !footnoteIds.has(String(child.attrs['id']))) {
      footnoteIds.set(String(child.attrs['id']), footnoteIds.size + 1);
    }
  });

  const contextFor = (section: Node): WriteContext => {
    const { size, margins } = readPageGeometry(section, { options: normalized });
    return { options: normalized, numbering, headingNumbers, footnoteIds, contentWidth: Math.max(720, size.width - margins.left - margins.right - margins.gutter) };
  };
  const sections: Node[] = [];
  doc.forEach((child) => {
    if (child.type.name === 'section') sections.push(child);
  });
  const firstContext = contextFor(sections[0]!);
  const footnotes: Record<string, { children: Paragraph[] }> = {};
  doc.forEach((child) => {
    const id = footnoteIds.get(String(child.attrs['id']));
    if (child.type.name !== 'footnote' || id === undefined || footnotes[id]) return;
    const blocks = writeBlocks(withNumberSpace(child), firstContext, { ...BODY_SCOPE, inNote: true });
    footnotes[id] = { children: blocks.filter((block): block is Paragraph => block instanceof Paragraph) };
  });

  const sectionOptions = sections.map((section) => writeSection(section, contextFor(section)));
  const document = new Document({
    title: typeof doc.attrs['title'] === 'string' ? doc.attrs['title'] : undefined,
    externalStyles: EXTERNAL_STYLES_XML,
    styles: createDocxStyles(),
    evenAndOddHeaderAndFooters: doc.attrs['evenAndOddHeaders'] === true,
    footnotes,
    sections: sectionOptions,
    // Only now, after the body and footnotes were written, does the numbering know every list.
    numbering: numbering.toOptions(),
  });
  const now = normalized.now();
  const coreProperties = writeCoreProperties({
    title: typeof doc.attrs['title'] === 'string' ? doc.attrs['title'] : null,
    creator: normalized.creator,
    modified: formatCreatedAt(now),
  });
  const bytes = await Packer.pack(document, 'uint8array', false, [{ path: 'docProps/core.xml', data: coreProperties }]);
  const metadata = generateDocumentMetadata({ now: () => now, ...(normalized.getRandomValues ? { getRandomValues: normalized.getRandomValues } : {}) });
  return writeDocumentMetadata(bytes, metadata);
}

// The docx library puts the number (w:footnoteRef) at the start of a note's first paragraph; Word
// follows it with a space, in the paragraph's text. A note that starts with a list or table gets
// none: its number stands at the start of the list item or cell.
function withNumberSpace(note: Node): Node {
  const first = note.firstChild;
  return first?.type.name === 'paragraph' ? note.copy(note.content.replaceChild(0, withNoteNumberSpace(first))) : note;
}
