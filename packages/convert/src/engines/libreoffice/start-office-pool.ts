import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConversionError } from '../../conversion-error.js';
import type { Env } from '../../engine.js';
import { findProgramDir, findSoffice, listPythonCandidates } from './find-office.js';
import type { NormalizedLibreOfficeOptions } from './normalize-libreoffice-options.js';
import { OfficePool } from './office-pool.js';
import { UNO_BRIDGE_SCRIPT } from './uno-bridge-script.js';

/** A started pool and the work folder that holds its profiles, bridge script and job files. */
export interface StartedOfficePool {
  pool: OfficePool;
  /** The engine's work folder; removed by the engine on close. */
  workDir: string;
  /** Where job folders go. */
  jobsDir: string;
}

const INSTALL_HINT =
  'Install LibreOffice Writer and its Python UNO bridge (Debian/Ubuntu: apt-get install libreoffice-writer-nogui python3-uno)';

/**
 * Finds soffice and a Python with the UNO module, makes the work folder and returns a pool whose
 * processes start on first use. Rejects with `CONVERT_ENGINE_UNAVAILABLE` when LibreOffice or
 * its Python bridge is missing.
 */
export async function startOfficePool(options: NormalizedLibreOfficeOptions): Promise<StartedOfficePool> {
  const sofficePath = options.sofficePath ?? findSoffice({ env: options.env });
  if (!sofficePath) throw unavailable(`LibreOffice (soffice) was not found. ${INSTALL_HINT}, or set QUIRE_SOFFICE.`);
  const workDir = await mkdtemp(join(options.workDir, 'quire-libreoffice-'));
  try {
    const bridgeScriptPath = join(workDir, 'uno-bridge.py');
    const jobsDir = join(workDir, 'jobs');
    await writeFile(bridgeScriptPath, UNO_BRIDGE_SCRIPT);
    await mkdir(join(workDir, 'home'));
    await mkdir(join(workDir, 'tmp'));
    await mkdir(jobsDir);
    const env = buildChildEnv(options.env, workDir);
    const pythonPath =
      options.pythonPath ?? (await findUnoPython(listPythonCandidates(findProgramDir(sofficePath), { env: options.env }), env));
    if (!pythonPath) {
      throw unavailable(`No Python with LibreOffice's UNO module was found. ${INSTALL_HINT}, or set QUIRE_LIBREOFFICE_PYTHON.`);
    }
    const pool = new OfficePool({
      size: options.poolSize,
      maxConversionsPerProcess: options.maxConversionsPerProcess,
      maxQueueLength: options.maxQueueLength,
      workerConfig: (id) => ({
        id,
        sofficePath,
        pythonPath,
        bridgeScriptPath,
        profileDir: join(workDir, `profile-${id}`),
        env,
        startTimeoutMs: options.startTimeoutMs,
        onEvent: options.onEvent,
      }),
    });
    return { pool, workDir, jobsDir };
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Returns the environment of the LibreOffice processes: only `PATH`, locale, time zone and
 * fontconfig's `FONTCONFIG_FILE` (which fonts LibreOffice sets text in) from `env`, a private HOME
 * and TMPDIR, and the headless VCL backend. Proxy variables and everything else are left out on purpose.
 */
export function buildChildEnv(env: Env, workDir: string): Record<string, string> {
  const childEnv: Record<string, string> = {
    PATH: env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: join(workDir, 'home'),
    TMPDIR: join(workDir, 'tmp'),
    LANG: env.LANG ?? 'C.UTF-8',
    SAL_USE_VCLPLUGIN: 'svp',
  };
  for (const name of ['LC_ALL', 'TZ', 'FONTCONFIG_FILE'] as const) {
    const value = env[name];
    if (value) childEnv[name] = value;
  }
  return childEnv;
}

async function findUnoPython(candidates: readonly string[], env: Record<string, string>): Promise<string | undefined> {
  for (const candidate of candidates) {
    const works = await new Promise<boolean>((resolve) => {
      execFile(candidate, ['-c', 'import uno'], { env, timeout: 15_000 }, (error) => resolve(!error));
    });
    if (works) return candidate;
  }
  return undefined;
}

function unavailable(message: string): ConversionError {
  return new ConversionError('CONVERT_ENGINE_UNAVAILABLE', message, { engine: 'libreoffice' });
}
