import { ExternalHyperlink, FootnoteReferenceRun, InternalHyperlink, Tab, TextRun } from 'docx';
import type { ParagraphChild } from 'docx';
import type { Mark, Node } from 'prosemirror-model';
import { readRunProperties } from './run-properties.js';
import type { WriteContext } from './write-context.js';
import { writeImage } from './write-image.js';
import { removeInvalidXmlCharacters } from './xml-text.js';

/**
 * Returns the runs of a textblock's inline content. Consecutive content under the same link
 * becomes one hyperlink: `#name` links point at a bookmark (`w:anchor`), others are external
 * relationships. Images that cannot be embedded are written as their alt text.
 */
export function writeInline(parent: Node, context: WriteContext): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  let group: { link: Mark; runs: ParagraphChild[] } | null = null;
  const flushGroup = (): void => {
    if (group) out.push(...[writeHyperlink(group.link, group.runs)].flat());
    group = null;
  };
  parent.forEach((node) => {
    const link = node.marks.find((mark) => mark.type.name === 'link');
    if (!link || (group && !group.link.eq(link))) flushGroup();
    const runs = writeInlineNode(node, context);
    if (link) {
      group ??= { link, runs: [] };
      group.runs.push(...runs);
    } else {
      out.push(...runs);
    }
  });
  flushGroup();
  return out;
}

/** Returns text runs for `text` with `marks`: tabs become `w:tab` and line feeds `w:br`. */
export function writeTextRuns(text: string, marks: readonly Mark[]): TextRun[] {
  const properties = readRunProperties(marks);
  return removeInvalidXmlCharacters(text)
    .split(/\r\n|\r|\n/)
    .map((line, index) => {
      const parts = line.split('\t');
      const children = parts.flatMap((part, partIndex) => (partIndex === 0 ? [part] : [new Tab(), part])).filter((child) => child !== '');
      return new TextRun({ ...properties, children, ...(index > 0 ? { break: 1 } : {}) });
    });
}

function writeInlineNode(node: Node, context: WriteContext): ParagraphChild[] {
  switch (node.type.name) {
    case 'text':
      return writeTextRuns(node.text ?? '', node.marks);
    case 'hard_break':
      return [new TextRun({ break: 1 })];
    case 'image': {
      const image = writeImage(node, context);
      if (image) return [image];
      const alt = typeof node.attrs['alt'] === 'string' ? node.attrs['alt'] : '';
      return alt ? writeTextRuns(alt, node.marks) : [];
    }
    case 'footnote_reference': {
      const id = context.footnoteIds.get(String(node.attrs['id']));
      return id === undefined ? [] : [new FootnoteReferenceRun(id)];
    }
    default:
      // opaque_inline and any future leaf: its text.
      return writeTextRuns(node.textContent, node.marks);
  }
}

function writeHyperlink(link: Mark, runs: ParagraphChild[]): ParagraphChild | ParagraphChild[] {
  const href = removeInvalidXmlCharacters(String(link.attrs['href']));
  if (href.startsWith('#')) return href.length > 1 ? new InternalHyperlink({ anchor: href.slice(1), children: runs }) : runs;
  return new ExternalHyperlink({ link: href, children: runs });
}
