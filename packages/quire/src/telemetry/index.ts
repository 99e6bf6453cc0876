export { buildTelemetryReport } from './build-report.js';
export type { BuildTelemetryReportInput, TelemetryOpen } from './build-report.js';
export { createTelemetry } from './create-telemetry.js';
export type { CreateTelemetryOptions, OpenEvent, Telemetry } from './create-telemetry.js';
export { DEFAULT_TELEMETRY_ENDPOINT } from './default-endpoint.js';
export { COMMUNITY_LICENSE_KEY, normalizeTelemetryOptions } from './normalize-telemetry-options.js';
export type { NormalizeTelemetryContext } from './normalize-telemetry-options.js';
// Also here: `quire/telemetry` is the entry Node code (such as @quire/convert) imports it from.
export { isQuireOptionsError, QuireOptionsError } from '../quire-options-error.js';
export { sendReport } from './send-report.js';
export type { SendReportOptions, TelemetryFetch } from './send-report.js';
export type {
  BrowserInfo,
  NormalizedTelemetryOptions,
  TelemetryConfig,
  TelemetryEnvironment,
  TelemetryEvent,
  TelemetryOptions,
  TelemetryReport,
} from './types.js';
export { findMetadataProblem, MAX_METADATA_BYTES, MAX_METADATA_DEPTH } from './metadata-bounds.js';
export { LIBRARY_VERSION } from '../version.js';
