import type { ConversionEngine, EngineName, Env } from './engine.js';
import { createBuiltinEngine } from './engines/builtin/builtin-engine.js';
import type { BuiltinEngineOptions } from './engines/builtin/normalize-builtin-options.js';
import { createGotenbergEngine } from './engines/gotenberg/gotenberg-engine.js';
import type { GotenbergEngineOptions } from './engines/gotenberg/normalize-gotenberg-options.js';
import { findSoffice } from './engines/libreoffice/find-office.js';
import { createLibreOfficeEngine } from './engines/libreoffice/libreoffice-engine.js';
import type { LibreOfficeEngineOptions } from './engines/libreoffice/normalize-libreoffice-options.js';

/** The engines a process can use, created once and shared by every conversion. */
export interface EngineRegistry {
  /** The engines that can run, by name. */
  readonly engines: ReadonlyMap<EngineName, ConversionEngine>;
  /** Closes every engine (stops LibreOffice processes, removes work folders). */
  close(): Promise<void>;
}

/** Options of {@link createEngines}. */
export interface CreateEnginesOptions {
  /** Environment read for `QUIRE_GOTENBERG_URL`, `QUIRE_SOFFICE` and `PATH`; default `process.env`. */
  env?: Env;
  /** LibreOffice engine options, or false to leave it out; registered only when soffice is found. */
  libreoffice?: LibreOfficeEngineOptions | false;
  /** Gotenberg engine options, or false to leave it out; registered only when a URL is given or in `QUIRE_GOTENBERG_URL`. */
  gotenberg?: Partial<GotenbergEngineOptions> | false;
  /** Built-in engine options, or false to leave it out; registered by default (its workers start on first use). */
  builtin?: BuiltinEngineOptions | false;
  /** Creates the built-in engine instead of `createBuiltinEngine(builtin)`, e.g. to wrap it. */
  createBuiltinEngine?: () => ConversionEngine;
  /** Engines registered as they are, replacing any engine of the same name (custom engines, tests). */
  engines?: readonly ConversionEngine[];
}

/**
 * Creates the engines that can run here: the built-in engine (unless `builtin` is false),
 * LibreOffice when `soffice` is found and Gotenberg when a URL is configured. Processes and
 * worker threads start on first use. Throws a `QuireOptionsError` for invalid engine options.
 */
export function createEngines(options: CreateEnginesOptions = {}): EngineRegistry {
  const env = options.env ?? process.env;
  const engines = new Map<EngineName, ConversionEngine>();
  const given = new Set((options.engines ?? []).map((engine) => engine.name));
  if (options.builtin !== false && !given.has('builtin')) {
    engines.set('builtin', options.createBuiltinEngine ? options.createBuiltinEngine() : createBuiltinEngine(options.builtin ?? {}));
  }
  if (options.libreoffice !== false) {
    const libreoffice = options.libreoffice ?? {};
    if (!given.has('libreoffice') && (libreoffice.sofficePath ?? findSoffice({ env }))) {
      engines.set('libreoffice', createLibreOfficeEngine({ env, ...libreoffice }));
    }
  }
  if (options.gotenberg !== false) {
    const url = options.gotenberg?.url ?? env.QUIRE_GOTENBERG_URL?.trim();
    if (url && !given.has('gotenberg')) engines.set('gotenberg', createGotenbergEngine({ ...options.gotenberg, url }));
  }
  for (const engine of options.engines ?? []) engines.set(engine.name, engine);
  return {
    engines,
    async close() {
      await Promise.all([...engines.values()].map((engine) => engine.close()));
    },
  };
}
