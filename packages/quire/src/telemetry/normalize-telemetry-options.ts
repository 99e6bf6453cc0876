import { DEFAULT_TELEMETRY_ENDPOINT } from './default-endpoint.js';
import { findMetadataProblem } from './metadata-bounds.js';
import { normalizeEndpoint } from './normalize-endpoint.js';
import { QuireOptionsError } from '../quire-options-error.js';
import type { NormalizedTelemetryOptions, TelemetryConfig } from './types.js';

/** The key sent when none is configured (interface section 2.4). */
export const COMMUNITY_LICENSE_KEY = 'community-and-eval-agplv3';

/** What {@link normalizeTelemetryOptions} needs from its caller besides the options. */
export interface NormalizeTelemetryContext {
  /** Receives the deprecation warning. Default `console.warn`. */
  warn?: (message: string) => void;
  /** Absolute URL that a relative `telemetry.endpoint` is resolved against (the page's base URL). */
  baseUrl?: string;
}

const TELEMETRY_KEYS: ReadonlySet<string> = new Set(['enabled', 'endpoint', 'metadata', 'licenseKey']);

// An HTTP field value (RFC 9110 section 5.5) restricted to visible ASCII: anything else would make
// fetch throw when it builds the `X-License-Key` header, losing every report silently.
const HEADER_SAFE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/**
 * Validates the telemetry part of an editor configuration once and fills in the defaults. Throws a
 * {@link QuireOptionsError} naming the option for any invalid shape or value; warns once through
 * `context.warn` when the deprecated `telemetry.licenseKey` is used.
 */
export function normalizeTelemetryOptions(
  options: TelemetryConfig,
  context: NormalizeTelemetryContext = {},
): NormalizedTelemetryOptions {
  if (typeof options !== 'object' || options === null) throw new QuireOptionsError('options', 'must be an object.');
  const telemetry: Record<string, unknown> = readTelemetryObject(options.telemetry);
  for (const key of Object.keys(telemetry)) {
    if (!TELEMETRY_KEYS.has(key)) {
      throw new QuireOptionsError(`telemetry.${key}`, 'is not a known option (enabled, endpoint, metadata, licenseKey).');
    }
  }

  const enabled = 'enabled' in telemetry ? telemetry['enabled'] : true;
  if (typeof enabled !== 'boolean') throw new QuireOptionsError('telemetry.enabled', 'must be a boolean.');

  const rootKey = readLicenseKey(options.licenseKey, 'licenseKey');
  const deprecatedKey = readLicenseKey(telemetry['licenseKey'], 'telemetry.licenseKey');

  const endpoint = normalizeEndpoint(
    'endpoint' in telemetry ? telemetry['endpoint'] : DEFAULT_TELEMETRY_ENDPOINT,
    context.baseUrl,
  );
  const metadata = snapshotMetadata(telemetry['metadata']);
  // Warn only once the options are known to be valid, so a failing construction reports one thing.
  if (deprecatedKey !== undefined) {
    const warn = context.warn ?? ((message: string) => console.warn(message));
    warn(
      rootKey === undefined
        ? 'Quire: `telemetry.licenseKey` is deprecated; set the root `licenseKey` option instead.'
        : 'Quire: `telemetry.licenseKey` is deprecated and ignored because the root `licenseKey` is set; remove it.',
    );
  }
  return {
    enabled,
    endpoint,
    licenseKey: rootKey ?? deprecatedKey ?? COMMUNITY_LICENSE_KEY,
    ...(metadata === undefined ? {} : { metadata }),
  };
}

function readTelemetryObject(value: unknown): Record<string, unknown> {
  if (value === undefined) return {};
  if (!isPlainObject(value)) {
    throw new QuireOptionsError('telemetry', 'must be an object such as `{ enabled: false }`.');
  }
  // Keys explicitly set to undefined count as not given.
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined));
}

function readLicenseKey(value: unknown, option: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new QuireOptionsError(option, 'must be a string.');
  // Surrounding white space is dropped, as fetch does for header values; a key pasted with a
  // trailing newline therefore still works.
  const key = value.trim();
  if (key === '') throw new QuireOptionsError(option, 'must not be empty.');
  if (!HEADER_SAFE.test(key)) {
    throw new QuireOptionsError(option, 'may contain only printable ASCII characters (it is sent as an HTTP header).');
  }
  return key;
}

// The snapshot fixes the metadata at construction: a value that cannot be serialised (BigInt, a
// cycle) or exceeds the collector's bounds is reported here, where the integrator can see it, instead of silently losing every
// report later, and later mutations by the host cannot break a send.
function snapshotMetadata(value: unknown): Readonly<Record<string, unknown>> | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) throw new QuireOptionsError('telemetry.metadata', 'must be a plain object.');
  let snapshot: unknown;
  try {
    snapshot = JSON.parse(JSON.stringify(value));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new QuireOptionsError('telemetry.metadata', `must be JSON-serialisable (${reason}).`);
  }
  if (!isPlainObject(snapshot)) {
    throw new QuireOptionsError('telemetry.metadata', 'must serialise to a JSON object.');
  }
  // The collector's own bounds: a report it would refuse is better refused here, visibly.
  const problem = findMetadataProblem(snapshot);
  if (problem !== undefined) throw new QuireOptionsError('telemetry.metadata', problem);
  return Object.freeze(snapshot);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  // The last test accepts objects from another realm (an iframe), whose Object.prototype differs.
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}
