import { existsSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import type { Env } from '../../engine.js';

/** Injected file system probes of {@link findSoffice} and {@link listPythonCandidates}. */
export interface FindOfficeOptions {
  /** The environment to read `QUIRE_SOFFICE`, `QUIRE_LIBREOFFICE_PYTHON` and `PATH` from; default `process.env`. */
  env?: Env;
  /** Returns true when a file exists; default `fs.existsSync`. */
  exists?: (path: string) => boolean;
}

const INSTALL_LOCATIONS = [
  '/usr/lib/libreoffice/program/soffice',
  '/opt/libreoffice/program/soffice',
  '/usr/local/lib/libreoffice/program/soffice',
  '/Applications/LibreOffice.app/Contents/MacOS/soffice',
];

/**
 * Returns the path of LibreOffice's `soffice`: `$QUIRE_SOFFICE` when set, else `soffice` or
 * `libreoffice` on `PATH`, else the usual install locations; undefined when none exists.
 */
export function findSoffice(options: FindOfficeOptions = {}): string | undefined {
  const env = options.env ?? process.env;
  const exists = options.exists ?? existsSync;
  const configured = env.QUIRE_SOFFICE?.trim();
  if (configured) return exists(configured) ? configured : undefined;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const name of ['soffice', 'libreoffice']) {
      if (exists(join(dir, name))) return join(dir, name);
    }
  }
  return INSTALL_LOCATIONS.find((path) => exists(path));
}

/**
 * Returns LibreOffice's `program` folder for a `soffice` path, following symbolic links
 * (`/usr/bin/soffice` links into `/usr/lib/libreoffice/program`).
 */
export function findProgramDir(sofficePath: string): string {
  try {
    return dirname(realpathSync(sofficePath));
  } catch {
    return dirname(sofficePath);
  }
}

/**
 * Returns the Python interpreters to try for the UNO bridge, best first: `$QUIRE_LIBREOFFICE_PYTHON`,
 * the Python bundled in LibreOffice's `program` folder (official builds), then the system
 * `python3` that Debian's `python3-uno` targets.
 */
export function listPythonCandidates(programDir: string, options: FindOfficeOptions = {}): string[] {
  const env = options.env ?? process.env;
  const exists = options.exists ?? existsSync;
  const configured = env.QUIRE_LIBREOFFICE_PYTHON?.trim();
  if (configured) return [configured];
  const candidates = [join(programDir, 'python'), '/usr/bin/python3'].filter((path) => exists(path));
  candidates.push('python3');
  return [...new Set(candidates)];
}
