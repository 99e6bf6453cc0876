import { readdirSync, readFileSync } from 'node:fs';
import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import {
  a,
  b,
  blockquote,
  code,
  codeBlock,
  color,
  doc,
  font,
  footer,
  footnote,
  footnoteRef,
  header,
  heading,
  highlight,
  i,
  img,
  li,
  ol,
  p,
  pageBreak,
  s,
  section,
  sub,
  sup,
  table,
  td,
  tr,
  u,
  ul,
} from '../../../../quire/src/model/builders.js';
import { extractText } from '../../../../quire/src/model/extract-text.js';
import { readDocx } from '../../../../quire/src/readers/index.js';
import { writeDocx } from 'quire/writers';
import { bodyText, normalizeText } from '../../../../quire/test/readers/docx/docx-text.js';

const FIXTURES = new URL('../../../../../test/fixtures/docx/', import.meta.url);
const files = readdirSync(FIXTURES).filter((name) => name.endsWith('.docx'));

// 2 × 1 pixel PNG.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwHwQZGBgAP/wH+ZcTEY4AAAAASUVORK5CYII=';
const MARGINS = { top: 1440, right: 1200, bottom: 1440, left: 1200, header: 720, footer: 720, gutter: 0 };

function collect(doc: Node, test: (node: Node) => boolean): Node[] {
  const found: Node[] = [];
  doc.descendants((node) => {
    if (test(node)) found.push(node);
    return true;
  });
  return found;
}

function headings(doc: Node): string[] {
  return collect(doc, (node) => node.type.name === 'heading').map((node) => `${String(node.attrs['level'])} ${node.textContent}`);
}

// The lists of a document as kind, nesting depth among lists, and number of items.
function lists(doc: Node): string[] {
  const out: string[] = [];
  const visit = (node: Node, depth: number): void => {
    const isList = node.type.name === 'bullet_list' || node.type.name === 'ordered_list';
    if (isList) out.push(`${node.type.name}@${depth}:${node.childCount}`);
    node.forEach((child) => visit(child, depth + (isList ? 1 : 0)));
  };
  visit(doc, 0);
  return out;
}

function notesText(doc: Node): string {
  return collect(doc, (node) => node.type.name === 'footnote').map(extractText).join('\n');
}

// Attributes the DOCX writer fills in: for tables a style, a grid that fits the page and the
// style's borders; for lists the numbering instance and level it gives each (the builders' lists
// have none, numId and level null). Compared documents leave them out.
function withoutWriterFilledAttrs(node: Node): unknown {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    const record = value as { type?: string; attrs?: Record<string, unknown> };
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(record)) {
      if (key === 'attrs' && record.type === 'doc') {
        // The reader adds the document defaults of the written styles part; they have tests of their own.
        const { defaults: _defaults, ...rest } = inner as Record<string, unknown>;
        out[key] = rest;
      } else if (key === 'attrs' && (record.type === 'table' || record.type === 'table_cell')) {
        const { styleId: _styleId, columnWidths: _columnWidths, borders: _borders, colwidth: _colwidth, ...rest } = inner as Record<string, unknown>;
        out[key] = rest;
      } else if (key === 'attrs' && (record.type === 'bullet_list' || record.type === 'ordered_list')) {
        const { numId: _numId, level: _level, ...rest } = inner as Record<string, unknown>;
        out[key] = rest;
      } else {
        out[key] = strip(inner);
      }
    }
    return out;
  };
  return strip(node.toJSON());
}

describe('readDocx and writeDocx round trips', () => {
  it('reads back, as it was, a document built with the model builders and written by writeDocx', async () => {
    const original = doc(
      { title: 'Round trip' },
      section(
        { pageSize: { width: 11906, height: 16838 }, margins: MARGINS },
        header('default', p('Header text')),
        footer('default', p('Footer text')),
        heading(1, 'Title ', b('bold')),
        heading(2, 'Second level'),
        p('Plain ', i('italic'), ' ', u('under'), ' ', s('struck'), ' ', sup('up'), sub('down'), ' ', color('FF0000', 'red'), ' ', highlight('FFFF00', 'marked')),
        p(font({ family: 'Arial', size: 14 }, 'arial'), ' ', a('https://example.com/', 'link'), ' ', code('x = 1'), footnoteRef('1')),
        p({ align: 'center' }, 'centered'),
        ul(li(p('one'), ol({ start: 3, format: 'lowerRoman' }, li(p('nested')), li(p('nested too')))), li(p('two')), li({ checked: true }, p('done'))),
        blockquote(p('quoted')),
        codeBlock('let x;\nlet y;'),
        table(tr({ header: true }, td(p('A')), td(p('B'))), tr(td({ rowspan: 2 }, p('C')), td(p('D'))), tr(td(p('E')))),
        p('picture ', img({ src: PNG, alt: 'dots', width: 600, height: 300 })),
        pageBreak(),
        p('after the break'),
      ),
      // Word gives a section without headers of its own those of the section before (ECMA-376
      // Part 1, 17.10.5), so the second section names its own to read back as written.
      section(
        { pageSize: { width: 16838, height: 11906 }, orientation: 'landscape', margins: MARGINS },
        header('default', p('Landscape header')),
        footer('default', p('Footer text')),
        p('Landscape'),
      ),
      footnote('1', p('Footnote text')),
    );
    const result = await readDocx(await writeDocx(original));
    expect(withoutWriterFilledAttrs(result.value)).toEqual(withoutWriterFilledAttrs(original));
    expect(result.messages).toEqual([]);
  });

  it.each(files)('keeps the text, headings and lists of %s through writeDocx and readDocx', async (name) => {
    const first = (await readDocx(new Uint8Array(readFileSync(new URL(name, FIXTURES))))).value;
    const second = (await readDocx(await writeDocx(first))).value;
    expect(normalizeText(bodyText(second))).toBe(normalizeText(bodyText(first)));
    expect(normalizeText(notesText(second))).toBe(normalizeText(notesText(first)));
    expect(headings(second)).toEqual(headings(first));
    expect(lists(second)).toEqual(lists(first));
  });
});
