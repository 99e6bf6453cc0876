// Replaced at build time from the `QUIRE_TELEMETRY_ENDPOINT` environment variable, when set.
declare const __QUIRE_TELEMETRY_ENDPOINT__: string | undefined;

/**
 * Where reports go when `telemetry.endpoint` is not configured. Until a hosted collector exists the
 * fallback is a reserved name that can never resolve (RFC 2606 section 2, `.invalid`), so an
 * unconfigured build sends nothing to any host the project does not control.
 */
export const DEFAULT_TELEMETRY_ENDPOINT: string =
  typeof __QUIRE_TELEMETRY_ENDPOINT__ === 'string' && __QUIRE_TELEMETRY_ENDPOINT__ !== ''
    ? __QUIRE_TELEMETRY_ENDPOINT__
    : 'https://telemetry.quire.invalid/v1/collect';
