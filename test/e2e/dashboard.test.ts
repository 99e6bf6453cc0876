// The usage dashboard as an organisation's owner uses it: the real server on a loopback port, the
// sign-in code over real SMTP, headless Chromium, and the page's own Content-Security-Policy.
// Screenshots (desktop, phone) go to tmp/; docs/images/ holds copies that were looked at.
import { readFile } from 'node:fs/promises';
import { pino } from 'pino';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkLicence } from '../../packages/server/src/accounts/account-store.js';
import { createServer, type QuireServer } from '../../packages/server/src/create-server.js';
import { listen, type Listening } from '../../packages/server/src/node/listen.js';
import { buildReport, postReport } from '../../packages/server/test/server-harness.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { openTestStore, type TestStore } from '../support/test-stores.js';
import { launchChromium, repositoryRoot } from './browser-harness.js';

const ACME = 'lk_acme_7HqK2mP9xT4wB3nZa';
const ACME_EU = 'lk_acme-eu_Qm4T8sLx2Vb9Nc1Rp';
const OWNER = 'owner@acme.test';
const doc = (n: number) => n.toString(16).padStart(64, '0');

describe('the usage dashboard in Chromium', () => {
  let store: TestStore;
  let sink: SmtpSink;
  let server: QuireServer;
  let listening: Listening;
  let browser: Browser;
  const clock = { current: new Date('2026-01-01T00:00:00.000Z') };

  async function collect(day: string, licenseKey: string, documents: number[], origin: string): Promise<void> {
    clock.current = new Date(`${day}T10:00:00.000Z`);
    const response = await server.fetch(new Request('http://quire.test/v1/collect', postReport(buildReport(documents.map(doc)), { 'x-license-key': licenseKey, origin })));
    expect(response.status).toBe(202);
  }

  beforeAll(async () => {
    store = await openTestStore('pglite');
    sink = await startSmtpSink();
    server = await createServer({
      env: { SMTP_URL: sink.url, MAIL_FROM: 'Quire <usage@quire.test>' },
      store: { db: store.db, kind: store.kind },
      now: () => new Date(clock.current),
      logger: pino({ level: 'silent' }),
    });
    await linkLicence(store.db, { licenseKey: ACME, email: OWNER, name: 'Acme', now: clock.current });
    await linkLicence(store.db, { licenseKey: ACME_EU, email: OWNER, now: clock.current });
    // Twelve months of growing use, then a busy February from two sites and a stranger's copy.
    for (let month = 1; month <= 12; month += 1) {
      const day = `2025-${String(month).padStart(2, '0')}-1${month % 9}`;
      await collect(day, ACME, Array.from({ length: month * 3 }, (_, index) => 1000 * month + index), 'https://docs.acme.test');
    }
    await collect('2026-01-12', ACME, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 'https://docs.acme.test');
    for (const [day, count] of [['2026-02-02', 4], ['2026-02-03', 9], ['2026-02-05', 6], ['2026-02-09', 12], ['2026-02-10', 7]] as const) {
      await collect(day, ACME, Array.from({ length: count }, (_, index) => index * 7 + Number(day.slice(-2))), 'https://docs.acme.test');
      await collect(day, ACME_EU, [500 + Number(day.slice(-2))], 'https://eu.acme.test');
    }
    await collect('2026-02-09', ACME, [1, 2], 'https://copycat.example');
    clock.current = new Date('2026-02-11T09:00:00.000Z');
    listening = await listen(server, { port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await listening?.stop();
    await server?.close();
    await sink?.close();
    await store?.close();
  });

  async function openDashboard(viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport, acceptDownloads: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    // Before sign-in, GET /dashboard/session answers 401: that one failure is expected.
    page.on('response', (response) => void (response.status() >= 400 && !response.url().endsWith('/dashboard/session') && errors.push(`${response.status()} ${response.url()}`)));
    // Recorded from the first script on, before the dashboard's own.
    await page.addInitScript(() => {
      const violations: string[] = [];
      Object.assign(window, { violations });
      document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${listening.url}/dashboard`);
    Object.assign(page, { requestsMade: requests });
    return { page, errors };
  }

  async function signInByCode(page: Page): Promise<void> {
    await page.getByLabel('Your e-mail address').fill(OWNER);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    const mail = await sink.takeMessageTo(OWNER);
    expect(mail.text).toContain('usage dashboard');
    const code = /^ {4}(\d{6})$/m.exec(mail.text)![1]!;
    await page.getByLabel(/The 6-digit code/).fill(code);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Billable documents', exact: true }).waitFor();
    await expect.poll(() => page.locator('#status').textContent()).toBe('Showing all licences, 2026-02.');
  }

  it('signs in with the e-mailed code, shows the figures, switches month and downloads a CSV that matches the API', async () => {
    const { page, errors } = await openDashboard({ width: 1280, height: 900 });
    await signInByCode(page);

    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'quire_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const february = await usageOf('2026-02');
    expect(february.total.billableDocuments).toBeGreaterThan(10);
    expect(await page.locator('#billable').textContent()).toBe(String(february.total.billableDocuments));
    expect(await page.locator('#opens').textContent()).toBe(String(february.total.opens));
    const growth = Math.round(((february.total.billableDocuments - 10) / 10) * 100);
    expect(await page.locator('#billable-change').textContent()).toBe(`+${growth}% (+${february.total.billableDocuments - 10}) vs 2026-01`);
    expect(await page.locator('#origins-table td').first().textContent()).toBe('docs.acme.test');
    expect(await page.locator('#origins-table').textContent()).toContain('copycat.example');
    await page.screenshot({ path: `${repositoryRoot}/tmp/usage-dashboard.png`, fullPage: true });

    await page.getByRole('combobox', { name: /^Month/ }).selectOption('2026-01');
    await expect.poll(() => page.locator('#status').textContent()).toBe('Showing all licences, 2026-01.');
    expect(await page.locator('#billable').textContent()).toBe('10');
    expect(await page.locator('#billable-change').textContent()).toBe('-72% (-26) vs 2025-12');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).first().click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    const api = await usageOf('2026-01');
    const expected = api.licences.flatMap((licence) => licence.days.map((day) => `${day.date},${licence.licenseKey},${day.documents},${day.opens}`));
    expect(csv.trim().split('\r\n')).toEqual(['date,license_key,new_documents,opens', ...expected]);

    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect((page as unknown as { requestsMade: string[] }).requestsMade.every((url) => url.startsWith(listening.url))).toBe(true);
    expect(errors.filter((error) => !error.startsWith('Failed to load resource: the server responded with a status of 401'))).toEqual([]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Send me a code' }).waitFor();
    const reused = await server.fetch(new Request('http://quire.test/v1/usage', { headers: { cookie: `quire_session=${cookie.value}` } }));
    expect(reused.status).toBe(401);
    await page.context().close();
  });

  it('is usable on a phone-sized screen with the keyboard alone', async () => {
    const { page, errors } = await openDashboard({ width: 390, height: 844 });
    await page.getByText('Sign in with an API key instead').click();
    await page.getByLabel('API key (sd_…)').fill(await apiKeyOf(OWNER));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#status').textContent()).toBe('Showing all licences, 2026-02.');

    await page.getByRole('combobox', { name: /^Licence/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.locator('#status').textContent()).toBe(`Showing ${ACME_EU}, 2026-02.`);
    const europe = (await usageOf('2026-02')).licences.find((licence) => licence.licenseKey === ACME_EU)!;
    expect(await page.locator('#billable').textContent()).toBe(String(europe.billableDocuments));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.screenshot({ path: `${repositoryRoot}/tmp/usage-dashboard-phone.png`, fullPage: true });
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(errors.filter((error) => !error.startsWith('Failed to load resource: the server responded with a status of 401'))).toEqual([]);
    await page.context().close();
  });

  interface UsageList {
    total: { billableDocuments: number; opens: number };
    licences: Array<{ licenseKey: string; billableDocuments: number; days: Array<{ date: string; documents: number; opens: number }> }>;
  }
  async function usageOf(month: string): Promise<UsageList> {
    const response = await server.fetch(new Request(`http://quire.test/v1/usage?month=${month}`, { headers: { authorization: `Bearer ${await apiKeyOf(OWNER)}` } }));
    return (await response.json()) as UsageList;
  }

  const keys = new Map<string, string>();
  async function apiKeyOf(email: string): Promise<string> {
    if (!keys.has(email)) {
      await server.fetch(new Request(`http://quire.test/v1/auth/register?email=${email}`), { remoteAddress: '127.0.0.1' });
      const code = /^ {4}(\d{6})$/m.exec((await sink.takeMessageTo(email)).text)![1]!;
      const verified = await server.fetch(new Request(`http://quire.test/v1/auth/verify?email=${email}&code=${code}`), { remoteAddress: '127.0.0.1' });
      keys.set(email, ((await verified.json()) as { apiKey: string }).apiKey);
    }
    return keys.get(email)!;
  }
});
