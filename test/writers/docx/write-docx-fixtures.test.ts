import { readdirSync, readFileSync } from 'node:fs';
import type { Node } from 'prosemirror-model';
import { beforeAll, describe, expect, it } from 'vitest';
import { blockquote, doc, footer, footnote, footnoteRef, header, heading, img, li, ol, p, section, table, td, tr, ul } from '../../../src/model/builders.js';
import { extractText } from '../../../src/model/extract-text.js';
import { readHtml } from '../../../src/readers/html/read-html.js';
import { readMarkdown } from '../../../src/readers/markdown/read-markdown.js';
import { writeDocx } from '../../../src/writers/docx/write-docx.js';
import { convertWithLibreOffice, pdfToText } from '../../support/libreoffice.js';
import { extractWordText, findAll, readDocxParts, readPart } from './docx-parts.js';

const FIXTURES = new URL('../../fixtures/', import.meta.url);

interface Case {
  readonly name: string;
  readonly doc: Node;
  docx: Uint8Array;
}

// 2 × 1 pixel PNG.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwHwQZGBgAP/wH+ZcTEY4AAAAASUVORK5CYII=';

// Everything the fixtures lack: sections, headers and footers, footnotes, images, merged cells.
const kitchenSink = doc(
  { title: 'Kitchen sink' },
  section(
    header('default', 'Header text'),
    footer('default', 'Footer text'),
    heading(1, 'Kitchen sink'),
    p('A claim', footnoteRef('1'), ' and a picture ', img({ src: PNG, alt: 'dots', width: 600 })),
    ol(li('first', ul(li('nested bullet'))), li({ checked: true }, 'done task')),
    blockquote(p('Quoted wisdom')),
    table(tr({ header: true }, td('Head A'), td('Head B')), tr(td({ rowspan: 2 }, 'Merged down'), td('Right one')), tr(td('Right two'))),
  ),
  section({ orientation: 'landscape' }, p('Landscape page text')),
  footnote('1', p('Footnote text')),
);

const cases: Case[] = [
  { name: 'kitchen-sink', doc: kitchenSink, docx: new Uint8Array() },
  ...readdirSync(new URL('markdown/', FIXTURES))
    .filter((name) => name.endsWith('.md'))
    .map((name) => ({ name, doc: readMarkdown(readFileSync(new URL(`markdown/${name}`, FIXTURES), 'utf8')).value, docx: new Uint8Array() })),
  ...readdirSync(new URL('html/', FIXTURES))
    .filter((name) => name.endsWith('.html'))
    .map((name) => ({ name, doc: readHtml(readFileSync(new URL(`html/${name}`, FIXTURES), 'utf8')).value, docx: new Uint8Array() })),
];

function count(doc: Node, type: string): number {
  let total = 0;
  doc.descendants((node) => {
    if (node.type.name === type) total++;
    return true;
  });
  return total;
}

// For comparing text across formats: no white space, and compatibility forms folded (PDF text
// extraction may return ligatures such as "ﬁ").
function normalize(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '');
}

// Letters and digits only: PDF text extraction loses some punctuation where lines break inside
// long runs of it (a dash of `+-----+` at a line end) and drops zero-width joiners.
function lettersAndDigits(text: string): string {
  return text.normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, '');
}

function textRuns(textblock: Node): string[] {
  const runs: string[] = [''];
  textblock.forEach((child) => {
    if (child.isText) runs[runs.length - 1] += child.text ?? '';
    else runs.push('');
  });
  return runs.filter((run) => lettersAndDigits(run) !== '');
}

beforeAll(async () => {
  for (const testCase of cases) testCase.docx = await writeDocx(testCase.doc);
});

describe('writeDocx on the Markdown and HTML fixtures', () => {
  it('has fixtures of both formats, with headings, lists and tables to write', () => {
    expect(cases.some((testCase) => testCase.name.endsWith('.md'))).toBe(true);
    expect(kitchenSink.childCount).toBe(3);
    expect(cases.some((testCase) => testCase.name.endsWith('.html'))).toBe(true);
    for (const type of ['heading', 'list_item', 'table']) {
      expect(cases.reduce((total, testCase) => total + count(testCase.doc, type), 0)).toBeGreaterThan(0);
    }
  });

  it.each(cases.filter((testCase) => testCase.name !== 'kitchen-sink').map((testCase) => [testCase.name, testCase] as const))('writes %s with heading styles, numbered list items and styled tables, keeping its text', (_name, testCase) => {
    const body = readPart(readDocxParts(testCase.docx), 'word/document.xml');
    expect(findAll(body, /<w:pStyle w:val="Heading[1-6]"\/>/g)).toHaveLength(count(testCase.doc, 'heading'));
    expect(findAll(body, /<w:numPr>/g).length).toBeGreaterThanOrEqual(count(testCase.doc, 'list_item'));
    const tables = findAll(body, /<w:tbl>.*?<\/w:tblPr>/g);
    expect(tables).toHaveLength(count(testCase.doc, 'table'));
    for (const table of tables) expect(table[0]).toContain('<w:tblStyle w:val="TableGrid"/>');
    expect(normalize(extractWordText(body))).toBe(normalize(extractText(testCase.doc)));
  });

  it('writes packages that LibreOffice opens and renders with all their text', async () => {
    const pdfs = await convertWithLibreOffice(new Map(cases.map((testCase) => [`${testCase.name.replace(/\./g, '-')}.docx`, testCase.docx])), 'pdf');
    for (const testCase of cases) {
      const pdf = pdfs.get(`${testCase.name.replace(/\./g, '-')}.docx`)!;
      const text = lettersAndDigits(await pdfToText(pdf));
      const missing: string[] = [];
      testCase.doc.descendants((node) => {
        if (!node.isTextblock) return true;
        // Runs of text between inline leaves: a footnote reference shows its number in between.
        for (const run of textRuns(node)) {
          if (!text.includes(lettersAndDigits(run))) missing.push(run);
        }
        return false;
      });
      expect(missing, `text of ${testCase.name} missing from LibreOffice's PDF`).toEqual([]);
    }
  }, 180_000);
});
