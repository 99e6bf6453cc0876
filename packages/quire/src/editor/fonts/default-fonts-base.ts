// `true` in the script-tag build, `false` in the others (rollup.config.mjs); absent when run from sources.
declare const __QUIRE_SCRIPT_TAG__: boolean | undefined;

const SCRIPT_TAG_BUILD = typeof __QUIRE_SCRIPT_TAG__ === 'boolean' && __QUIRE_SCRIPT_TAG__;

// `document.currentScript` is only set while a classic script runs, so the script-tag build reads
// it when this module is evaluated, that is while quire.min.js runs.
const scriptSrc = SCRIPT_TAG_BUILD ? currentScriptSrc() : undefined;

/**
 * Returns the URL of the package's dist/fonts/ folder as this build sees it, or null when it
 * cannot be known: next to quire.min.js for the script-tag build; otherwise three folders up from
 * this module, which rollup builds into dist/esm/editor/fonts/ or dist/cjs/editor/fonts/, one file
 * per source module (a test in test/build checks it). Bundlers that move the module elsewhere
 * need the `fonts` option.
 */
export function defaultFontsBase(): string | null {
  if (SCRIPT_TAG_BUILD) return scriptSrc === undefined ? null : new URL('fonts/', scriptSrc).href;
  try {
    // Through a variable: bundlers (Vite, webpack) take `new URL('…', import.meta.url)` for an
    // asset to copy, and warn that a folder does not exist at build time.
    const moduleUrl = import.meta.url;
    return new URL('../../../fonts/', moduleUrl).href;
  } catch {
    return null;
  }
}

function currentScriptSrc(): string | undefined {
  const script = typeof document === 'undefined' ? null : document.currentScript;
  return script && 'src' in script && typeof script.src === 'string' && script.src !== '' ? script.src : undefined;
}
