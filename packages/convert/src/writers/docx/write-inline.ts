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
  let link: Mark | undefined;
  let linked: ParagraphChild[] = [];
  parent.forEach((node) => {
    const nodeLink = linkOf(node);
    if (link && (!nodeLink || !link.eq(nodeLink))) {
      pushAll(out, writeHyperlink(link, linked));
      link = undefined;
    }
    if (!nodeLink) {
      writeInlineNode(node, context, out);
      return;
    }
    if (!link) {
      link = nodeLink;
      linked = [];
    }
    writeInlineNode(node, context, linked);
  });
  if (link) pushAll(out, writeHyperlink(link, linked));
  return out;
}

/** Returns text runs for `text` with `marks`: tabs become `w:tab` and line feeds `w:br`. */
export function writeTextRuns(text: string, marks: readonly Mark[]): TextRun[] {
  const out: TextRun[] = [];
  appendTextRuns(text, marks, out);
  return out;
}

// Runs are appended to the caller's array, and text without tabs or line breaks (most text) takes
// one run without intermediate arrays: documents of many thousand paragraphs spend their time here.
function appendTextRuns(text: string, marks: readonly Mark[], out: ParagraphChild[]): void {
  const clean = removeInvalidXmlCharacters(text);
  if (!/[\t\n\r]/.test(clean)) {
    if (clean !== '') out.push(marks.length === 0 ? new TextRun(clean) : new TextRun({ ...readRunProperties(marks), text: clean }));
    return;
  }
  const properties = readRunProperties(marks);
  clean.split(/\r\n|\r|\n/).forEach((line, index) => {
    const parts = line.split('\t');
    const children = parts.flatMap((part, partIndex) => (partIndex === 0 ? [part] : [new Tab(), part])).filter((child) => child !== '');
    out.push(new TextRun({ ...properties, children, ...(index > 0 ? { break: 1 } : {}) }));
  });
}

function writeInlineNode(node: Node, context: WriteContext, out: ParagraphChild[]): void {
  switch (node.type.name) {
    case 'text':
      appendTextRuns(node.text ?? '', node.marks, out);
      return;
    case 'hard_break':
      out.push(new TextRun({ break: 1 }));
      return;
    case 'image': {
      const image = writeImage(node, context);
      if (image) out.push(image);
      else if (typeof node.attrs['alt'] === 'string') appendTextRuns(node.attrs['alt'], node.marks, out);
      return;
    }
    case 'footnote_reference': {
      const id = context.footnoteIds.get(String(node.attrs['id']));
      if (id !== undefined) out.push(new FootnoteReferenceRun(id));
      return;
    }
    default:
      // opaque_inline and any future leaf: its text.
      appendTextRuns(node.textContent, node.marks, out);
  }
}

function linkOf(node: Node): Mark | undefined {
  for (const mark of node.marks) if (mark.type.name === 'link') return mark;
  return undefined;
}

function pushAll(out: ParagraphChild[], children: ParagraphChild | ParagraphChild[]): void {
  if (Array.isArray(children)) for (const child of children) out.push(child);
  else out.push(children);
}

function writeHyperlink(link: Mark, runs: ParagraphChild[]): ParagraphChild | ParagraphChild[] {
  const href = removeInvalidXmlCharacters(String(link.attrs['href']));
  if (href.startsWith('#')) return href.length > 1 ? new InternalHyperlink({ anchor: href.slice(1), children: runs }) : runs;
  return new ExternalHyperlink({ link: href, children: runs });
}
