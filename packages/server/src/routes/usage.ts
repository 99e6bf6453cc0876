import { createRoute, z } from '@hono/zod-openapi';
import type { ServerDeps } from '../deps.js';
import { ApiError } from '../errors/api-error.js';
import { createRouter } from '../http/create-router.js';
import { csvResponse, wantsCsv } from '../http/csv.js';
import { errorResponses } from '../http/openapi-errors.js';
import { addMonths, listMonths, monthOf } from '../usage/months.js';
import { readUsage } from '../usage/read-usage.js';
import { readUsageList } from '../usage/read-usage-list.js';
import { readUsageOrigins } from '../usage/read-usage-origins.js';
import { MAX_SUMMARY_MONTHS, readUsageSummary } from '../usage/read-usage-summary.js';
import { requireUsageReader, resolveLicenceScope } from '../usage/require-usage-reader.js';
import { usageDaysToCsv, usageOriginsToCsv, usageSummaryToCsv } from '../usage/usage-csv.js';
import { defaultUsagePolicy, type UsagePolicy } from '../usage/usage-policy.js';
import { csvContent, FormatQuery, LicenseQuery, MonthQuery, UsageListSchema, UsageOriginsSchema, UsageSchema, UsageSummarySchema } from './usage-schemas.js';

const whoMayRead =
  'Authorization: an `sd_` API key (or a dashboard session cookie) of an address that belongs to an account reads that ' +
  "account's licence keys; `Bearer <QUIRE_ADMIN_TOKEN>` reads every key. Another account's key answers 404 " +
  'USAGE_LICENSE_NOT_FOUND. 120 requests a minute per key (429 USAGE_RATE_LIMITED). Months and days are UTC, by the time ' +
  'the server received each report. `format=csv` or `Accept: text/csv` answers CSV.';

const security: Array<Record<string, string[]>> = [{ apiKey: [] }, { adminToken: [] }];
const errors = errorResponses(400, 401, 403, 404, 429, 503);

const describeUsageRoute = (middleware: ReturnType<typeof requireUsageReader>) =>
  createRoute({
    method: 'get',
    path: '/v1/usage',
    summary: 'Read billable documents, opens and the per-day series of a month',
    description:
      `With \`license\`: that key's month (a \`Usage\`). Without it: every licence key of the account (the operator: every key with ` +
      `documents in the month), each with its figures, and their total (a \`UsageList\`). CSV: \`date,license_key,new_documents,opens\`. ${whoMayRead}`,
    security,
    middleware: [middleware] as const,
    request: {
      query: z.object({
        month: MonthQuery.optional().openapi({ example: '2026-01', description: 'Default: the current UTC month.' }),
        license: LicenseQuery.optional(),
        format: FormatQuery,
      }),
    },
    responses: {
      200: { description: 'The usage.', content: { 'application/json': { schema: z.union([UsageSchema, UsageListSchema]) }, ...csvContent } },
      ...errors,
    },
  });

const describeSummaryRoute = (middleware: ReturnType<typeof requireUsageReader>) =>
  createRoute({
    method: 'get',
    path: '/v1/usage/summary',
    summary: 'Read billable documents and opens per month and licence key over up to 24 months',
    description: `Read from monthly counters, never from billing rows or raw events. CSV: \`month,license_key,billable_documents,opens\`. ${whoMayRead}`,
    security,
    middleware: [middleware] as const,
    request: {
      query: z.object({
        from: MonthQuery.optional().openapi({ example: '2025-02', description: 'First month; default 11 months before `to`.' }),
        to: MonthQuery.optional().openapi({ example: '2026-01', description: 'Last month, included; default the current UTC month.' }),
        license: LicenseQuery.optional(),
        format: FormatQuery,
      }),
    },
    responses: {
      200: { description: 'The monthly figures.', content: { 'application/json': { schema: UsageSummarySchema }, ...csvContent } },
      ...errors,
    },
  });

const describeOriginsRoute = (middleware: ReturnType<typeof requireUsageReader>) =>
  createRoute({
    method: 'get',
    path: '/v1/usage/origins',
    summary: 'Read the opens per page origin of a month',
    description:
      'Where licence keys were used: opens per page host name, counted per licence key and day (at most 100 origins a key and day; ' +
      `the rest under \`(other)\`). CSV: \`month,license_key,origin,opens,days,first_day,last_day\`. ${whoMayRead}`,
    security,
    middleware: [middleware] as const,
    request: {
      query: z.object({
        month: MonthQuery.optional().openapi({ example: '2026-01', description: 'Default: the current UTC month.' }),
        license: LicenseQuery.optional().openapi({ description: "Default: every licence key of the account (the operator: every key)." }),
        format: FormatQuery,
      }),
    },
    responses: {
      200: { description: 'The origins, most opens first.', content: { 'application/json': { schema: UsageOriginsSchema }, ...csvContent } },
      ...errors,
    },
  });

/**
 * Returns the router of `GET /v1/usage`, `/v1/usage/summary` and `/v1/usage/origins`, read by
 * account members (API key or dashboard session) and the operator (admin token).
 */
export function usageRoutes(deps: ServerDeps, policy: UsagePolicy = defaultUsagePolicy): ReturnType<typeof createRouter> {
  const router = createRouter();
  const reader = requireUsageReader(deps, policy);
  const currentMonth = () => monthOf(deps.now());

  router.openapi(describeUsageRoute(reader), async (c) => {
    const query = c.req.valid('query');
    const month = query.month ?? currentMonth();
    const scope = resolveLicenceScope(c.get('usageReader'), query.license);
    const csv = wantsCsv(query.format, c.req.header('accept'));
    if (query.license !== undefined) {
      const report = await readUsage(deps.db, query.license, month);
      if (csv) return csvResponse(usageDaysToCsv([report]), `quire-usage-${month}.csv`);
      return c.json(report, 200, { 'cache-control': 'no-store' });
    }
    const list = await readUsageList(deps.db, scope, month);
    if (csv) return csvResponse(usageDaysToCsv(list.licences), `quire-usage-${month}.csv`);
    return c.json(list, 200, { 'cache-control': 'no-store' });
  });

  router.openapi(describeSummaryRoute(reader), async (c) => {
    const query = c.req.valid('query');
    const to = query.to ?? currentMonth();
    const from = query.from ?? addMonths(to, -(12 - 1));
    const months = listMonths(from, to).length;
    if (months === 0 || months > MAX_SUMMARY_MONTHS) throw new ApiError('USAGE_RANGE_INVALID', { details: { from, to, maxMonths: MAX_SUMMARY_MONTHS } });
    const summary = await readUsageSummary(deps.db, resolveLicenceScope(c.get('usageReader'), query.license), from, to);
    if (wantsCsv(query.format, c.req.header('accept'))) return csvResponse(usageSummaryToCsv(summary), `quire-usage-summary-${from}-${to}.csv`);
    return c.json(summary, 200, { 'cache-control': 'no-store' });
  });

  router.openapi(describeOriginsRoute(reader), async (c) => {
    const query = c.req.valid('query');
    const month = query.month ?? currentMonth();
    const origins = await readUsageOrigins(deps.db, resolveLicenceScope(c.get('usageReader'), query.license), month);
    if (wantsCsv(query.format, c.req.header('accept'))) return csvResponse(usageOriginsToCsv(origins), `quire-usage-origins-${month}.csv`);
    return c.json(origins, 200, { 'cache-control': 'no-store' });
  });
  return router;
}
