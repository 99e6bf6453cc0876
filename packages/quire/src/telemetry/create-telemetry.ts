import { LIBRARY_VERSION } from '../version.js';
import { buildTelemetryReport } from './build-report.js';
import { normalizeTelemetryOptions } from './normalize-telemetry-options.js';
import { readBaseUrl, readGlobalEnvironment } from './read-environment.js';
import { sendReport } from './send-report.js';
import type { TelemetryFetch } from './send-report.js';
import type { TelemetryConfig, TelemetryEnvironment } from './types.js';

/** The editor's telemetry options plus the I/O that {@link createTelemetry} can be given. */
export interface CreateTelemetryOptions extends TelemetryConfig {
  /** Defaults to `globalThis.fetch`, looked up at each report so interceptors and polyfills apply. */
  fetch?: TelemetryFetch;
  /** Defaults to the global `navigator`, `location`, `screen` and `document`, read at each report. */
  environment?: TelemetryEnvironment;
  /** The clock that stamps each open. Default `() => new Date()`. */
  now?: () => Date;
  /** Receives the deprecation warning for `telemetry.licenseKey`. Default `console.warn`. */
  warn?: (message: string) => void;
}

/** What the open path knows about one open or import. */
export interface OpenEvent {
  readonly documentId: string;
  readonly documentCreatedAt: string;
}

/** A configured telemetry reporter, created once per editor. */
export interface Telemetry {
  readonly enabled: boolean;
  /** The resolved collection address. */
  readonly endpoint: string;
  /** The key sent as `X-License-Key`. */
  readonly licenseKey: string;
  /**
   * Sends one report with one event for this open, fire-and-forget: returns synchronously, never
   * throws, and does nothing at all when telemetry is disabled.
   */
  reportOpen(event: OpenEvent): void;
}

/**
 * Validates the options and returns a {@link Telemetry} reporter. Throws a `QuireOptionsError`
 * naming the option when an option is invalid; nothing it returns ever throws afterwards.
 */
export function createTelemetry(options: CreateTelemetryOptions = {}): Telemetry {
  const { fetch: injectedFetch, environment, now = () => new Date(), warn } = options;
  const settings = normalizeTelemetryOptions(options, {
    ...(warn === undefined ? {} : { warn }),
    baseUrl: readBaseUrl(environment ?? readGlobalEnvironment()),
  });

  function reportOpen(event: OpenEvent): void {
    if (!settings.enabled) return;
    try {
      const report = buildTelemetryReport({
        libraryVersion: LIBRARY_VERSION,
        environment: environment ?? readGlobalEnvironment(),
        metadata: settings.metadata,
        opens: [{ openedAt: now(), documentId: event.documentId, documentCreatedAt: event.documentCreatedAt }],
      });
      sendReport(report, { endpoint: settings.endpoint, licenseKey: settings.licenseKey, fetch: injectedFetch });
    } catch {
      // A failing clock or environment must not reach the host (interface section 6).
    }
  }

  return Object.freeze({
    enabled: settings.enabled,
    endpoint: settings.endpoint,
    licenseKey: settings.licenseKey,
    reportOpen,
  });
}
