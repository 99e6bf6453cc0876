// Replaced at build time by rollup (and by vitest's `define`) with package.json's version.
declare const __QUIRE_VERSION__: string | undefined;

/**
 * The version of this library, as sent in telemetry reports (`libraryVersion`).
 * It is `0.0.0-dev` when the source runs unbuilt and no version was defined.
 */
export const LIBRARY_VERSION: string =
  typeof __QUIRE_VERSION__ === 'string' && __QUIRE_VERSION__ !== '' ? __QUIRE_VERSION__ : '0.0.0-dev';
