// WCAG 2.1 A and AA checks with axe-core in headless Chromium: the editor example page
// (examples/editor) with documents open that hold headings, lists, tables and pictures, and with a
// toolbar menu open; the usage dashboard served by the server, signed out and signed in with data.
// Screenshots of the toolbar menu and the dashboard go to tmp/.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkLicence } from '../../packages/server/src/accounts/account-store.js';
import { listen, type Listening } from '../../packages/server/src/node/listen.js';
import { buildReport, postReport, startServerHarness, type ServerHarness } from '../../packages/server/test/server-harness.js';
import { repositoryRoot } from './browser-harness.js';
import { useRepositoryInChromium } from './chromium-hooks.js';
import { docxFixture, openExampleWithFile } from './example-page.js';

/** The rule sets the issue names: WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Violations that stay, by rule id: where they are allowed (a selector the element must be in) and
 * why; docs/editor.md explains them under "Accessibility". A test checks that each is still found,
 * so that one that no longer occurs leaves this list.
 */
const EXPLAINED: Readonly<Record<string, { within: string; reason: string }>> = {
  'color-contrast': {
    within: '.quire-document',
    reason: 'the text colours of the document opened are its author’s (Word 2007’s heading blue #4F81BD, Subtle Emphasis grey #808080 in the fixtures): the editor shows them as they print',
  },
};

interface Violation {
  id: string;
  /** The element, as axe names it; its failure; whether it is in the element EXPLAINED allows. */
  nodes: { target: string; summary: string; explained: boolean }[];
}

