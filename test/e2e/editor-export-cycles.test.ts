// Ten rounds of open, edit, download and re-open through the example page in Chromium: the
// documentId settles once the first export has written the identity, and each later file differs
// from the one before only by the text typed in that round.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentText } from '../support/fixture-files.js';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { chooseOnExamplePage, docxFixture } from './example-page.js';

const DOCUMENT = '#editor .quire-document';
const ROUNDS = 10;
/** What each round types at the end of the paragraph: one byte of UTF-8, found in none of the fixtures. */
const TYPED = '~';
/** The parts the first export may add or change: the identity metadata and what declares it. */
const IDENTITY_PARTS = new Set(['word/settings.xml', 'docProps/core.xml', 'docProps/custom.xml', '[Content_Types].xml', '_rels/.rels', 'word/_rels/document.xml.rels']);

/** Five fixtures and the paragraph typed into: quote styles with a GUID, nested lists without one, a header and footer, footnotes, a picture. */
const CASES = [
  { fixture: 'pandoc-block_quotes.docx', paragraph: 'This is called the Intense Quote style.' },
  { fixture: 'pandoc-lists.docx', paragraph: 'Some nested lists' },
  { fixture: 'docxjs-header-footer.docx', paragraph: 'Content' },
  { fixture: 'superdoc-basic-footnotes.docx', paragraph: 'Simple text' },
  { fixture: 'pandoc-image.docx', paragraph: 'An image:' },
] as const;

type Parts = Record<string, Uint8Array>;

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array | undefined) => a !== undefined && b !== undefined && Buffer.from(a).equals(Buffer.from(b));

describe('ten export and re-open rounds through the editor in Chromium', () => {
  const chromium = useRepositoryInChromium();
  let downloads: string;

  beforeAll(async () => {
    downloads = await mkdtemp(join(tmpdir(), 'quire-cycles-'));
  });
  afterAll(async () => {
    if (downloads) await rm(downloads, { recursive: true, force: true });
  });

  /** Chooses the file at `path` on the page and waits until it is open. */
  async function choose(page: Page, path: string): Promise<void> {
    const status = await chooseOnExamplePage(page, path);
    expect(status).toBe(`${path.replace(/^.*\//, '')} is open.`);
  }

  /** Types {@link TYPED} at the end of the first paragraph holding `text`. */
  async function typeAtEndOf(page: Page, text: string): Promise<void> {
    await page.locator(`${DOCUMENT} :is(p, h1, h2, h3, h4, h5, h6)`, { hasText: text }).first().click();
    await page.keyboard.press('End');
    await page.keyboard.type(TYPED);
  }

  /** Downloads the document to a file of its own for `round`; returns its path. */
  async function download(page: Page, name: string, round: number): Promise<string> {
    const [saved] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const path = join(downloads, `${round}`, name);
    await saved.saveAs(path);
    return path;
  }

  for (const { fixture, paragraph } of CASES) {
    it(`keeps the documentId and grows ${fixture} by the typed text alone`, async () => {
      const context = await chromium.browser.newContext({ acceptDownloads: true, viewport: { width: 1200, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${chromium.statics.origin}/examples/editor/index.html?telemetry=off&fonts=off`);
      const original = docxFixture(fixture);
      await choose(page, original);
      const ids = [await page.textContent('#documentId')];
      let previous: Parts = unzipSync(new Uint8Array(await readFile(original)));

      for (let round = 1; round <= ROUNDS; round++) {
        await typeAtEndOf(page, paragraph);
        const saved = await download(page, fixture, round);
        const bytes = new Uint8Array(await readFile(saved));
        const parts: Parts = unzipSync(bytes);
        expect(documentText(bytes).split(TYPED).length - 1, `round ${round}`).toBe(round);
        // Nothing but the main part changes in a round; the first may also write the identity.
        const changed = Object.keys({ ...previous, ...parts }).filter((name) => !sameBytes(previous[name], parts[name]));
        const allowed = (name: string) => name === 'word/document.xml' || (round === 1 && IDENTITY_PARTS.has(name));
        expect(changed.filter((name) => !allowed(name)), `round ${round}`).toEqual([]);
        if (round > 1) expect(parts['word/document.xml']!.length - previous['word/document.xml']!.length, `round ${round}`).toBe(TYPED.length);
        await choose(page, saved);
        expect((await page.locator(`${DOCUMENT} :is(p, h1, h2, h3, h4, h5, h6)`, { hasText: paragraph }).first().innerText()).trimEnd()).toMatch(new RegExp(`${TYPED.repeat(round)}$`));
        ids.push(await page.textContent('#documentId'));
        previous = parts;
      }

      // The id read back after the first export is the one every later round keeps.
      expect(new Set(ids.slice(1)).size).toBe(1);
      expect(ids[1]).toMatch(/^[0-9a-f]{64}$/);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
