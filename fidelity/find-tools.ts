import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Env } from '../packages/convert/src/engine.js';
import { findSoffice } from '../packages/convert/src/engines/libreoffice/find-office.js';

/** Paths of the programs the fidelity report runs. */
export interface FidelityTools {
  /** LibreOffice's `soffice`, for the reference rendering. */
  soffice: string;
  /** poppler's `pdftoppm`, to render page 1 to PNG. */
  pdftoppm: string;
  /** poppler's `pdfinfo`, to count pages. */
  pdfinfo: string;
  /** poppler's `pdftotext`, to read where each page starts. */
  pdftotext: string;
}

/** Options of {@link findFidelityTools}. */
export interface FindFidelityToolsOptions {
  /** Environment to read `PATH` and `QUIRE_SOFFICE` from; default `process.env`. */
  env?: Env;
  /** Returns true when a file exists; default `fs.existsSync`. */
  exists?: (path: string) => boolean;
}

/** The tools found, or a message naming each missing tool and the package that provides it. */
export type FindFidelityToolsResult = { ok: true; tools: FidelityTools } | { ok: false; message: string };

/** Finds `soffice` (as the LibreOffice engine does), `pdftoppm`, `pdfinfo` and `pdftotext` on `PATH`; fails when any is missing. */
export function findFidelityTools(options: FindFidelityToolsOptions = {}): FindFidelityToolsResult {
  const env = options.env ?? process.env;
  const exists = options.exists ?? existsSync;
  const soffice = findSoffice({ env, exists });
  const pdftoppm = findOnPath('pdftoppm', env, exists);
  const pdfinfo = findOnPath('pdfinfo', env, exists);
  const pdftotext = findOnPath('pdftotext', env, exists);
  if (soffice && pdftoppm && pdfinfo && pdftotext) return { ok: true, tools: { soffice, pdftoppm, pdfinfo, pdftotext } };
  const missing: string[] = [];
  if (!soffice) missing.push('LibreOffice (soffice) was not found: install LibreOffice (Debian: libreoffice-writer-nogui python3-uno) or set QUIRE_SOFFICE.');
  if (!pdftoppm || !pdfinfo || !pdftotext) missing.push('pdftoppm, pdfinfo or pdftotext was not found on PATH: install poppler (Debian: poppler-utils; macOS: brew install poppler).');
  return { ok: false, message: missing.join('\n') };
}

function findOnPath(name: string, env: Env, exists: (path: string) => boolean): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && exists(join(dir, name))) return join(dir, name);
  }
  return undefined;
}
