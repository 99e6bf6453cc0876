import { z } from '@hono/zod-openapi';
import { monthPattern } from '../usage/months.js';

/** A `YYYY-MM` query parameter. */
export const MonthQuery = z.string().regex(monthPattern, 'expected YYYY-MM');

/** The `license` query parameter. */
export const LicenseQuery = z.string().min(1).max(256);

/** The `format` query parameter: `csv` for a CSV answer (as `Accept: text/csv`), `json` (default) otherwise. */
export const FormatQuery = z.enum(['json', 'csv']).optional().openapi({ description: '`csv` answers `text/csv` (as `Accept: text/csv` does), with a header row.' });

const UsageDaySchema = z.object({
  date: z.string().openapi({ example: '2026-01-31' }),
  documents: z.number().int().openapi({ description: 'Documents first opened in the month that day, i.e. billed from that day on; the days add up to billableDocuments.' }),
  opens: z.number().int().openapi({ description: 'Opens that day, repeated opens included.' }),
});

/** One licence key's month. */
export const UsageSchema = z
  .object({
    licenseKey: z.string(),
    month: z.string().openapi({ example: '2026-01' }),
    billableDocuments: z.number().int().openapi({ description: 'Distinct documents opened in the month.' }),
    opens: z.number().int(),
    days: z.array(UsageDaySchema),
  })
  .openapi('Usage');

/** Several licence keys' month with their total. */
export const UsageListSchema = z
  .object({
    month: z.string().openapi({ example: '2026-01' }),
    licences: z.array(UsageSchema),
    total: z.object({ billableDocuments: z.number().int(), opens: z.number().int(), days: z.array(UsageDaySchema) }),
  })
  .openapi('UsageList');

const MonthFiguresSchema = z.object({ month: z.string().openapi({ example: '2026-01' }), billableDocuments: z.number().int(), opens: z.number().int() });

/** Monthly figures over a range. */
export const UsageSummarySchema = z
  .object({
    from: z.string(),
    to: z.string(),
    rows: z.array(MonthFiguresSchema.extend({ licenseKey: z.string() })).openapi({ description: 'One row per licence key and month, zeros included.' }),
    totals: z.array(MonthFiguresSchema).openapi({ description: 'Sums over the licence keys, one per month.' }),
  })
  .openapi('UsageSummary');

/** Opens per page origin. */
export const UsageOriginsSchema = z
  .object({
    month: z.string(),
    origins: z.array(
      z.object({
        licenseKey: z.string(),
        origin: z.string().openapi({ example: 'app.example.com', description: 'Host name of the page; `(other)` past 100 origins a licence key and day; `(unknown)` when none was sent.' }),
        opens: z.number().int(),
        days: z.number().int().openapi({ description: 'Days of the month with opens from this origin.' }),
        firstDay: z.string().openapi({ example: '2026-01-03' }),
        lastDay: z.string().openapi({ example: '2026-01-30' }),
      }),
    ),
  })
  .openapi('UsageOrigins');

/** The `text/csv` entry of a 200 answer. */
export const csvContent = { 'text/csv': { schema: z.string().openapi({ description: 'CSV (RFC 4180) with a header row; dates and months in ISO 8601.' }) } };
