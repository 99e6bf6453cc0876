import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { doc, heading, li, ol, p, section } from '../../../src/model/builders.js';
import { schema } from '../../../src/model/index.js';
import { readDocx } from '../../../src/readers/docx/index.js';
import { writeDocx } from '../../../src/writers/docx/write-docx.js';

function numberedHeading(level: number, number: string, text: string): Node {
  const plain = heading(level, text);
  return schema.node('heading', { ...plain.attrs, number }, plain.content);
}

function customList(attrs: Record<string, unknown>, ...items: string[]): Node {
  const plain = ol(...items.map((item) => li(p(item))));
  return schema.node('ordered_list', { ...plain.attrs, ...attrs }, plain.content);
}

// Headings numbered as Word counts them, one that breaks the count ("7" after "2"), and two lists
// with the text around their numbers.
const MODEL = doc(
  section(
    numberedHeading(1, 'Chapter 1', 'Scope'),
    numberedHeading(2, '1.1', 'Terms'),
    numberedHeading(2, '1.2', 'Parties'),
    numberedHeading(1, 'Chapter 2', 'Payment'),
    numberedHeading(2, '2.1', 'Invoices'),
    numberedHeading(1, 'Chapter 7', 'Annexes'),
    numberedHeading(1, 'Article IV.', 'Roman'),
    customList({ prefix: 'Article ', suffix: '.' }, 'Delivery', 'Warranty'),
    customList({ prefix: '(', suffix: ')', format: 'decimalZero', start: 8 }, 'eight', 'nine', 'ten'),
  ),
);

function headingNumbers(read: Node): (string | null)[] {
  const numbers: (string | null)[] = [];
  read.descendants((node) => {
    if (node.type.name === 'heading') numbers.push(node.attrs['number'] as string | null);
    return true;
  });
  return numbers;
}

function listLooks(read: Node): unknown[] {
  const looks: unknown[] = [];
  read.descendants((node) => {
    if (node.type.name === 'ordered_list') looks.push({ prefix: node.attrs['prefix'], suffix: node.attrs['suffix'], format: node.attrs['format'], start: node.attrs['start'] });
    return true;
  });
  return looks;
}

describe('writeDocx numbers of headings and lists', () => {
  it('writes heading numbers as Word numbering that counts them, so a reader of the DOCX sees the same numbers', async () => {
    const { value } = await readDocx(await writeDocx(MODEL));
    expect(headingNumbers(value)).toEqual(['Chapter 1', '1.1', '1.2', 'Chapter 2', '2.1', 'Chapter 7', 'Article IV.']);
  });

  it('writes the text around list numbers and the decimalZero format into the numbering levels', async () => {
    const { value } = await readDocx(await writeDocx(MODEL));
    expect(listLooks(value)).toEqual([
      { prefix: 'Article ', suffix: '.', format: 'decimal', start: 1 },
      { prefix: '(', suffix: ')', format: 'decimalZero', start: 8 },
    ]);
  });

  it('gives LibreOffice the same numbers to show', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'quire-numbers-'));
    writeFileSync(join(directory, 'numbers.docx'), await writeDocx(MODEL));
    execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${directory}/profile`, '--convert-to', 'txt:Text (encoded):UTF8', '--outdir', directory, join(directory, 'numbers.docx')], { stdio: 'ignore', timeout: 120_000 });
    const lines = readFileSync(join(directory, 'numbers.txt'), 'utf8').split(/\r?\n/).map((line) => line.trim().replace(/\s+/g, ' '));
    for (const expected of ['Chapter 1 Scope', '1.1 Terms', '1.2 Parties', 'Chapter 2 Payment', '2.1 Invoices', 'Chapter 7 Annexes', 'Article IV. Roman', 'Article 1. Delivery', 'Article 2. Warranty', '(08) eight', '(09) nine', '(10) ten']) {
      expect(lines).toContain(expected);
    }
  });
});
