// Every fixture through every pair of the built-in engine, by the public convert(), and DOCX to PDF
// through LibreOffice: the text must survive, and DOCX output must keep headings and lists.
import { readdirSync, readFileSync } from 'node:fs';
import type { Node } from 'prosemirror-model';
import { afterAll, describe, expect, it } from 'vitest';
import { convert, type ConvertResult } from '../src/convert.js';
import { createEngines } from '../src/create-engines.js';
import type { InputFormat, OutputFormat } from '../src/engine.js';
import { extractText } from '../../quire/src/model/extract-text.js';
import { readDocx } from '../../quire/src/readers/index.js';
import { readHtml } from '../src/readers/read-html.js';
import { readMarkdown } from '../src/readers/read-markdown.js';
import { findMissingRun, normalizeText, wordTextRuns } from '../../quire/test/readers/docx/docx-text.js';
import { findAll, readDocxParts, readPart } from '../../../test/support/docx-parts.js';
import { pdfText } from '../../../test/support/pdf-tools.js';
import { createRunAhead } from './support/run-ahead.js';

const FIXTURES = new URL('../../../test/fixtures/', import.meta.url);
const FOLDERS: Readonly<Record<InputFormat, string>> = { docx: 'docx', md: 'markdown', html: 'html' };
const EXTENSIONS: Readonly<Record<InputFormat, string>> = { docx: '.docx', md: '.md', html: '.html' };
const PAIRS: ReadonlyArray<readonly [InputFormat, OutputFormat]> = [
  ['docx', 'pdf'],
  ['docx', 'docx'],
  ['md', 'pdf'],
  ['md', 'docx'],
  ['html', 'pdf'],
  ['html', 'docx'],
];

function listFixtures(from: InputFormat): string[] {
  return readdirSync(new URL(`${FOLDERS[from]}/`, FIXTURES))
    .filter((name) => name.endsWith(EXTENSIONS[from]))
    .sort();
}

function readFixture(from: InputFormat, name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`${FOLDERS[from]}/${name}`, FIXTURES)));
}

// The engines convert a few fixtures ahead of the test that checks them (as many as they have
// workers), never all at once: a queue of hundreds of conversions on a busy machine is what made
// this file fail. Each conversion then waits for at most the one before it, and its time limit
// counts its own work only. The limits are generous on purpose: they catch a hung engine, not a
// slow machine (the largest fixture converts in a few seconds on an idle one).
const WORK_TIMEOUT_MS = 600_000;
const TEST_TIMEOUT_MS = 3 * WORK_TIMEOUT_MS;
const POOL_SIZE = 2;
const builtin = createEngines({ env: {}, libreoffice: false, gotenberg: false, builtin: { poolSize: POOL_SIZE, timeoutMs: WORK_TIMEOUT_MS } });
const libreoffice = createEngines({ env: process.env, builtin: false, gotenberg: false, libreoffice: { poolSize: POOL_SIZE, timeoutMs: WORK_TIMEOUT_MS } });
afterAll(() => Promise.all([builtin.close(), libreoffice.close()]));

const sweepKey = (from: InputFormat, to: OutputFormat, name: string) => `${from} ${to} ${name}`;

function runAhead(engine: 'builtin' | 'libreoffice', pairs: ReadonlyArray<readonly [InputFormat, OutputFormat]>) {
  const registry = engine === 'builtin' ? builtin : libreoffice;
  const jobs = new Map(pairs.flatMap(([from, to]) => listFixtures(from).map((name) => [sweepKey(from, to, name), { from, to, name }] as const)));
  return createRunAhead(
    [...jobs.keys()],
    (key) => {
      const { from, to, name } = jobs.get(key)!;
      return convert(readFixture(from, name), { from, to, engine, fileName: name }, registry);
    },
    POOL_SIZE,
  );
}

// In the order the tests below run, so that the conversions started ahead are the next ones checked.
const PDF_PAIRS = PAIRS.filter(([, to]) => to === 'pdf');
const conversions = runAhead('builtin', [...PDF_PAIRS, ['docx', 'docx'], ['md', 'docx'], ['html', 'docx']]);
const officeConversions = runAhead('libreoffice', [['docx', 'pdf']]);

// Failures of code owned elsewhere (src/writers/pdf, src/writers/docx, src/readers/docx), by pair
// and fixture: the runs of source text known to be missing from a PDF, or the number of nodes of a
// type that a DOCX output reads back with. The tests assert exactly these, so they fail when a fix
// lands: then remove the entry.
interface KnownFailure {
  readonly reason: string;
  readonly missing?: readonly string[];
  readonly readBack?: Readonly<Record<string, number>>;
}