/** Runs axe-core in `page` with the WCAG 2.1 A/AA rules: the violations not explained (one line per element) and the rules of {@link EXPLAINED} found where they are allowed. */
async function axeCheck(page: Page): Promise<{ unexplained: string[]; explained: string[] }> {
  // Evaluated through the DevTools protocol, which a page's Content-Security-Policy does not block.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource());
  const violations: Violation[] = await page.evaluate(async ([tags, explained]) => {
    type Result = { id: string; nodes: { target: string[]; failureSummary: string }[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Result[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map(({ id, nodes }) => ({
      id,
      nodes: nodes.map(({ target, failureSummary }) => {
        const within = explained[id]?.within;
        return { target: target.join(' '), summary: failureSummary.replace(/\s+/g, ' '), explained: within !== undefined && document.querySelector(target.join(' '))?.closest(within) != null };
      }),
    }));
  }, [WCAG_TAGS, EXPLAINED] as const);
  return {
    unexplained: violations.flatMap((violation) => violation.nodes.filter((node) => !node.explained).map((node) => `${violation.id} at ${node.target}: ${node.summary}`)),
    explained: violations.filter((violation) => violation.nodes.some((node) => node.explained)).map((violation) => violation.id),
  };
}

/** The violations of {@link axeCheck} that are not explained. */
const axeViolations = async (page: Page): Promise<string[]> => (await axeCheck(page)).unexplained;

let axeScript: Promise<string> | undefined;
const axeSource = () => (axeScript ??= readFile(join(repositoryRoot, 'node_modules/axe-core/axe.min.js'), 'utf8'));

describe('accessibility (axe-core, WCAG 2.1 A and AA) in Chromium', () => {
  const chromium = useRepositoryInChromium();

  describe('the editor example page', () => {
    async function openFixture(name: string): Promise<Page> {
      const page = await openExampleWithFile(chromium.browser, chromium.statics.origin, docxFixture(name));
      // Pictures are loaded when scrolled near: wait for those on screen.
      await page.waitForFunction(() => [...document.querySelectorAll('.quire-document img')].every((img) => (img as HTMLImageElement).complete));
      return page;
    }

    it('has no violations before a document is opened', async () => {
      const page = await chromium.browser.newPage({ viewport: { width: 1200, height: 900 } });
      await page.goto(`${chromium.statics.origin}/examples/editor/index.html?telemetry=off`);
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    });

    it('is used from the keyboard: Tab reaches the file chooser, with a visible focus ring, then the page’s other controls, the toolbar and the document', async () => {
      const page = await openFixture('pandoc-headers.docx');
      // From the top of the page (the first Tab of a fresh page may stop on the page itself).
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const stops: string[] = [];
      for (let presses = 0; presses < 8 && stops.length < 6; presses++) {
        await page.keyboard.press('Tab');
        const stop = await page.evaluate(() => (document.activeElement === document.body ? null : document.activeElement?.id || document.activeElement?.getAttribute('aria-label') || document.activeElement?.tagName));
        if (stop) stops.push(stop);
      }
      expect(stops).toEqual(['file', 'download', 'view-only', 'zoom', 'Paragraph style: Heading 1', 'Document']);
      // The chooser's own input is hidden; its label shows where the focus is.
      await page.focus('#file');
      expect(await page.locator('label.button').evaluate((label) => getComputedStyle(label).outlineStyle)).toBe('solid');
      await page.close();
    });

    // Documents with headings 1 to 6 (pandoc-headers); a table with bulleted and numbered lists
    // in its cells; anchored pictures and a heading; nested lists; an inline picture.
    it('finds the one violation it explains, and only inside the document: Word 2007’s heading blue in pandoc-headers.docx', async () => {
      const page = await openFixture('pandoc-headers.docx');
      expect(await axeCheck(page)).toEqual({ unexplained: [], explained: Object.keys(EXPLAINED) });
      await page.close();
    });

    it.each(['pandoc-table_with_list_cell.docx', 'superdoc-anchor_images.docx', 'pandoc-lists.docx', 'pandoc-image.docx'])(
      'has no violations with %s open',
      async (name) => {
        const page = await openFixture(name);
        expect(await axeViolations(page)).toEqual([]);
        await page.close();
      },
    );

    it('has no violations with a header opened from the keyboard, its text a textbox named Header that holds the focus', async () => {
      const page = await openFixture('superdoc-h_f-normal-odd-even.docx');
      await page.waitForFunction(`editor.getPageCount() >= 2`);
      await page.click('.quire-sheet > p');
      await page.keyboard.press('Alt+Shift+H');
      await page.waitForFunction(() => document.activeElement?.closest('.quire-part-editor') != null);
      expect(await page.evaluate(() => [document.activeElement!.getAttribute('role'), document.activeElement!.getAttribute('aria-label')])).toEqual(['textbox', 'Header']);
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    });

    it('has no violations in view mode, where the document still takes the focus so that the keyboard scrolls it', async () => {
      const page = await openFixture('superdoc-anchor_images.docx');
      await page.check('#view-only');
      await expect.poll(() => page.locator('.quire-document').getAttribute('contenteditable')).toBe('false');
      expect(await axeViolations(page)).toEqual([]);
      await page.locator('.quire-document').focus();
      expect(await page.evaluate(() => document.activeElement?.classList.contains('quire-document'))).toBe(true);
      const viewport = page.locator('.quire-viewport');
      await page.keyboard.press('PageDown');
      await expect.poll(() => viewport.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
      await page.close();
    });

    it('has no violations with the paragraph style menu open', async () => {
      const page = await openFixture('pandoc-headers.docx');
      await page.locator('.quire-document p', { hasText: 'Some plain text.' }).first().click();
      await page.getByRole('button', { name: /^Paragraph style/ }).click();
      await page.getByRole('menuitemradio', { name: 'Normal' }).waitFor();
      await page.screenshot({ path: join(repositoryRoot, 'tmp/toolbar-style-menu.png'), clip: { x: 0, y: 0, width: 900, height: 520 } });
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Table' }).click();
      await page.getByRole('menuitem', { name: 'Insert table' }).waitFor();
      await page.screenshot({ path: join(repositoryRoot, 'tmp/toolbar-table-menu.png'), clip: { x: 0, y: 0, width: 900, height: 400 } });
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    });
  });

  describe('the usage dashboard', () => {
    const LICENSE_KEY = 'lk_a11y_7HqK2mP9xT4wB3nZa';
    const OWNER = 'owner@a11y.test';
    let harness: ServerHarness;
    let listening: Listening;

    beforeAll(async () => {
      harness = await startServerHarness('pglite');
      await linkLicence(harness.db, { licenseKey: LICENSE_KEY, email: OWNER, name: 'A11y', now: harness.clock.current });
      // Two months of use from two sites, so that every chart, change and table has figures.
      for (const [day, count, origin] of [['2025-12-03', 4, 'https://docs.a11y.test'], ['2026-01-05', 6, 'https://docs.a11y.test'], ['2026-01-12', 3, 'https://eu.a11y.test']] as const) {
        harness.clock.current = new Date(`${day}T10:00:00.000Z`);
        const documents = Array.from({ length: count }, (_, index) => (Number(day.replaceAll('-', '')) * 10 + index).toString(16).padStart(64, '0'));
        const response = await harness.request('/v1/collect', postReport(buildReport(documents), { 'x-license-key': LICENSE_KEY, origin }));
        expect(response.status).toBe(202);
      }
      harness.clock.current = new Date('2026-01-20T09:00:00.000Z');
      listening = await listen(harness.server, { port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await listening?.stop();
      await harness?.close();
    });

    async function apiKey(): Promise<string> {
      await harness.request(`/v1/auth/register?email=${OWNER}`);
      const code = /^ {4}(\d{6})$/m.exec(harness.sent.at(-1)!.text)![1]!;
      const verified = await harness.request(`/v1/auth/verify?email=${OWNER}&code=${code}`);
      return ((await verified.json()) as { apiKey: string }).apiKey;
    }

    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      it(`has no violations signed out and signed in with data, ${viewport.width} px wide`, async () => {
        const page = await chromium.browser.newPage({ viewport });
        await page.goto(`${listening.url}/dashboard`);
        await page.getByRole('button', { name: 'Send me a code' }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        // The API key form, behind its disclosure.
        await page.getByText('Sign in with an API key instead').click();
        await page.screenshot({ path: join(repositoryRoot, `tmp/usage-dashboard-sign-in-${viewport.width}.png`), fullPage: true });
        expect(await axeViolations(page)).toEqual([]);

        await page.getByLabel('API key (sd_…)').fill(await apiKey());
        await page.keyboard.press('Enter');
        await expect.poll(() => page.locator('#status').textContent()).toBe('Showing all licences, 2026-01.');
        for (const summary of await page.getByText('Show as a table').all()) await summary.click();
        await page.screenshot({ path: join(repositoryRoot, `tmp/usage-dashboard-a11y-${viewport.width}.png`), fullPage: true });
        expect(await axeViolations(page)).toEqual([]);
        await page.close();
      });
    }
  });
});
