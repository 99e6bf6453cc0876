// Writes the side-by-side pictures of docs/editor.md: a page of a fixture as the Editor shows it
// on the script-tag example page (headless Chromium, pages layout) beside the same page of
// LibreOffice's PDF of the same file.
// Not part of CI; run it after `npm run build` when the editor's look changes:
//   npx tsx bench/editor/docs-screenshots.ts
import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { findFidelityTools } from '../../fidelity/find-tools.js';
import { runTool } from '../../fidelity/run-tool.js';
import { launchChromium, repositoryRoot, serveRepository } from '../../test/e2e/browser-harness.js';
import { convertWithLibreOffice } from '../../test/support/libreoffice.js';

/** A fixture and the page of it (1-based) that docs/editor.md shows. */
interface Shot {
  readonly name: string;
  readonly page: number;
}

const SHOTS: readonly Shot[] = [
  { name: 'pandoc-table_captions_with_field.docx', page: 1 },
  { name: 'superdoc-image-wrapping.docx', page: 1 },
  { name: 'pandoc-text_in_shape_format.docx', page: 1 },
  { name: 'superdoc-two_column_two_page.docx', page: 1 },
  { name: 'superdoc-h_f-normal-odd-even.docx', page: 2 },
  { name: 'superdoc-basic-footnotes.docx', page: 1 },
  { name: 'superdoc-300-pages.docx', page: 20 },
];
const OUT = `${repositoryRoot}/docs/images`;
// CSS pixels are 1/96 inch, the unit the editor lays pages out in: both pictures share one scale.
const DPI = 96;
// The editor measures the turns near the viewport and corrects their heights, which moves the pages
// below them: scrolling is repeated until the page stays where it was put.
const MAX_SCROLLS = 6;

const tools = findFidelityTools();
if (!tools.ok) throw new Error(tools.message);
const { pdftoppm } = tools.tools;
const names = [...new Set(SHOTS.map((shot) => shot.name))];
const inputs = new Map(names.map((name) => [name, new Uint8Array(readFileSync(`${repositoryRoot}/test/fixtures/docx/${name}`))]));
const pdfs = await convertWithLibreOffice(inputs, 'pdf');
const statics = await serveRepository();
const browser = await launchChromium();
try {
  for (const shot of SHOTS) {
    const editor = await editorPage(browser, statics.origin, shot);
    const libreoffice = await renderPdfPage(pdfs.get(shot.name) ?? new Uint8Array(), shot.page);
    const suffix = shot.page === 1 ? '' : `-page-${shot.page}`;
    const path = `${OUT}/editor-vs-libreoffice-${shot.name.replace(/\.docx$/, '')}${suffix}.png`;
    writeFileSync(path, await sideBySide(browser, shot, editor, libreoffice));
    console.log(`wrote ${path.slice(repositoryRoot.length + 1)}`);
  }
} finally {
  await browser.close();
  await statics.close();
}

/** Renders page `page` (1-based) of a PDF to PNG bytes at {@link DPI} with `pdftoppm`. */
async function renderPdfPage(pdf: Uint8Array, page: number): Promise<Uint8Array> {
  // "-" reads the PDF from standard input; with -singlefile and no output root the PNG goes to standard output.
  const args = ['-f', String(page), '-l', String(page), '-r', String(DPI), '-png', '-singlefile', '-'];
  const png = await runTool(pdftoppm, args, { input: pdf });
  if (png.byteLength === 0) throw new Error(`pdftoppm produced no image of page ${page}.`);
  return png;
}

/** Opens the shot's fixture on examples/editor and returns a PNG of its page as the editor lays it out. */
async function editorPage(browser: Browser, origin: string, shot: Shot): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 1500 } });
  try {
    await page.goto(`${origin}/examples/editor/index.html?telemetry=off`);
    await page.setInputFiles('#file', `${repositoryRoot}/test/fixtures/docx/${shot.name}`);
    await page.waitForFunction((file) => document.getElementById('status')?.textContent === `${file} is open.`, shot.name);
    await page.waitForFunction(() => document.querySelector('.quire-document[data-layout="pages"]') !== null);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    let clip: PageBox | null = null;
    for (let scroll = 0; scroll < MAX_SCROLLS && clip === null; scroll += 1) clip = await scrollToPage(page, shot.page);
    if (clip === null) throw new Error(`${shot.name}: page ${shot.page} does not stay at the top of the viewport`);
    // Pictures load lazily, once in view.
    await page.waitForFunction(
      ({ top, bottom }) =>
        [...document.querySelectorAll<HTMLImageElement>('.quire-document img')].every((image) => {
          const rect = image.getBoundingClientRect();
          return rect.bottom < top || rect.top > bottom || image.complete;
        }),
      { top: clip.y, bottom: clip.y + clip.height },
    );
    if (Math.abs(clip.drawnHeight - clip.height) > 1) {
      console.warn(`${shot.name}: page ${shot.page} is drawn ${clip.drawnHeight.toFixed(1)} px tall on paper ${clip.height.toFixed(1)} px tall`);
    }
    return await page.screenshot({ clip: { x: clip.x, y: clip.y, width: clip.width, height: clip.height } });
  } finally {
    await page.close();
  }
}