const KNOWN_FAILURES: Readonly<Record<string, KnownFailure>> = {};

// Where LibreOffice rightly shows other text than the source's w:t elements: these runs may be
// missing from its PDF (other LibreOffice versions may show them). Not bugs: it recomputes fields,
// applies capitals, or chooses another alternative.
const LIBREOFFICE_DIFFERENCES: Readonly<Record<string, { readonly missing: readonly string[]; readonly reason: string }>> = {
  'pandoc-inline_formatting.docx': { missing: ['Small Caps'], reason: 'small capitals are drawn as capital letters, which pdftotext extracts as upper case' },
  'pandoc-text_in_shape_format.docx': { missing: ['May 1, 2017'], reason: 'the DATE field is updated on load' },
  'superdoc-alternateContent_valid.docx': {
    missing: ['Choice A: Requires=w15'],
    reason: 'LibreOffice does not claim the w15 namespace, so it takes the next mc:Choice (ECMA-376 Part 3, 10.2.1)',
  },
  'superdoc-table-of-contents.docx': { missing: ['Table of Contents'], reason: 'the run has w:caps, so the title is drawn in capital letters' },
};

function readSource(from: 'md' | 'html', name: string): Node {
  const text = new TextDecoder().decode(readFixture(from, name));
  return (from === 'md' ? readMarkdown(text) : readHtml(text)).value;
}

/** The text of each textblock of a model document, in document order. */
function textblockTexts(doc: Node): string[] {
  const texts: string[] = [];
  doc.descendants((node) => {
    if (!node.isTextblock) return true;
    texts.push(node.textContent);
    return false;
  });
  return texts;
}

// For comparing text across formats: compatibility forms folded (PDF text may hold ligatures such
// as "ﬁ"), and no white space or characters that are never drawn (soft hyphen, zero-width joiners,
// and the bidirectional embeddings that pdftotext puts around right-to-left words).
function normalize(text: string): string {
  return normalizeText(text.normalize('NFKC')).replace(/[\u00ad\u200b-\u200d\u202a-\u202e\u2060\u2066-\u2069\ufeff]+/g, '');
}

/** The runs of `runs` whose text (see `normalize`) is nowhere in `text`. */
function findMissingRuns(runs: readonly string[], text: string): string[] {
  const haystack = normalize(text);
  return runs.filter((run) => !haystack.includes(normalize(run)));
}

function headingLevels(doc: Node): number[] {
  const levels: number[] = [];
  doc.descendants((node) => {
    if (node.type.name === 'heading') levels.push(Number(node.attrs['level']));
    return true;
  });
  return levels;
}

/**
 * The number of block quotes around each textblock with text of a model document, in document
 * order (DOCX gives a list item that opens with a nested list an empty paragraph for its number).
 */
function quoteDepths(doc: Node): number[] {
  const depths: number[] = [];
  const visit = (node: Node, depth: number): void => {
    node.forEach((child) => {
      if (child.isTextblock) {
        if (child.textContent.trim() !== '') depths.push(depth);
      } else visit(child, child.type.name === 'blockquote' ? depth + 1 : depth);
    });
  };
  visit(doc, 0);
  return depths;
}

// Word has no boundary between two quotes that follow each other (both are runs of Block Text
// paragraphs), so a run of sibling quotes counts once.
function countQuoteRuns(doc: Node): number {
  let total = 0;
  doc.descendants((node) => {
    let previous: Node | null = null;
    node.forEach((child) => {
      if (child.type.name === 'blockquote' && previous?.type.name !== 'blockquote') total++;
      previous = child;
    });
    return true;
  });
  return total;
}

function countNodes(doc: Node, type: string): number {
  let total = 0;
  doc.descendants((node) => {
    if (node.type.name === type) total++;
    return true;
  });
  return total;
}

/** Paragraph style references and numbering properties of a WordprocessingML part, in order. */
function paragraphMarkup(xml: string): string[] {
  return findAll(xml, /<w:pStyle w:val="[^"]*"\/>|<w:numPr>/g).map((match) => match[0]);
}

/** Checks that `result` is a PDF written by `engine` and returns its text in drawing order. */
function expectPdf(result: ConvertResult, engine: 'builtin' | 'libreoffice'): string {
  expect(result.engine).toBe(engine);
  expect(new TextDecoder('latin1').decode(result.bytes.subarray(0, 5))).toBe('%PDF-');
  return pdfText(result.bytes, undefined, 'raw');
}

