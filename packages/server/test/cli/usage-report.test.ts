import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { createServer } from '../../src/create-server.js';
import type { UsageSummary } from '../../src/usage/read-usage-summary.js';
import { prepareTestStore, storeKinds, type TestStoreSettings } from '../../../../test/support/test-stores.js';
import { readAlternatives } from '../mail/mail-alternatives.js';
import { startSmtpSink, type SmtpSink } from '../../../../test/support/smtp-sink.js';
import { buildReport, postReport, TEST_ADMIN_TOKEN } from '../server-harness.js';
import { recordingIo } from './cli-harness.js';

interface ReportedFigures {
  licenseKey: string;
  billableDocuments: number;
  billableChange: number;
  opens: number;
  opensChange: number;
}

/** Reads the figures back from the e-mail's text part: one block per key, then "Total". */
function figuresInText(text: string): ReportedFigures[] {
  const block = /^(\S.*)\n {2}Billable documents: (\d+) \(([+-]?\d+)[^)]*\)\n {2}Opens: +(\d+) \(([+-]?\d+)[^)]*\)$/gm;
  return [...text.matchAll(block)].map((match) => ({
    licenseKey: match[1]!,
    billableDocuments: Number(match[2]),
    billableChange: Number(match[3]),
    opens: Number(match[4]),
    opensChange: Number(match[5]),
  }));
}

/** Reads the figures back from the HTML part's table rows, unescaping the key. */
function figuresInHtml(html: string): ReportedFigures[] {
  const rows = [...html.matchAll(/<tr><t[dh] align="left">([^<]*)<\/t[dh]>((?:<td[^>]*>[^<]*<\/td>){4})<\/tr>/g)];
  return rows.map((row) => {
    const cells = [...row[2]!.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((cell) => cell[1]!);
    return {
      licenseKey: row[1]!.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code))),
      billableDocuments: Number(cells[0]),
      billableChange: Number.parseInt(cells[1]!, 10),
      opens: Number(cells[2]),
      opensChange: Number.parseInt(cells[3]!, 10),
    };
  });
}

/** The same figures as GET /v1/usage/summary answers them for the previous month and the month. */
function figuresInSummary(summary: UsageSummary): ReportedFigures[] {
  const [previousMonth, month] = [summary.from, summary.to];
  const keyFigures = (rows: Array<{ month: string; billableDocuments: number; opens: number }>, licenseKey: string): ReportedFigures => {
    const current = rows.find((row) => row.month === month)!;
    const previous = rows.find((row) => row.month === previousMonth)!;
    return {
      licenseKey,
      billableDocuments: current.billableDocuments,
      billableChange: current.billableDocuments - previous.billableDocuments,
      opens: current.opens,
      opensChange: current.opens - previous.opens,
    };
  };
  const keys = [...new Set(summary.rows.map((row) => row.licenseKey))];
  return [...keys.map((key) => keyFigures(summary.rows.filter((row) => row.licenseKey === key), key)), keyFigures(summary.totals, 'Total')];
}

