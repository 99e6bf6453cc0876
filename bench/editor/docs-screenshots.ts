// Writes the side-by-side pictures of docs/editor.md: page 1 of a fixture as the Editor shows it
// on the script-tag example page (headless Chromium) beside LibreOffice's PDF of the same file.
// Not part of CI; run it after `npm run build` when the editor's look changes:
//   npx tsx bench/editor/docs-screenshots.ts
import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { findFidelityTools } from '../../fidelity/find-tools.js';
import { renderFirstPage } from '../../fidelity/render-first-page.js';
import { launchChromium, repositoryRoot, serveRepository } from '../../test/e2e/browser-harness.js';
import { convertWithLibreOffice } from '../../test/support/libreoffice.js';

const FIXTURES = ['pandoc-table_captions_with_field.docx', 'superdoc-image-wrapping.docx', 'pandoc-text_in_shape_format.docx'];
const OUT = `${repositoryRoot}/docs/images`;
// CSS pixels are 1/96 inch, the unit the editor lays pages out in: both pictures share one scale.
const DPI = 96;

const tools = findFidelityTools();
if (!tools.ok) throw new Error(tools.message);
const inputs = new Map(FIXTURES.map((name) => [name, new Uint8Array(readFileSync(`${repositoryRoot}/test/fixtures/docx/${name}`))]));
const pdfs = await convertWithLibreOffice(inputs, 'pdf');
const statics = await serveRepository();
const browser = await launchChromium();
try {
  for (const name of FIXTURES) {
    const editor = await editorFirstPage(browser, statics.origin, name);
    const libreoffice = await renderFirstPage(pdfs.get(name) ?? new Uint8Array(), { pdftoppm: tools.tools.pdftoppm, dpi: DPI });
    const path = `${OUT}/editor-vs-libreoffice-${name.replace(/\.docx$/, '')}.png`;
    writeFileSync(path, await sideBySide(browser, name, editor, libreoffice));
    console.log(`wrote ${path.slice(repositoryRoot.length + 1)}`);
  }
} finally {
  await browser.close();
  await statics.close();
}

/** Opens `name` on examples/editor and returns a PNG of the first page of its first sheet. */
async function editorFirstPage(browser: Browser, origin: string, name: string): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 1500 } });
  try {
    await page.goto(`${origin}/examples/editor/index.html?telemetry=off`);
    await page.setInputFiles('#file', `${repositoryRoot}/test/fixtures/docx/${name}`);
    await page.waitForFunction((file) => document.getElementById('status')?.textContent === `${file} is open.`, name);
    // Pictures load lazily, once in view.
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.quire-document img')].every((image) => image.complete));
    const sheet = page.locator('.quire-sheet').first();
    const box = await sheet.boundingBox();
    const pageHeight = await sheet.evaluate((element) => parseFloat(getComputedStyle(element).getPropertyValue('--quire-page-height')));
    if (box === null || !(pageHeight > 0)) throw new Error(`${name}: no sheet on screen`);
    return await page.screenshot({ clip: { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, pageHeight) } });
  } finally {
    await page.close();
  }
}

/** Returns a PNG with both renderings side by side at the same scale, each under its label. */
async function sideBySide(browser: Browser, name: string, editor: Buffer, libreoffice: Uint8Array): Promise<Buffer> {
  // A small viewport: the full-page screenshot then takes the size of the content.
  const page = await browser.newPage({ viewport: { width: 200, height: 200 } });
  try {
    const figure = (label: string, png: Uint8Array) =>
      `<figure><figcaption>${label}</figcaption><img src="data:image/png;base64,${Buffer.from(png).toString('base64')}"></figure>`;
    await page.setContent(`<!doctype html><style>
      body { margin: 0; padding: 12px; background: #e8e8e8; font: 15px system-ui, sans-serif; width: max-content; }
      h1 { font-size: 15px; margin: 0 0 8px; } main { display: flex; gap: 16px; align-items: flex-start; }
      figure { margin: 0; } figcaption { margin-bottom: 6px; } img { display: block; width: 612px; box-shadow: 0 1px 4px #0004; background: #fff; }
    </style><h1>${name}</h1><main>${figure('Quire Editor in Chromium', editor)}${figure('LibreOffice, page 1 of its PDF', libreoffice)}</main>`);
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    return await page.screenshot({ fullPage: true });
  } finally {
    await page.close();
  }
}
