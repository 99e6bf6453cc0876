import { readdirSync, readFileSync } from 'node:fs';
import type { Node } from 'prosemirror-model';
import { beforeAll, describe, expect, it } from 'vitest';
import { blockquote, doc, footer, footnote, footnoteRef, header, heading, img, li, ol, p, section, table, td, tr, ul } from '../../../../quire/src/model/builders.js';
import { extractText } from '../../../../quire/src/model/extract-text.js';
import { readHtml } from '../../../src/readers/read-html.js';
import { readMarkdown } from '../../../src/readers/read-markdown.js';
import { writeDocx } from 'quire/writers';
import { convertWithLibreOffice, pdfToText } from '../../../../../test/support/libreoffice.js';
import { extractWordText, findAll, readDocxParts, readPart } from '../../../../../test/support/docx-parts.js';

const FIXTURES = new URL('../../../../../test/fixtures/', import.meta.url);

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

// The words of a text for comparing it with a renderer's: runs of letters and digits, with
// compatibility forms folded (PDF text extraction may return ligatures such as "ﬁ") and marks and
// format characters left out (extraction drops zero-width joiners).
function words(text: string): string[] {
  return text.normalize('NFKC').replace(/[\p{M}\p{Cf}]+/gu, '').match(/[\p{L}\p{N}]+/gu) ?? [];
}

// The words of a document's text; an inline leaf (a footnote reference, a picture) separates words.
function documentWords(doc: Node): string[] {
  const found: string[] = [];
  doc.descendants((node) => {
    if (!node.isTextblock) return true;
    let text = '';
    node.forEach((child) => {
      text += child.isText ? (child.text ?? '') : ' ';
    });
    found.push(...words(text));
    return false;
  });
  return found;
}

// The words of `expected` that `rendered` shows fewer times than `expected` has them. Rendered text
// is searched with its separators removed and in no particular order: how pdftotext spaces and
// orders table cells, or text it takes for cells (`b2` for `b 2`, a cell's second line after the
// next cell), depends on the fonts of the machine. A word is missing when its letters do not
// appear as often as the document has it.
function missingWords(expected: readonly string[], rendered: string): string[] {
  const haystack = words(rendered).join('');
  const wanted = new Map<string, number>();
  for (const word of expected) wanted.set(word, (wanted.get(word) ?? 0) + 1);
  const missing: string[] = [];
  for (const [word, count] of wanted) {
    const shown = haystack.split(word).length - 1;
    if (shown < count) missing.push(`${word}: ${count} in the document, ${shown} rendered`);
  }
  return missing;
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

  it('counts a word as rendered however the renderer spaces and orders table cells, and as missing when it is not shown as often', () => {
    expect(missingWords(words('| r1 bis | b 2 | c 2 | Auf\u200Clage ﬁle'), 'c2 | r1\nb2\n bis Auflage file')).toEqual([]);
    expect(missingWords(words('b 2 b 2 more words'), 'b2 words')).toEqual(['b: 2 in the document, 1 rendered', '2: 2 in the document, 1 rendered', 'more: 1 in the document, 0 rendered']);
  });

  it('writes packages that LibreOffice opens and renders with all their text', async () => {
    const pdfs = await convertWithLibreOffice(new Map(cases.map((testCase) => [`${testCase.name.replace(/\./g, '-')}.docx`, testCase.docx])), 'pdf');
    for (const testCase of cases) {
      const pdf = pdfs.get(`${testCase.name.replace(/\./g, '-')}.docx`)!;
      expect(missingWords(documentWords(testCase.doc), await pdfToText(pdf)), `text of ${testCase.name} missing from LibreOffice's PDF`).toEqual([]);
    }
  }, 180_000);
});

describe('writeDocx on documents read from random HTML', () => {
  const PIECES = [
    '<p>', '<h3>', '<ul>', '<ol>', '<li>', '</li>', '</ul>', '<table>', '<tr>', '<td rowspan="3">', '<td colspan="2">', '<th>', '</td>', '</tr>', '</table>',
    '<pre>', '</pre>', '<b>', '<a href="https://x.example">', '<a href="#">', '</a>', '<br>', '<hr>', '<blockquote>', '</blockquote>', '<code>', 'text', '\t', ' ',
    '<input type="checkbox">', `<img src="${PNG}">`, '<span style="background:#123456;font-size:9pt">', '</span>',
  ];

  it('writes every one of them as a package with a document part', async () => {
    let seed = 3;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 40; run++) {
      const html = Array.from({ length: 1 + Math.floor(random() * 50) }, () => PIECES[Math.floor(random() * PIECES.length)]).join('');
      const parts = readDocxParts(await writeDocx(readHtml(html).value));
      expect(parts.get('word/document.xml'), html).toContain('<w:body>');
    }
  });
});