/** Where a page stands in the window: its paper's box from its top, and how tall it is drawn (top of its head to bottom of its foot). */
interface PageBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly drawnHeight: number;
}

/**
 * Scrolls the editor so that the top of page `number` is at the top of its viewport, lets the
 * editor measure the turns now in view (it moves each page onto its sheet's edge and sizes its
 * head and foot), and returns the page's box when two readings a few frames apart agree and the
 * page is still at the top, or null when the measuring moved it.
 */
function scrollToPage(page: Page, number: number): Promise<PageBox | null> {
  // No named functions inside: tsx would wrap them in a helper (`__name`) that the page lacks.
  return page.evaluate(async (number) => {
    // Pages in order: each turn shows its blank pages whole, then the head of the page that starts.
    const parts = [...document.querySelectorAll<HTMLElement>('.quire-page-turn :is(.quire-page-whole, .quire-page-head)')];
    const part = parts[number - 1];
    if (!part) throw new Error(`the editor shows ${parts.length} pages, not ${number}`);
    const viewport = document.querySelector<HTMLElement>('.quire-viewport')!;
    const viewportTop = viewport.getBoundingClientRect().top;
    viewport.scrollTop += part.getBoundingClientRect().top - viewportTop;
    const readings: PageBox[] = [];
    while (readings.length < 2) {
      for (let frame = 0; frame < 3; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
      const top = part.getBoundingClientRect();
      // The paper is the page-sized furniture the part is a window onto.
      const paper = part.querySelector<HTMLElement>('.quire-page-furniture')!;
      let bottom = top.bottom;
      if (part.classList.contains('quire-page-head')) {
        const foot = [...document.querySelectorAll('.quire-page-foot')].find((foot) => part.compareDocumentPosition(foot) & Node.DOCUMENT_POSITION_FOLLOWING);
        if (!foot) throw new Error(`page ${number} has no foot`);
        bottom = foot.getBoundingClientRect().bottom;
      }
      readings.push({ x: top.left, y: top.top, width: paper.offsetWidth, height: paper.offsetHeight, drawnHeight: bottom - top.top });
    }
    const [first, second] = readings as [PageBox, PageBox];
    const atTop = Math.abs(second.y - viewportTop) <= 0.5 || viewport.scrollTop + viewport.clientHeight >= viewport.scrollHeight;
    const same = (Object.keys(first) as (keyof PageBox)[]).every((key) => Math.abs(first[key] - second[key]) <= 0.5);
    return atTop && same ? second : null;
  }, number);
}

/** Returns a PNG with both renderings side by side at the same scale, each under its label. */
async function sideBySide(browser: Browser, shot: Shot, editor: Buffer, libreoffice: Uint8Array): Promise<Buffer> {
  // A small viewport: the full-page screenshot then takes the size of the content.
  const page = await browser.newPage({ viewport: { width: 200, height: 200 } });
  try {
    const figure = (label: string, png: Uint8Array) =>
      `<figure><figcaption>${label}</figcaption><img src="data:image/png;base64,${Buffer.from(png).toString('base64')}"></figure>`;
    await page.setContent(`<!doctype html><style>
      body { margin: 0; padding: 12px; background: #e8e8e8; font: 15px system-ui, sans-serif; width: max-content; }
      h1 { font-size: 15px; margin: 0 0 8px; } main { display: flex; gap: 16px; align-items: flex-start; }
      figure { margin: 0; } figcaption { margin-bottom: 6px; } img { display: block; width: 612px; box-shadow: 0 1px 4px #0004; background: #fff; }
    </style><h1>${shot.name}, page ${shot.page}</h1><main>${figure('Quire Editor in Chromium', editor)}${figure(`LibreOffice, page ${shot.page} of its PDF`, libreoffice)}</main>`);
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    return await page.screenshot({ fullPage: true });
  } finally {
    await page.close();
  }
}