describe.each(PDF_PAIRS)('convert %s to %s with the built-in engine', (from) => {
  it.each(listFixtures(from))('keeps the text of %s', { timeout: TEST_TIMEOUT_MS }, async (name) => {
    const text = expectPdf(await conversions.get(sweepKey(from, 'pdf', name)), 'builtin');
    const runs = from === 'docx' ? wordTextRuns(readPart(readDocxParts(readFixture('docx', name)), 'word/document.xml')) : textblockTexts(readSource(from, name));
    const failure = KNOWN_FAILURES[`${from} pdf ${name}`];
    const known = failure?.missing ?? [];
    expect(findMissingRuns(runs, text), failure?.reason).toEqual(known);
    // Markdown and HTML have no running headers or floating objects, so their text is drawn in
    // document order; in a DOCX those are drawn between body lines, so only presence is checked.
    if (from !== 'docx') expect(findMissingRun(runs.filter((run) => !known.includes(run)).map(normalize), normalize(text))).toBeUndefined();
  });
});

describe('convert docx to docx with the built-in engine', () => {
  it.each(listFixtures('docx'))('passes %s through with its text, paragraph styles, headings, list numbering and quote depths', { timeout: TEST_TIMEOUT_MS }, async (name) => {
    const result = await conversions.get(sweepKey('docx', 'docx', name));
    const source = readFixture('docx', name);
    const body = readPart(readDocxParts(result.bytes), 'word/document.xml');
    const sourceBody = readPart(readDocxParts(source), 'word/document.xml');
    expect(wordTextRuns(body)).toEqual(wordTextRuns(sourceBody));
    expect(paragraphMarkup(body)).toEqual(paragraphMarkup(sourceBody));
    const [before, after] = await Promise.all([readDocx(source), readDocx(result.bytes)]);
    expect(normalizeText(extractText(after.value))).toBe(normalizeText(extractText(before.value)));
    expect(headingLevels(after.value)).toEqual(headingLevels(before.value));
    expect(countNodes(after.value, 'list_item')).toBe(countNodes(before.value, 'list_item'));
    expect(quoteDepths(after.value)).toEqual(quoteDepths(before.value));
  });
});

describe.each(['md', 'html'] as const)('convert %s to docx with the built-in engine', (from) => {
  it.each(listFixtures(from))('writes %s with its text, Heading1..6 styles, numbered list items, tables, code blocks and quote depths', { timeout: TEST_TIMEOUT_MS }, async (name) => {
    const result = await conversions.get(sweepKey(from, 'docx', name));
    const source = readSource(from, name);
    const read = await readDocx(result.bytes);
    expect(normalizeText(extractText(read.value))).toBe(normalizeText(extractText(source)));
    const body = readPart(readDocxParts(result.bytes), 'word/document.xml');
    const styled = findAll(body, /<w:pStyle w:val="Heading([1-6])"\/>/g).map((match) => Number(match[1]));
    expect(styled).toEqual(headingLevels(source));
    expect(headingLevels(read.value)).toEqual(headingLevels(source));
    expect(findAll(body, /<w:numPr>/g).length).toBeGreaterThanOrEqual(countNodes(source, 'list_item'));
    const failure = KNOWN_FAILURES[`${from} docx ${name}`];
    for (const type of ['list_item', 'table', 'table_cell', 'code_block']) {
      expect(countNodes(read.value, type), `${type} ${failure?.reason ?? ''}`).toBe(failure?.readBack?.[type] ?? countNodes(source, type));
    }
    expect(quoteDepths(read.value)).toEqual(quoteDepths(source));
    expect(countQuoteRuns(read.value)).toBe(countQuoteRuns(source));
  });
});

describe('convert docx to pdf with the LibreOffice engine', () => {
  it.each(listFixtures('docx'))('keeps the text of %s', { timeout: TEST_TIMEOUT_MS }, async (name) => {
    const text = expectPdf(await officeConversions.get(sweepKey('docx', 'pdf', name)), 'libreoffice');
    const runs = wordTextRuns(readPart(readDocxParts(readFixture('docx', name)), 'word/document.xml'));
    const allowed = LIBREOFFICE_DIFFERENCES[name]?.missing ?? [];
    expect(findMissingRuns(runs, text).filter((run) => !allowed.includes(run))).toEqual([]);
  });
});
