import { ConversionError } from './conversion-error.js';
import { isEngineName, type ConversionEngine, type EngineName, type Env, type InputFormat, type OutputFormat, type ReviewMarkup } from './engine.js';

/** What {@link selectEngine} chooses from. */
export interface SelectEngineInput {
  from: InputFormat;
  to: OutputFormat;
  /** The engine the caller asked for; `QUIRE_ENGINE` is read when absent. */
  requested?: EngineName | 'auto';
  /** Environment holding `QUIRE_ENGINE`; default none. */
  env?: Env;
  /** The engines that can run, by name. */
  available: ReadonlyMap<EngineName, Pick<ConversionEngine, 'supports'>>;
  /** The review markup asked for (default `none`): only the built-in engine draws another in a PDF of a DOCX. */
  markup?: ReviewMarkup;
}

/** The answer of {@link selectEngine}: an engine name (with warnings), or the error to reject with. */
export type EngineSelection = { ok: true; engine: EngineName; warnings: string[] } | { ok: false; error: ConversionError };

// Automatic choice, best first. A Gotenberg cluster is registered only when QUIRE_GOTENBERG_URL is
// set, so it takes every PDF conversion then; the built-in engine is the default otherwise; a local
// LibreOffice, since the built-in engine converts every pair, runs only when forced or when the
// built-in engine is not registered. DOCX output always runs locally.
const AUTOMATIC_ORDER: readonly EngineName[] = ['gotenberg', 'builtin', 'libreoffice'];
const LOCAL_ORDER: readonly EngineName[] = ['builtin', 'libreoffice'];

const UNAVAILABLE_HINTS: Readonly<Record<EngineName, string>> = {
  builtin: 'the built-in engine is not registered in this build',
  libreoffice: 'soffice was not found (install LibreOffice Writer and python3-uno, or set QUIRE_SOFFICE)',
  gotenberg: 'no Gotenberg URL is configured (set QUIRE_GOTENBERG_URL)',
};

/**
 * Chooses the engine for one conversion. An explicit engine (argument, else `QUIRE_ENGINE`) must
 * be available and support the pair, except that Gotenberg's DOCX output is routed to a local
 * engine with a warning. Otherwise the first available engine that supports the pair wins, in
 * the order gotenberg (PDF only), builtin, libreoffice. Never throws; failures are returned as
 * `ConversionError`s whose message says what to install or configure. Review markup other than
 * `none` for a DOCX to PDF is drawn by the built-in engine only: it is chosen then, and any other
 * engine asked for is refused with `CONVERT_MARKUP_UNSUPPORTED`.
 */
export function selectEngine(input: SelectEngineInput): EngineSelection {
  const { from, to, available } = input;
  const fromEnv = input.env?.QUIRE_ENGINE?.trim().toLowerCase();
  const explicit = input.requested ?? (fromEnv || 'auto');
  if (explicit !== 'auto' && !isEngineName(explicit)) {
    return fail('CONVERT_ENGINE_UNAVAILABLE', `QUIRE_ENGINE is "${explicit}"; use builtin, libreoffice, gotenberg or auto.`);
  }
  // LibreOffice prints a PDF as if every change were accepted and drops its comments (see the
  // UNO bridge), Gotenberg as the file's settings show the changes: neither can print another markup.
  if (input.markup !== undefined && input.markup !== 'none' && from === 'docx' && to === 'pdf') {
    if (explicit === 'auto' ? !available.has('builtin') : explicit !== 'builtin') {
      const engine = explicit === 'auto' ? 'the built-in engine, which is not registered here' : `the built-in engine; the ${explicit} engine does not`;
      return { ok: false, error: new ConversionError('CONVERT_MARKUP_UNSUPPORTED', `Markup "${input.markup}" is drawn by ${engine}.`) };
    }
    if (explicit === 'auto') return firstSupporting(['builtin'], input, []);
  }
  if (explicit === 'auto') return firstSupporting(to === 'pdf' ? AUTOMATIC_ORDER : LOCAL_ORDER, input, []);
  if (explicit === 'gotenberg' && to !== 'pdf') {
    return firstSupporting(LOCAL_ORDER, input, [`Gotenberg does not write ${to}; the conversion ran locally.`]);
  }
  const engine = available.get(explicit);
  if (!engine) return fail('CONVERT_ENGINE_UNAVAILABLE', `The ${explicit} engine is not available: ${UNAVAILABLE_HINTS[explicit]}.`);
  if (!engine.supports(from, to)) return fail('CONVERT_UNSUPPORTED_PAIR', `The ${explicit} engine does not convert ${from} to ${to}.`);
  return { ok: true, engine: explicit, warnings: [] };
}

function firstSupporting(order: readonly EngineName[], input: SelectEngineInput, warnings: string[]): EngineSelection {
  const { from, to, available } = input;
  const engine = order.find((name) => available.get(name)?.supports(from, to));
  if (engine) return { ok: true, engine, warnings };
  if (!order.some((name) => available.has(name))) {
    return fail('CONVERT_ENGINE_UNAVAILABLE', `No engine that writes ${to} is available here: ${UNAVAILABLE_HINTS.libreoffice}.`);
  }
  const hint = available.has('libreoffice') ? '' : `: ${UNAVAILABLE_HINTS.libreoffice}`;
  return fail('CONVERT_UNSUPPORTED_PAIR', `No available engine converts ${from} to ${to}${hint}.`);
}

function fail(code: 'CONVERT_ENGINE_UNAVAILABLE' | 'CONVERT_UNSUPPORTED_PAIR', message: string): EngineSelection {
  return { ok: false, error: new ConversionError(code, message) };
}
