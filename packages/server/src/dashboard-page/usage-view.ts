import { addMonths } from '../usage/months.js';
import { callApi, usageQuery, type SessionInfo, type UsageList, type UsageOrigins, type UsageSummary } from './api.js';
import { drawChart } from './charts.js';
import { everyDayOf } from './month-days.js';
import { renderTable } from './data-table.js';
import { changeDirection, describeChange, formatCount } from './format.js';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const topOrigins = 10;

/**
 * Shows the usage of `session`'s account for the month and licence chosen in the filters, and
 * redraws when either changes: headline figures with the change against the previous month,
 * opens and new documents per day, billable documents per month over 12 months, the top origins
 * and the licences, each with its CSV download and its chart's data as a table.
 */
export function showUsage(session: SessionInfo, currentMonth: string, say: (text: string) => void): void {
  const monthSelect = byId<HTMLSelectElement>('month');
  const licenceSelect = byId<HTMLSelectElement>('licence');
  monthSelect.replaceChildren(...Array.from({ length: 24 }, (_, index) => new Option(addMonths(currentMonth, -index))));
  licenceSelect.replaceChildren(new Option('All licences', ''), ...session.licenseKeys.map((key) => new Option(key, key)));
  byId('dashboard').hidden = false;
  byId('no-account').hidden = session.account !== null;
  byId('no-account-email').textContent = session.email;

  let redraws: Array<() => void> = [];
  let generation = 0;
  const render = async () => {
    const mine = ++generation;
    const month = monthSelect.value;
    const license = licenceSelect.value || undefined;
    say(`Loading ${month}…`);
    const from = addMonths(month, -11);
    const [list, summary, origins] = await Promise.all([
      callApi<UsageList>('GET', `/v1/usage?${usageQuery({ month })}`),
      callApi<UsageSummary>('GET', `/v1/usage/summary?${usageQuery({ from, to: month, license })}`),
      callApi<UsageOrigins>('GET', `/v1/usage/origins?${usageQuery({ month, license })}`),
    ]);
    if (mine !== generation) return;
    const chosen = license === undefined ? list.total : (list.licences.find((licence) => licence.licenseKey === license) ?? { billableDocuments: 0, opens: 0, days: [] });
    const previous = summary.totals.at(-2) ?? { billableDocuments: 0, opens: 0, month: addMonths(month, -1) };
    showFigure('billable', chosen.billableDocuments, previous.billableDocuments, previous.month);
    showFigure('opens', chosen.opens, previous.opens, previous.month);
    const everUsed = summary.totals.some((total) => total.opens > 0);
    byId('empty').hidden = everUsed || session.licenseKeys.length === 0;
    byId('snippet').textContent = editorSnippet(license ?? session.licenseKeys[0] ?? 'your-licence-key');

    const days = chosen.days;
    const calendar = everyDayOf(month, days);
    redraws = [
      drawChart(
        byId('daily-chart'),
        {
          axis: 'Day',
          labels: calendar.map((day) => day.date.slice(5)),
          series: [
            { label: 'Opens', values: calendar.map((day) => day.opens), colour: 'opens', shape: 'bars' },
            { label: 'New documents', values: calendar.map((day) => day.documents), colour: 'documents', shape: 'line' },
          ],
        },
        `Opens and new documents per day in ${month}: ${formatCount(chosen.opens)} opens and ${formatCount(chosen.billableDocuments)} new documents on ${days.length} days. The table below has every day.`,
      ),
      drawChart(
        byId('monthly-chart'),
        { axis: 'Month', labels: summary.totals.map((total) => total.month), series: [{ label: 'Billable documents', values: summary.totals.map((total) => total.billableDocuments), colour: 'documents', shape: 'bars' }] },
        `Billable documents per month from ${from} to ${month}. The table below has every month.`,
      ),
    ];
    renderTable(byId('daily-table'), `Per day, ${month}`, [{ label: 'Date' }, { label: 'Opens', numeric: true }, { label: 'New documents', numeric: true }],
      days.map((day) => [day.date, formatCount(day.opens), formatCount(day.documents)]), 'No opens this month.');
    renderTable(byId('monthly-table'), `Per month, ${from} to ${month}`, [{ label: 'Month' }, { label: 'Billable documents', numeric: true }, { label: 'Opens', numeric: true }],
      summary.totals.map((total) => [total.month, formatCount(total.billableDocuments), formatCount(total.opens)]), 'No usage in these months.');
    renderTable(byId('origins-table'), `Top ${topOrigins} origins, ${month}`, [{ label: 'Origin' }, { label: 'Licence' }, { label: 'Opens', numeric: true }, { label: 'Days', numeric: true }, { label: 'Last seen' }],
      origins.origins.slice(0, topOrigins).map((row) => [row.origin, row.licenseKey, formatCount(row.opens), String(row.days), row.lastDay]), 'No opens this month.');
    renderTable(byId('licences-table'), `Licences, ${month}`, [{ label: 'Licence' }, { label: 'Billable documents', numeric: true }, { label: 'Opens', numeric: true }],
      list.licences.map((licence) => [licence.licenseKey, formatCount(licence.billableDocuments), formatCount(licence.opens)]), 'No licence is linked to your account.');

    byId<HTMLAnchorElement>('daily-csv').href = `/v1/usage?${usageQuery({ month, license, format: 'csv' })}`;
    byId<HTMLAnchorElement>('monthly-csv').href = `/v1/usage/summary?${usageQuery({ from, to: month, license, format: 'csv' })}`;
    byId<HTMLAnchorElement>('origins-csv').href = `/v1/usage/origins?${usageQuery({ month, license, format: 'csv' })}`;
    byId<HTMLAnchorElement>('licences-csv').href = `/v1/usage/summary?${usageQuery({ from: month, to: month, format: 'csv' })}`;
    say(`Showing ${license ?? 'all licences'}, ${month}.`);
  };
  const rerender = () => void render().catch((error: unknown) => say(error instanceof Error ? error.message : String(error)));
  monthSelect.addEventListener('change', rerender);
  licenceSelect.addEventListener('change', rerender);
  new ResizeObserver(() => redraws.forEach((redraw) => redraw())).observe(byId('dashboard'));
  rerender();
}

function showFigure(id: string, current: number, previous: number, previousMonth: string): void {
  byId(id).textContent = formatCount(current);
  const change = byId(`${id}-change`);
  change.textContent = describeChange(current, previous, previousMonth);
  change.dataset.direction = changeDirection(current, previous);
}

function editorSnippet(licenseKey: string): string {
  return [
    "import { Editor } from 'quire';",
    '',
    'new Editor({',
    "  selector: '#editor',",
    `  licenseKey: '${licenseKey}',`,
    `  telemetry: { endpoint: '${location.origin}/v1/collect' },`,
    '});',
  ].join('\n');
}
