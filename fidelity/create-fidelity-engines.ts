import type { Env } from '../packages/convert/src/engine.js';
import { createEngines, type EngineRegistry } from '../packages/convert/src/create-engines.js';
import { createWriterFontConfig } from './writer-fonts.js';

/**
 * The fonts the reference LibreOffice sets text in: `writer`, the system's fonts plus the built-in
 * writer's metric-compatible stand-ins for Word's fonts (Carlito for Calibri, Caladea for Cambria,
 * Gelasio for Georgia…), as Word would have its own; `system`, the system's fonts only.
 */
export type ReferenceFonts = 'writer' | 'system';

/** Options of {@link createFidelityEngines}. */
export interface CreateFidelityEnginesOptions {
  /** Path of LibreOffice's `soffice`. */
  soffice: string;
  /** Fonts of the reference LibreOffice; default `writer`. */
  referenceFonts?: ReferenceFonts;
  /** Environment the engines read (`PATH`, locale…); default `process.env`. */
  env?: Env;
}

/**
 * Creates the built-in and LibreOffice engines the fidelity report compares. With `writer` fonts
 * LibreOffice runs with a fontconfig configuration that adds the writer's fonts, removed again by
 * the registry's `close`.
 */
export async function createFidelityEngines(options: CreateFidelityEnginesOptions): Promise<EngineRegistry> {
  const env = options.env ?? process.env;
  const libreoffice = { sofficePath: options.soffice };
  if ((options.referenceFonts ?? 'writer') === 'system') return createEngines({ env, libreoffice, gotenberg: false });
  const fonts = await createWriterFontConfig();
  const engines = createEngines({ env: { ...env, FONTCONFIG_FILE: fonts.file }, libreoffice, gotenberg: false });
  return {
    engines: engines.engines,
    async close() {
      try {
        await engines.close();
      } finally {
        await fonts.dispose();
      }
    },
  };
}
