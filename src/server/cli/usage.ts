import { parseArgs } from 'node:util';
import { readUsage, type UsageReport } from '../usage/read-usage.js';
import { readUsageList } from '../usage/read-usage-list.js';
import { CliError, type CliCommand } from './cli-io.js';
import { openCliStore } from './open-cli-store.js';
import { formatTable } from './format-table.js';

/** `quire usage`: prints the usage of one license key, or of every key, in a month. */
export const usageCommand: CliCommand = {
  summary: 'Print billable documents and opens per license key for a month',
  usage: [
    'Usage: quire usage [--month YYYY-MM] [--license KEY] [--data-dir DIR]',
    '',
    'Without --license: one row per license key with documents in the month.',
    'With --license: that key\'s totals and its per-day series (the same as GET /v1/usage).',
    'Default month: the current UTC month. Reads the store directly (stop `quire serve` first when it',
    'uses the embedded store; with PostgreSQL both can run).',
  ].join('\n'),
  async run(args, io) {
    const { values } = parseArgs({
      args,
      options: { month: { type: 'string' }, license: { type: 'string' }, 'data-dir': { type: 'string' } },
      strict: true,
    });
    const month = values.month ?? new Date().toISOString().slice(0, 7);
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new CliError(`--month: expected YYYY-MM, got "${month}"`, 2);
    const store = await openCliStore(values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] }, io.env);
    try {
      if (values.license !== undefined) {
        io.stdout(formatUsage(await readUsage(store.db, values.license, month)));
        return 0;
      }
      const list = await readUsageList(store.db, { kind: 'all' }, month);
      io.stdout(formatSummary(month, list.licences));
      return 0;
    } finally {
      await store.close();
    }
  },
};

function formatUsage(report: UsageReport): string {
  const header = `License key:        ${report.licenseKey}\nMonth:              ${report.month}\nBillable documents: ${report.billableDocuments}\nOpens:              ${report.opens}\n\n`;
  if (report.days.length === 0) return `${header}No opens in this month.\n`;
  return header + formatTable(['date', 'new documents', 'opens'], report.days.map((day) => [day.date, String(day.documents), String(day.opens)]));
}

function formatSummary(month: string, reports: UsageReport[]): string {
  if (reports.length === 0) return `No usage recorded in ${month}.\n`;
  return `Usage in ${month}\n\n${formatTable(
    ['license key', 'billable documents', 'opens'],
    reports.map((report) => [report.licenseKey, String(report.billableDocuments), String(report.opens)]),
  )}`;
}
