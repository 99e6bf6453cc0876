import type { TelemetryReportInput } from './report-schema.js';

/** The license key applied when a report carries none (interface section 5, item 3). */
export const COMMUNITY_LICENSE_KEY = 'community-and-eval-agplv3';

/** One event of an accepted report, ready to store. */
export interface CollectedEvent {
  receivedAt: Date;
  licenseKey: string;
  originHost: string | null;
  libraryVersion: string;
  documentId: string;
  openedAt: string;
  documentCreatedAt: string | null;
  /** The report's metadata as JSON text, or null when it had none. */
  metadata: string | null;
}

/** Where a report came from, as seen by the server. */
export interface ReportContext {
  receivedAt: Date;
  /** The `X-License-Key` header, if any. */
  licenseKey: string | undefined;
  /** The `Origin` header, if any. */
  origin: string | undefined;
}

/**
 * Flattens a validated report into one {@link CollectedEvent} per event. A missing or blank
 * license key becomes the community key; the origin host comes from the `Origin` header (set by
 * the browser, not by page script) and falls back to `browserInfo.hostname`.
 */
export function flattenReport(report: TelemetryReportInput, context: ReportContext): CollectedEvent[] {
  const licenseKey = context.licenseKey?.trim() || COMMUNITY_LICENSE_KEY;
  const originHost = readOriginHost(context.origin) ?? (report.browserInfo.hostname.toLowerCase() || null);
  const libraryVersion = report.libraryVersion ?? report.superdocVersion ?? '';
  const metadata = report.metadata === undefined ? null : JSON.stringify(report.metadata);
  return report.events.map((event) => ({
    receivedAt: context.receivedAt,
    licenseKey,
    originHost,
    libraryVersion,
    documentId: event.documentId,
    openedAt: event.timestamp,
    documentCreatedAt: event.documentCreatedAt ?? null,
    metadata,
  }));
}

function readOriginHost(origin: string | undefined): string | null {
  if (origin === undefined || origin === 'null') return null;
  try {
    return new URL(origin).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}