describe.each(storeKinds)('quire usage report on %s', (kind) => {
  let store: TestStoreSettings;
  let sink: SmtpSink;
  let env: Record<string, string | undefined>;
  let apiSummary: UsageSummary;
  let apiSummaryOfAlpha: UsageSummary;

  async function cli(extraEnv: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const io = recordingIo({ ...env, ...extraEnv });
    const code = await runCli(['usage', 'report', ...args], io);
    return { code, stdout: io.out.join(''), stderr: io.err.join('') };
  }

  beforeAll(async () => {
    store = await prepareTestStore(kind);
    sink = await startSmtpSink();
    env = { QUIRE_DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl, MAIL_FROM: 'Quire <reports@quire.test>' };
    let now = new Date('2026-01-20T10:00:00.000Z');
    const server = await createServer({ env, adminToken: TEST_ADMIN_TOKEN, now: () => now, logger: pino({ level: 'silent' }) });
    const send = async (licenseKey: string, ids: string[]) => {
      const response = await server.fetch(new Request('http://quire.test/v1/collect', postReport(buildReport(ids), { 'x-license-key': licenseKey })));
      expect(response.status).toBe(202);
    };
    await send('org-alpha', ['a1', 'a2']);
    await send('org-<gamma>&co', ['g1', 'g2', 'g3']);
    now = new Date('2026-02-05T10:00:00.000Z');
    await send('org-alpha', ['a1', 'a3', 'a4']);
    await send('org-alpha', ['a1']);
    await send('org-beta', ['b1']);
    const summaryOf = async (query: string) => {
      const response = await server.fetch(new Request(`http://quire.test/v1/usage/summary?${query}`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } }));
      expect(response.status).toBe(200);
      return (await response.json()) as UsageSummary;
    };
    apiSummary = await summaryOf('from=2026-01&to=2026-02');
    apiSummaryOfAlpha = await summaryOf('from=2026-01&to=2026-02&license=org-alpha');
    await server.close();
  });
  afterAll(async () => {
    await sink.close();
    await store.dispose();
  });

  it('e-mails every licence key\'s billable documents and opens with --all, with the change against the previous month, as the summary API reports them', async () => {
    const result = await cli({ SMTP_URL: sink.url }, '--month', '2026-02', '--email-to', 'finance@acme.test', '--all');
    const mail = await sink.takeMessageTo('finance@acme.test');
    const { text, html } = readAlternatives(mail.raw);

    expect(result).toEqual({ code: 0, stdout: 'Sent the usage report for 2026-02 (3 license keys) to finance@acme.test.\n', stderr: '' });
    expect(mail.headers.get('subject')).toBe('Quire usage in 2026-02');
    expect(mail.headers.get('from')).toBe('Quire <reports@quire.test>');
    expect(figuresInText(text)).toEqual(figuresInSummary(apiSummary));
    expect(figuresInHtml(html)).toEqual(figuresInSummary(apiSummary));
    expect(figuresInText(text).map((figures) => figures.licenseKey)).toEqual(['org-<gamma>&co', 'org-alpha', 'org-beta', 'Total']);
    expect(html).not.toContain('<gamma>');
  });

  it('refuses to e-mail every licence key\'s usage without --all, and sends nothing', async () => {
    const result = await cli({ SMTP_URL: sink.url }, '--month', '2026-02', '--email-to', 'careless@acme.test');

    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: "quire usage: report needs --license KEY, or --all to e-mail every license key's usage to careless@acme.test\n",
    });
    // The command has returned, so any message it sent is already in the sink.
    expect(sink.messages.filter((message) => message.to.includes('careless@acme.test'))).toEqual([]);
  });

  it('reports only the key given with --license', async () => {
    const result = await cli({ SMTP_URL: sink.url }, '--month', '2026-02', '--email-to', 'owner@alpha.test', '--license', 'org-alpha');
    const { text } = readAlternatives((await sink.takeMessageTo('owner@alpha.test')).raw);

    expect(result.stdout).toBe('Sent the usage report for 2026-02 (1 license key) to owner@alpha.test.\n');
    expect(figuresInText(text)).toEqual(figuresInSummary(apiSummaryOfAlpha));
  });

  it('writes the e-mail to the development outbox when no SMTP server is configured', async () => {
    const result = await cli({}, '--month', '2026-02', '--email-to', 'ops@acme.test', '--license', 'org-alpha');
    const outbox = join(store.dataDir, 'outbox');
    const [file] = await readdir(outbox);
    const { text } = readAlternatives(await readFile(join(outbox, file!), 'utf8'));

    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/DEVELOPMENT MODE: e-mail written to outbox, not sent: .*\.eml\n$/);
    expect(text.trimEnd()).toBe(
      [
        'Quire usage in 2026-02, against 2026-01',
        '',
        'org-alpha',
        '  Billable documents: 3 (+1, +50% against 2026-01)',
        '  Opens:              4 (+2, +100%)',
        '',
        'Total',
        '  Billable documents: 3 (+1, +50% against 2026-01)',
        '  Opens:              4 (+2, +100%)',
        '',
        'Billable documents are the distinct documents opened with a licence key in the month: what is billed.',
        'Opens count every opening, repeated ones included. Months are UTC.',
      ].join('\n'),
    );
  });
});

describe('quire usage report arguments', () => {
  async function refusal(...args: string[]): Promise<[number, string]> {
    const io = recordingIo({ QUIRE_DATA_DIR: '/nonexistent/quire-report' });
    const code = await runCli(['usage', 'report', ...args], io);
    return [code, io.err.join('')];
  }

  it('refuses a missing or malformed month and a missing or invalid address before opening the store', async () => {
    expect(await refusal('--email-to', 'a@acme.test')).toEqual([2, 'quire usage: report needs --month YYYY-MM\n']);
    expect(await refusal('--month', '2026-13', '--email-to', 'a@acme.test')).toEqual([2, 'quire usage: --month: expected YYYY-MM, got "2026-13"\n']);
    expect(await refusal('--month', '2026-02')).toEqual([2, 'quire usage: report needs --email-to ADDRESS\n']);
    expect(await refusal('--month', '2026-02', '--email-to', 'finance.acme.test')).toEqual([2, 'quire usage: --email-to: The e-mail address must contain exactly one "@".\n']);
  });

  it('refuses --license together with --all before opening the store', async () => {
    expect(await refusal('--month', '2026-02', '--email-to', 'a@acme.test', '--license', 'org-alpha', '--all')).toEqual([
      2,
      'quire usage: report takes --license KEY or --all, not both\n',
    ]);
  });
});
