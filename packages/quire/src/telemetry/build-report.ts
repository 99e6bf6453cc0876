import type { BrowserInfo, TelemetryEnvironment, TelemetryReport } from './types.js';

/** One document open, before it is formatted for the wire. */
export interface TelemetryOpen {
  /** When the document was opened; sent as ISO 8601 UTC with milliseconds. */
  readonly openedAt: Date;
  readonly documentId: string;
  readonly documentCreatedAt: string;
}

/** Everything {@link buildTelemetryReport} needs; nothing is read from globals. */
export interface BuildTelemetryReportInput {
  readonly libraryVersion: string;
  readonly environment: TelemetryEnvironment;
  /** Omitted from the report when undefined. */
  readonly metadata?: Readonly<Record<string, unknown>> | undefined;
  readonly opens: readonly TelemetryOpen[];
}

/**
 * Builds the report body of interface section 2.3 from plain data. Throws a RangeError when an
 * `openedAt` is an invalid date.
 */
export function buildTelemetryReport(input: BuildTelemetryReportInput): TelemetryReport {
  return {
    libraryVersion: input.libraryVersion,
    browserInfo: readBrowserInfo(input.environment),
    ...(input.metadata === undefined ? {} : { metadata: input.metadata }),
    events: input.opens.map((open) => ({
      timestamp: open.openedAt.toISOString(),
      documentId: open.documentId,
      documentCreatedAt: open.documentCreatedAt,
    })),
  };
}

function readBrowserInfo(environment: TelemetryEnvironment): BrowserInfo {
  const { navigator, location, screen } = environment;
  const page = parseUrl(location?.href);
  return {
    userAgent: readString(navigator?.userAgent),
    currentUrl: readOrigin(location?.origin ?? page?.origin),
    hostname: readString(location?.hostname ?? page?.hostname),
    screenSize: { width: readSize(screen?.width), height: readSize(screen?.height) },
  };
}

// Only the origin is sent: path, query and fragment can hold personal data (ARCHITECTURE.md,
// Document identity and the usage report).
// Opaque origins (file:, data:, about:) serialise as the string "null" (HTML standard, "ASCII
// serialization of an origin"); they are sent as an empty string, like a missing page.
function readOrigin(origin: unknown): string {
  const value = readString(origin);
  return value === 'null' ? '' : value;
}

function readString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function readSize(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

function parseUrl(href: unknown): URL | undefined {
  if (typeof href !== 'string') return undefined;
  try {
    return new URL(href);
  } catch {
    return undefined;
  }
}
