// The page layout (quire/layout, the built files) run in real headless Chromium with the canvas
// measurer and the editor's shipped web fonts, against the same layout run in Node with the PDF
// writer's measurer (pdfkit, the Fontsource WOFF files): one layout for the screen and the PDF
// must put the same words on the same lines at the same places of the same pages.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import PDFDocument from 'pdfkit';
import type { Node } from 'prosemirror-model';
import { layoutDocument, webFontSource } from 'quire/layout';
import { OPEN_FONTS, type OpenFontId } from 'quire/model';
import { readDocx } from 'quire/readers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHtml } from '../../packages/convert/src/readers/read-html.js';
import { readMarkdown } from '../../packages/convert/src/readers/read-markdown.js';
import { FontCatalog } from '../../packages/convert/src/writers/pdf/font-catalog.js';
import { PdfkitMeasurer } from '../../packages/convert/src/writers/pdf/pdfkit-measurer.js';
import { repositoryRoot } from './browser-harness.js';
import { useRepositoryInChromium } from './chromium-hooks.js';

/** A text run as compared: its text, its x and its baseline y in points, rounded to 0.01 pt. */
type Line = string;
/** Each page's text runs, in paint order. */
type PagesText = Line[][];

const fixtures = join(repositoryRoot, 'test/fixtures');
const FIXTURES = ['docx', 'markdown', 'html'].flatMap((kind) => readdirSync(join(fixtures, kind)).filter((name) => /\.(docx|md|html)$/.test(name)).map((name) => `${kind}/${name}`));

/**
 * Fixtures the browser lays out differently, and why: the editor ships only the Latin, Latin
 * Extended and Hebrew subsets of its six fonts and the Arabic one of the Arabic fallback, not the
 * CJK fallback, which it takes from the computer (which has none here), so text the PDF writer
 * draws with other files (other widths, another list bullet) differs.
 * The test checks that each of these has such text and every other fixture matches exactly.
 */
const EXPECTED_DIFFERENCES: Readonly<Record<string, string>> = {
  'docx/docxjs-equation.docx': 'math symbols (√ ∑ ∫) from Noto Sans SC, Greek letters (ω Δ) and ⋃ ⟨ ⟩ from Carlito’s Greek and Cyrillic Extended subsets',
  'docx/docxjs-numbering.docx': 'list bullets ● ◆ ■ ✓ from Noto Sans SC; the browser falls back to •',
  'docx/pandoc-unicode.docx': 'Chinese (世界) and ∨ from Noto Sans SC',
  'markdown/pandoc-markdown-reader-more.md': 'Chinese and the ◦ bullet from Noto Sans SC',
  'html/pandoc-html-reader.html': '◦ ▪ bullets and ∈ from Noto Sans SC',
};

const round = (value: number) => (Math.round(value * 100) / 100).toFixed(2);

/** Reads a fixture into a model document, as the converter does. */
async function readFixture(path: string): Promise<Node> {
  const bytes = new Uint8Array(readFileSync(join(fixtures, path)));
  if (path.endsWith('.docx')) return (await readDocx(bytes)).value;
  const text = new TextDecoder().decode(bytes);
  return (path.endsWith('.md') ? readMarkdown(text) : readHtml(text)).value;
}

const nodeFonts = new FontCatalog();

/** The keys of the font files the editor ships (dist/fonts/). */
const SHIPPED = new Set(
  [...(Object.keys(OPEN_FONTS) as OpenFontId[]), 'noto-sans-arabic' as const].flatMap((family) =>
    ([400, 700] as const).flatMap((weight) => [false, true].flatMap((italic) => webFontSource('https://example.test/').faceFiles({ family, weight, italic })!.map((file) => file.key))),
  ),
);

/** The text runs of each page as the PDF writer lays them out, and the text it draws with files the editor does not ship. */
function layOutInNode(doc: Node): { pages: PagesText; unshipped: string } {
  const measurer = new PdfkitMeasurer(new PDFDocument({ autoFirstPage: false }), nodeFonts);
  const { pages } = layoutDocument(doc, { catalog: nodeFonts, measurer });
  const texts = pages.flatMap((page) => page.ops.flatMap((op) => (op.kind === 'text' ? [op] : [])));
  return {
    pages: pages.map((page) => page.ops.flatMap((op) => (op.kind === 'text' ? [`${op.text} @ ${round(op.x)}, ${round(op.y)}`] : []))),
    unshipped: texts.filter((op) => !SHIPPED.has(op.file.key) && op.text.trim() !== '').map((op) => op.text).join(''),
  };
}

/**
 * The built quire/layout and quire/model bundled for the page (their dependencies with them), with
 * a function that loads every shipped font file once and lays out a document given as JSON.
 */
