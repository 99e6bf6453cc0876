import { readdirSync, readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { footnote, heading, li, ol, p, table, td, tr, ul } from '../../../src/model/builders.js';
import { readDocx } from '../../../src/readers/index.js';
import { bodyText, findMissingRun, wordTextRuns } from './docx-text.js';

const FIXTURES = new URL('../../../../../test/fixtures/docx/', import.meta.url);
const files = readdirSync(FIXTURES).filter((name) => name.endsWith('.docx'));

function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(name, FIXTURES)));
}

async function readFixture(name: string): Promise<Node> {
  return (await readDocx(fixture(name))).value;
}

// The blocks of the first section, headers and footers left out.
function blocks(doc: Node): Node[] {
  const out: Node[] = [];
  doc.firstChild!.forEach((block) => {
    if (block.type.name !== 'header_footer') out.push(block);
  });
  return out;
}

function find(doc: Node, type: string): Node[] {
  const found: Node[] = [];
  doc.descendants((node) => {
    if (node.type.name === type) found.push(node);
    return true;
  });
  return found;
}

// Table attributes that the fixtures' borders and widths fill in; the structure is what is compared.
function structureOf(node: Node): unknown {
  const json = node.toJSON() as { attrs?: Record<string, unknown>; content?: unknown[] };
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value).filter(([key]) => !['columnWidths', 'colwidth', 'borders', 'styleId', 'background', 'align'].includes(key));
    return Object.fromEntries(entries.map(([key, inner]) => [key, strip(inner)]));
  };
  return strip(json);
}

