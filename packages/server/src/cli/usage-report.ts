import { parseArgs } from 'node:util';
import { parseEmailAddress } from '../auth/email-address.js';
import { normalizeServerOptions } from '../config/normalize-server-options.js';
import { createMailer, type MailerLogger } from '../mail/mailer.js';
import { scopeOf, type LicenceScope } from '../usage/licence-scope.js';
import { monthPattern } from '../usage/months.js';
import { readMonthlyUsageReport } from '../usage/read-monthly-usage-report.js';
import { composeUsageReportEmail } from '../usage/usage-report-email.js';
import { CliError, type CliIo } from './cli-io.js';
import { openCliStore } from './open-cli-store.js';

/** Usage lines of `quire usage report`, shown in `quire usage --help`. */
export const usageReportUsage = [
  '       quire usage report --month YYYY-MM --email-to ADDRESS (--license KEY | --all) [--data-dir DIR]',
  '',
  'report: e-mails billable documents and opens of one license key (--license) or of every key (--all)',
  'in the month, and their total, each with the change against the previous month (the figures of',
  'GET /v1/usage/summary), through SMTP_URL; without SMTP_URL the message goes to the development',
  'outbox (<data dir>/outbox). One of --license and --all is required, so that every licence\'s usage',
  'is never sent to an address by a forgotten --license.',
];

/**
 * `quire usage report`: reads the month's report for `--license` or, with `--all`, every key, and
 * sends it by e-mail through the mailer `quire serve` would use. Exit code 2, before anything is
 * read or sent, for a bad month or address, or when neither or both of `--license` and `--all` are given.
 */
export async function runUsageReport(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      month: { type: 'string' },
      'email-to': { type: 'string' },
      license: { type: 'string' },
      all: { type: 'boolean' },
      'data-dir': { type: 'string' },
    },
    strict: true,
  });
  const month = readReportMonth(values.month);
  const to = readAddress(values['email-to']);
  const scope = readScope(values.license, values.all === true, to);
  const settings = values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] };
  const options = normalizeServerOptions(settings, io.env);
  const store = await openCliStore(settings, io.env);
  let report;
  try {
    report = await readMonthlyUsageReport(store.db, scope, month);
  } finally {
    await store.close();
  }
  const mailer = createMailer({ smtpUrl: options.smtpUrl, from: options.mailFrom, outboxDir: options.outboxDir }, stderrLogger(io));
  try {
    await mailer.send(composeUsageReportEmail(to, report));
  } finally {
    await mailer.close?.();
  }
  const keys = report.licences.length === 1 ? '1 license key' : `${report.licences.length} license keys`;
  io.stdout(`Sent the usage report for ${month} (${keys}) to ${to}.\n`);
  return 0;
}

function readReportMonth(month: string | undefined): string {
  if (month === undefined) throw new CliError('report needs --month YYYY-MM', 2);
  if (!monthPattern.test(month)) throw new CliError(`--month: expected YYYY-MM, got "${month}"`, 2);
  return month;
}

function readScope(license: string | undefined, all: boolean, to: string): LicenceScope {
  if (license !== undefined && all) throw new CliError('report takes --license KEY or --all, not both', 2);
  if (license !== undefined) return scopeOf([license]);
  if (all) return { kind: 'all' };
  throw new CliError(`report needs --license KEY, or --all to e-mail every license key's usage to ${to}`, 2);
}

function readAddress(address: string | undefined): string {
  if (address === undefined) throw new CliError('report needs --email-to ADDRESS', 2);
  const parsed = parseEmailAddress(address);
  if (!parsed.ok) throw new CliError(`--email-to: ${parsed.reason}`, 2);
  return parsed.value.address;
}

// The outbox mailer's notices (development mode, the file written) go to stderr, without the mail text.
function stderrLogger(io: CliIo): MailerLogger {
  const write = (details: object, message: string) => {
    const path = (details as { path?: unknown }).path;
    io.stderr(typeof path === 'string' ? `${message}: ${path}\n` : `${message}\n`);
  };
  return { info: write, warn: write };
}
