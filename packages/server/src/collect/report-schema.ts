import { z } from '@hono/zod-openapi';
import { findMetadataProblem } from 'quire/telemetry';

/** Largest accepted report body, in bytes. */
export const MAX_REPORT_BYTES = 64 * 1024;
/** Most events accepted in one report. */
export const MAX_REPORT_EVENTS = 100;

// Printable ASCII only: these values end up in text columns and logs.
const version = z.string().regex(/^[\x20-\x7E]{1,64}$/, 'expected 1 to 64 printable ASCII characters');

const EventSchema = z
  .strictObject({
    timestamp: z.iso.datetime({ offset: true }).openapi({ example: '2026-01-31T09:15:00.000Z', description: 'Time of the open (ISO 8601).' }),
    documentId: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'expected 1 to 128 characters from A-Z a-z 0-9 . _ : -')
      .openapi({ example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' }),
    // The library sends `dcterms:created` as the file holds it, and files in the wild hold odd
    // values; an odd value must not cost the billable open, so any short printable text is kept.
    documentCreatedAt: z
      .string()
      .regex(/^[\x20-\x7E]{0,64}$/, 'expected at most 64 printable ASCII characters')
      .nullable()
      .optional()
      .openapi({ example: '2024-03-01T10:00:00Z' }),
  })
  .openapi('TelemetryEvent');

const BrowserInfoSchema = z
  .strictObject({
    userAgent: z.string().max(1024),
    currentUrl: z.string().max(2048),
    hostname: z.string().regex(/^[A-Za-z0-9.:[\]-]{0,253}$/, 'expected a host name'),
    screenSize: z.strictObject({ width: z.number().nonnegative(), height: z.number().nonnegative() }),
  })
  .openapi('BrowserInfo');

/**
 * The telemetry report (interface section 2.3), validated strictly: unknown fields, more than
 * {@link MAX_REPORT_EVENTS} events, bad timestamps or ids, and deep or large metadata are rejected.
 * `superdocVersion` is accepted in place of `libraryVersion` for clients of that wire format.
 */
export const TelemetryReportSchema = z
  .strictObject({
    libraryVersion: version.optional().openapi({ example: '0.1.0' }),
    superdocVersion: version.optional().openapi({ description: 'Alias of `libraryVersion`; `libraryVersion` wins when both are sent.' }),
    browserInfo: BrowserInfoSchema,
    metadata: z
      .record(z.string(), z.unknown())
      .superRefine((metadata, context) => {
        const problem = findMetadataProblem(metadata);
        if (problem !== undefined) context.addIssue({ code: 'custom', message: `metadata ${problem}` });
      })
      .optional(),
    events: z.array(EventSchema).min(1).max(MAX_REPORT_EVENTS),
  })
  .refine((report) => report.libraryVersion !== undefined || report.superdocVersion !== undefined, {
    message: 'libraryVersion is required',
    path: ['libraryVersion'],
  })
  .openapi('TelemetryReport');

/** A report that passed {@link TelemetryReportSchema}. */
export type TelemetryReportInput = z.infer<typeof TelemetryReportSchema>;
