import { parseArgs } from 'node:util';
import { readUsage, type UsageReport } from '../usage/read-usage.js';
import { readUsageList } from '../usage/read-usage-list.js';
import { MAX_SUMMARY_MONTHS, readUsageSummary, type UsageSummary } from '../usage/read-usage-summary.js';
import { scopeOf } from '../usage/licence-scope.js';
import { addMonths, listMonths, monthOf, monthPattern } from '../usage/months.js';
import { CliError, type CliCommand } from './cli-io.js';
import { openCliStore } from './open-cli-store.js';
import { formatTable } from './format-table.js';
import { runUsageReport, usageReportUsage } from './usage-report.js';

/** `quire usage`: prints the usage of one license key, or of every key, in a month, or a monthly summary. */
export const usageCommand: CliCommand = {
  summary: 'Print billable documents and opens per license key for a month',
  usage: [
    'Usage: quire usage [--month YYYY-MM] [--license KEY] [--data-dir DIR]',
    '       quire usage summary [--from YYYY-MM] [--to YYYY-MM] [--license KEY] [--data-dir DIR]',
    ...usageReportUsage,
    '',
    'Without --license: one row per license key with documents in the month.',
    'With --license: that key\'s totals and its per-day series (the same as GET /v1/usage).',
    `summary: billable documents and opens per month and license key (GET /v1/usage/summary), at most ${MAX_SUMMARY_MONTHS}`,
    'months; default the 12 months up to the current one.',
    'Default month: the current UTC month. Reads the store directly (stop `quire serve` first when it',
    'uses the embedded store; with PostgreSQL both can run).',
  ].join('\n'),
  async run(args, io) {
    if (args[0] === 'report') return runUsageReport(args.slice(1), io);
    const { values, positionals } = parseArgs({
      args,
      options: { month: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, license: { type: 'string' }, 'data-dir': { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    const settings = values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] };
    if (positionals.length === 1 && positionals[0] === 'summary' && values.month === undefined) {
      const to = readMonth('--to', values.to ?? monthOf(new Date()));
      const from = readMonth('--from', values.from ?? addMonths(to, -11));
      const months = listMonths(from, to).length;
      if (months === 0 || months > MAX_SUMMARY_MONTHS) throw new CliError(`--from and --to: expected 1 to ${MAX_SUMMARY_MONTHS} months, from before to`, 2);
      const store = await openCliStore(settings, io.env);
      try {
        const scope = values.license === undefined ? ({ kind: 'all' } as const) : scopeOf([values.license]);
        io.stdout(formatMonthly(await readUsageSummary(store.db, scope, from, to)));
        return 0;
      } finally {
        await store.close();
      }
    }
    if (positionals.length > 0 || values.from !== undefined || values.to !== undefined) throw new CliError(`expected no argument or "summary"\n\n${usageCommand.usage}`, 2);
    const month = readMonth('--month', values.month ?? monthOf(new Date()));
    const store = await openCliStore(settings, io.env);
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

function readMonth(option: string, month: string): string {
  if (!monthPattern.test(month)) throw new CliError(`${option}: expected YYYY-MM, got "${month}"`, 2);
  return month;
}

function formatMonthly(summary: UsageSummary): string {
  if (summary.rows.length === 0) return `No usage recorded from ${summary.from} to ${summary.to}.\n`;
  return `Usage from ${summary.from} to ${summary.to}\n\n${formatTable(
    ['month', 'license key', 'billable documents', 'opens'],
    summary.rows.map((row) => [row.month, row.licenseKey, String(row.billableDocuments), String(row.opens)]),
  )}`;
}

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