describe('readDocx on real-world fixtures', () => {
  it('has fixtures to read', () => {
    expect(files.length).toBeGreaterThanOrEqual(50);
  });

  it.each(files)('reads %s into a valid document that keeps all the text of its body, in order', async (name) => {
    const bytes = fixture(name);
    const { value } = await readDocx(bytes);
    value.check();
    const documentXml = strFromU8(unzipSync(bytes, { filter: (file) => file.name === 'word/document.xml' })['word/document.xml']!);
    const runs = wordTextRuns(documentXml);
    expect(findMissingRun(runs, bodyText(value))).toBeUndefined();
  });

  it('reads the six heading levels of pandoc-headers, and a seventh level as body text', async () => {
    const headings = blocks(await readFixture('pandoc-headers.docx')).filter((block) => block.type.name === 'heading');
    expect(headings.map((node) => [node.attrs['level'], node.textContent])).toEqual([
      [1, 'A Test of Headers'],
      [2, 'Second Level'],
      [3, 'Third level'],
      [4, 'Fourth level'],
      [5, 'Fifth level'],
      [6, 'Sixth level'],
    ]);
  });

  it('nests the numbered and bulleted lists of pandoc-lists by level', async () => {
    // From word/document.xml: numIds 2 and 3 (levels 0 and 1) form the ordered list, numIds 4, 5
    // and 6 (levels 0, 1, 2) the bulleted one; "Sub paragraph" (numId 0) is indented under "four".
    // pandoc indents its lists by 480 twips a level, the number in a 480-twip hanging indent.
    const [, ordered, bullets, adjacent] = blocks(await readFixture('pandoc-lists.docx'));
    expect(ordered?.toJSON()).toEqual(
      ol(
        { numId: '2', level: 0, indent: { left: 480, hanging: 480 } },
        li(p('one')),
        li(p('two'), ol({ format: 'lowerLetter', numId: '3', level: 1, indent: { left: 1200, hanging: 480 } }, li(p('a')), li(p('b')))),
      ).toJSON(),
    );
    expect(bullets?.type.name).toBe('bullet_list');
    expect(structureOf(bullets!)).toEqual(
      structureOf(
        ul(
          { numId: '4', level: 0, indent: { left: 480, hanging: 480 } },
          li(p('one')),
          li(
            p('two'),
            ul(
              { marker: '−', numId: '5', level: 1, indent: { left: 1200, hanging: 480 } },
              li(p('three'), ul({ marker: '•', numId: '6', level: 2, indent: { left: 1920, hanging: 480 } }, li(p('four'), p('Sub paragraph')))),
            ),
          ),
          li(p('Same list')),
        ),
      ),
    );
    expect(adjacent?.type.name).toBe('bullet_list');
    expect(adjacent?.attrs).toMatchObject({ numId: '7', level: 0 });
    expect(adjacent?.textContent).toBe('Different list adjacent to the one above.');
  });

  it('reads the style-linked bullets of pandoc-german_styled_lists (numbering from the paragraph style)', async () => {
    // From word/styles.xml: AufzhlungStrich numbers with numId 1, whose level 0 is linked to it;
    // "Next level of the list" names numId 1 at level 1 itself; the levels indent by 142 twips (a quarter centimetre).
    const [list] = blocks(await readFixture('pandoc-german_styled_lists.docx'));
    const item = (text: string, ...rest: Node[]) => li(p({ styleId: 'AufzhlungStrich' }, text), ...rest);
    expect(list?.toJSON()).toEqual(
      ul(
        { marker: '–', numId: '1', level: 0, indent: { left: 142, hanging: 142 } },
        item('One level of the list.'),
        item('Second level of the list.', ul({ marker: '–', numId: '1', level: 1, indent: { left: 284, hanging: 142 } }, item('Next level of the list'))),
        item('Back to the top level.'),
      ).toJSON(),
    );
  });

  it('reads the vertical merges of docxjs-table-spans as row spans', async () => {
    const [spans] = find(await readFixture('docxjs-table-spans.docx'), 'table');
    // From word/document.xml: the first column merges all six rows; the fifth row's last cell spans
    // three columns and two rows.
    expect(spans?.childCount).toBe(6);
    expect(spans?.child(0).child(0).attrs).toMatchObject({ rowspan: 6, colspan: 1 });
    expect(spans?.child(4).child(1).attrs).toMatchObject({ rowspan: 2, colspan: 3 });
    expect(spans?.child(5).childCount).toBe(2);
  });

  it('reads the column spans of superdoc-table-merged-cells', async () => {
    const [merged] = find(await readFixture('superdoc-table-merged-cells.docx'), 'table');
    expect(structureOf(merged!)).toEqual(structureOf(table(tr(td({ colspan: 2 }, p('1')), td(p('2'))), tr(td(p('3')), td(p('4')), td(p('5'))), tr(td({ colspan: 3 }, p('6'))))));
  });

  it('reads the footnote and the endnote of pandoc-notes, without the space Word puts after the note number', async () => {
    const doc = await readFixture('pandoc-notes.docx');
    expect(heading(2, 'A footnote').eq(blocks(doc)[0]!)).toBe(true);
    expect(find(doc, 'footnote').map((node) => node.toJSON())).toEqual([footnote('1', p('My note.')).toJSON(), footnote('endnote-1', p('This is an endnote at the end of the document.')).toJSON()]);
  });

  it('takes the understood Choice of each alternate content of superdoc-alternateContent_valid', async () => {
    const text = bodyText(await readFixture('superdoc-alternateContent_valid.docx'));
    expect(text).toContain('Choice run (bold red, Requires=w14)');
    expect(text).toContain('Choice paragraph inside table cell (Requires=w14)');
    expect(text).toContain('Choice A: Requires=w15');
    expect(text).not.toMatch(/Fallback|Choice B/);
  });

  it('reads the default and even-page headers and footers of superdoc-h_f-normal-odd-even', async () => {
    const doc = await readFixture('superdoc-h_f-normal-odd-even.docx');
    expect(doc.attrs['evenAndOddHeaders']).toBe(true);
    const parts = find(doc, 'header_footer').map((node) => `${node.attrs['kind']}:${node.attrs['variant']}:${node.textContent.slice(1, 10)}`);
    expect(parts).toEqual(['header:default:Odd page ', 'header:even:Even page', 'footer:default:Odd page ', 'footer:even:Even page']);
  });

  it('shows the EMF and WMF pictures of superdoc-wmf-emf as placeholders of their size', async () => {
    const result = await readDocx(fixture('superdoc-wmf-emf.docx'));
    const pictures = find(result.value, 'image');
    expect(pictures).toHaveLength(2);
    for (const picture of pictures) expect(picture.attrs['width']).toBeGreaterThan(0);
    expect(result.messages.map((message) => message.code)).toEqual(['READER_IMAGE_UNSUPPORTED', 'READER_IMAGE_UNSUPPORTED']);
  });
});
