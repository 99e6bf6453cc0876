import type { MailMessage } from '../mail/mailer.js';
import type { FiguresWithPrevious, MonthlyUsageReport } from './read-monthly-usage-report.js';

/**
 * Returns the monthly usage e-mail to `to`: a plain-text part (one block per licence key, which
 * reads well in any font) and an HTML part with the same figures as a table.
 */
export function composeUsageReportEmail(to: string, report: MonthlyUsageReport): MailMessage {
  return { to, subject: `Quire usage in ${report.month}`, text: reportText(report), html: reportHtml(report) };
}

/** `+3`, `-2` or `0`, with the relative change when the previous month had any. */
export function formatChange(current: number, previous: number): string {
  const difference = current - previous;
  const signed = difference > 0 ? `+${difference}` : String(difference);
  if (previous === 0 || difference === 0) return signed;
  return `${signed}, ${difference > 0 ? '+' : ''}${Math.round((difference / previous) * 100)}%`;
}

const explanation = [
  'Billable documents are the distinct documents opened with a licence key in the month: what is billed.',
  'Opens count every opening, repeated ones included. Months are UTC.',
];

function reportText(report: MonthlyUsageReport): string {
  const block = (title: string, figures: FiguresWithPrevious) => [
    title,
    `  Billable documents: ${figures.billableDocuments} (${formatChange(figures.billableDocuments, figures.previous.billableDocuments)} against ${report.previousMonth})`,
    `  Opens:              ${figures.opens} (${formatChange(figures.opens, figures.previous.opens)})`,
    '',
  ];
  const body =
    report.licences.length === 0
      ? [`No usage recorded in ${report.month} or ${report.previousMonth}.`, '']
      : [...report.licences.flatMap((licence) => block(licence.licenseKey, licence)), ...block('Total', report.total)];
  return [`Quire usage in ${report.month}, against ${report.previousMonth}`, '', ...body, ...explanation, ''].join('\n');
}

function reportHtml(report: MonthlyUsageReport): string {
  const cells = (figures: FiguresWithPrevious) =>
    [
      figures.billableDocuments,
      formatChange(figures.billableDocuments, figures.previous.billableDocuments),
      figures.opens,
      formatChange(figures.opens, figures.previous.opens),
    ]
      .map((cell) => `<td align="right">${escapeHtml(String(cell))}</td>`)
      .join('');
  const row = (name: string, figures: FiguresWithPrevious, tag: 'td' | 'th') => `<tr><${tag} align="left">${escapeHtml(name)}</${tag}>${cells(figures)}</tr>`;
  const table =
    report.licences.length === 0
      ? `<p>No usage recorded in ${report.month} or ${report.previousMonth}.</p>`
      : [
          '<table cellpadding="4" cellspacing="0" border="1">',
          `<thead><tr><th align="left">Licence key</th><th>Billable documents</th><th>Change against ${report.previousMonth}</th><th>Opens</th><th>Change</th></tr></thead>`,
          `<tbody>${report.licences.map((licence) => row(licence.licenseKey, licence, 'td')).join('')}</tbody>`,
          `<tfoot>${row('Total', report.total, 'th')}</tfoot>`,
          '</table>',
        ].join('\n');
  return [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>Quire usage in ${report.month}</title></head><body>`,
    `<h1>Quire usage in ${report.month}, against ${report.previousMonth}</h1>`,
    table,
    ...explanation.map((line) => `<p>${line}</p>`),
    '</body></html>',
    '',
  ].join('\n');
}

// Licence keys come from any page's X-License-Key header, so they are escaped like any untrusted text.
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