async function browserBundle(): Promise<string> {
  const contents = `
import { CanvasTextMeasurer, FontCatalog, layoutDocument, webFontSource } from './packages/quire/dist/esm/layout/index.js';
import { OPEN_FONTS, schema } from './packages/quire/dist/esm/model/index.js';
import { Node } from 'prosemirror-model';
let ready;
function setUp(base) {
  const source = webFontSource(base);
  const measurer = new CanvasTextMeasurer({ context: new OffscreenCanvas(1, 1).getContext('2d'), fonts: document.fonts, FontFace });
  const families = [...Object.keys(OPEN_FONTS), 'noto-sans-arabic', 'noto-sans-sc'];
  const files = [...new Map(families.flatMap((family) => [400, 700].flatMap((weight) => [false, true].flatMap((italic) => source.faceFiles({ family, weight, italic })))).map((file) => [file.key, file])).values()];
  return measurer.loadFaceFiles(files).then(() => ({ source, measurer, files: files.length }));
}
window.quireLayOut = async (json, base) => {
  ready ??= setUp(base);
  const { source, measurer } = await ready;
  const catalog = new FontCatalog(source);
  const { pages } = layoutDocument(Node.fromJSON(schema, json), { catalog, measurer });
  return pages.map((page) => page.ops.filter((op) => op.kind === 'text').map((op) => [op.text, op.x, op.y]));
};
window.quireFontFiles = async (base) => (await (ready ??= setUp(base))).files;
`;
  const result = await build({ stdin: { contents, resolveDir: repositoryRoot, loader: 'js' }, bundle: true, format: 'iife', platform: 'browser', write: false, logLevel: 'silent' });
  return result.outputFiles[0]!.text;
}

/** The first difference between two layouts, or null when they have the same runs at the same places on the same pages. */
function firstDifference(node: PagesText, browser: PagesText): string | null {
  if (node.length !== browser.length) return `${node.length} pages in Node, ${browser.length} in Chromium`;
  for (const [index, lines] of node.entries()) {
    const other = browser[index]!;
    const at = lines.findIndex((line, i) => line !== other[i]);
    if (at >= 0 || lines.length !== other.length) {
      const i = at >= 0 ? at : Math.min(lines.length, other.length);
      return `page ${index + 1}, run ${i + 1}: Node ${JSON.stringify(lines.slice(Math.max(0, i - 2), i + 1))}, Chromium ${JSON.stringify(other.slice(Math.max(0, i - 2), i + 1))}`;
    }
  }
  return null;
}

describe('the layout in Chromium', () => {
  const chromium = useRepositoryInChromium();
  let page: Page;

  beforeAll(async () => {
    const bundle = await browserBundle();
    page = await chromium.browser.newPage();
    const url = `${chromium.statics.origin}/layout.html`;
    // A page of the served origin, so that the font files are fetched from the same origin.
    await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>layout</title>' }));
    await page.goto(url);
    await page.addScriptTag({ content: bundle });
  });
  afterAll(() => page?.close());

  it("breaks every fixture's lines and pages in Chromium as the PDF writer does", { timeout: 600_000 }, async () => {
    const base = `${chromium.statics.origin}/packages/quire/dist/fonts/`;
    // Six families, four faces each, in Latin and Latin Extended, three of them in Hebrew too, and
    // the Arabic and CJK fallbacks in two weights (the CJK one the computer's, which has none).
    expect(await page.evaluate((fonts) => (window as unknown as { quireFontFiles(base: string): Promise<number> }).quireFontFiles(fonts), base)).toBe(48 + 12 + 2 + 2);
    expect(FIXTURES.length).toBeGreaterThan(50);
    const differences: Record<string, string> = {};
    const unshipped: Record<string, string> = {};
    for (const fixture of FIXTURES) {
      const doc = await readFixture(fixture);
      const { pages: node, unshipped: text } = layOutInNode(doc);
      if (text !== '') unshipped[fixture] = text;
      const raw = await page.evaluate(
        ({ json, fonts }) => (window as unknown as { quireLayOut(json: unknown, base: string): Promise<[string, number, number][][]> }).quireLayOut(json, fonts),
        { json: doc.toJSON(), fonts: base },
      );
      const browser = raw.map((runs) => runs.map(([text, x, y]) => `${text} @ ${round(x)}, ${round(y)}`));
      const difference = firstDifference(node, browser);
      if (difference !== null) differences[fixture] = difference;
    }
    // The differences, each with the first run that differs, are in the failure message.
    expect(Object.keys(differences).sort(), JSON.stringify(differences, null, 1)).toEqual(Object.keys(EXPECTED_DIFFERENCES).sort());
    // Each differs for the reason given: the PDF writer draws some of its text with files the editor does not ship.
    for (const fixture of Object.keys(EXPECTED_DIFFERENCES)) expect(unshipped[fixture], fixture).toMatch(/\S/);
  });
});
