/** The `telemetry` options of the editor configuration (interface section 2.4). */
export interface TelemetryOptions {
  /** Turns telemetry on or off. Default `true`. */
  enabled?: boolean;
  /** Collection address: an absolute http(s) URL, or a path resolved against the page. */
  endpoint?: string;
  /** JSON-serialisable key-value pairs included in every report. */
  metadata?: Record<string, unknown>;
  /** @deprecated Use the root `licenseKey`, which wins when both are given. */
  licenseKey?: string;
}

/** The subset of the editor configuration that telemetry reads. */
export interface TelemetryConfig {
  /** Organisation license key. Default `community-and-eval-agplv3`. */
  licenseKey?: string;
  telemetry?: TelemetryOptions;
}

/** Telemetry options after validation and defaults: what the rest of the module works with. */
export interface NormalizedTelemetryOptions {
  readonly enabled: boolean;
  /** Absolute URL, or a path kept as written when there was no page to resolve it against. */
  readonly endpoint: string;
  readonly licenseKey: string;
  /** A JSON snapshot of `telemetry.metadata` taken at construction; absent when not configured. */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/**
 * The parts of a page environment a report reads, injected for testing. Every member is optional:
 * in Node or during server-side rendering most of them are absent.
 */
export interface TelemetryEnvironment {
  readonly navigator?: { readonly userAgent?: string } | undefined;
  readonly location?: { readonly href?: string; readonly origin?: string; readonly hostname?: string } | undefined;
  readonly screen?: { readonly width?: number; readonly height?: number } | undefined;
  /** Its `baseURI` (which honours `<base href>`) resolves a relative endpoint, as fetch would. */
  readonly document?: { readonly baseURI?: string } | undefined;
}

/** One document open or import, as carried in a report's `events` (interface section 2.3). */
export interface TelemetryEvent {
  /** ISO 8601 UTC with milliseconds, e.g. `2026-01-31T09:15:00.000Z`. */
  readonly timestamp: string;
  readonly documentId: string;
  readonly documentCreatedAt: string;
}

/** The client environment block of a report. */
export interface BrowserInfo {
  readonly userAgent: string;
  /** The page origin only: path, query and fragment can hold personal data. */
  readonly currentUrl: string;
  readonly hostname: string;
  readonly screenSize: { readonly width: number; readonly height: number };
}

/** The JSON body POSTed to the collection endpoint (interface section 2.3). */
export interface TelemetryReport {
  readonly libraryVersion: string;
  readonly browserInfo: BrowserInfo;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly events: readonly TelemetryEvent[];
}
