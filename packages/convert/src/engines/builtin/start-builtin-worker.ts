import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ConversionError } from '../../conversion-error.js';

/** Options of {@link startBuiltinWorker}. */
export interface StartBuiltinWorkerOptions {
  /** Heap limit of the worker in MiB; a conversion that needs more ends the worker, not the process. */
  maxHeapMb: number;
  /** The worker script; default the one built next to this module (see {@link locateBuiltinWorker}). */
  script?: URL;
}

// Run from TypeScript sources (tests, tsx), the worker first registers tsx's loader, then loads
// the entry: Node 20 ignores `--import` in a worker's execArgv.
const SOURCE_BOOTSTRAP =
  "const { workerData } = require('node:worker_threads');" +
  'import(workerData.loader).then((tsx) => { tsx.register(); return import(workerData.entry); });';

// V8 lets a thread's young generation grow to 48 MB (three 16 MB semi-spaces), over 30 MB of it
// resident after one large document. Capped at 16 MB, two busy workers peak about 30 MB lower for
// the same CPU time per conversion (40-page DOCX → PDF and Markdown → DOCX, bench/convert).
const YOUNG_GENERATION_MB = 16;

/**
 * Starts one built-in engine worker thread with a bounded heap. Throws `CONVERT_ENGINE_UNAVAILABLE`
 * when the worker script is missing (an incomplete build) or, run from sources, tsx is not installed.
 */
export function startBuiltinWorker(options: StartBuiltinWorkerOptions): Worker {
  const script = options.script ?? locateBuiltinWorker(import.meta.url);
  const resourceLimits = { maxOldGenerationSizeMb: options.maxHeapMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB };
  if (!existsSync(fileURLToPath(script))) {
    throw new ConversionError('CONVERT_ENGINE_UNAVAILABLE', `The built-in engine's worker script ${fileURLToPath(script)} is missing; rebuild the package.`, {
      engine: 'builtin',
    });
  }
  if (!script.pathname.endsWith('.ts')) return new Worker(script, { resourceLimits, execArgv: inheritableExecArgv(process.execArgv) });
  return new Worker(SOURCE_BOOTSTRAP, { eval: true, resourceLimits, workerData: { loader: findTsxLoader(script), entry: script.href } });
}

/**
 * Returns the URL of the worker script for a module at `moduleUrl`: the `.ts` entry beside it when
 * run from sources; in a build, `convert/builtin-worker.js` (or `.cjs`), which rollup writes one
 * folder below `dist/esm` (`dist/cjs`) like every chunk that may hold this module.
 */
export function locateBuiltinWorker(moduleUrl: string): URL {
  if (/\.ts$/.test(new URL(moduleUrl).pathname)) return new URL('./builtin-worker.ts', moduleUrl);
  const extension = /\.cjs$/.test(new URL(moduleUrl).pathname) ? 'cjs' : 'js';
  return new URL(`../convert/builtin-worker.${extension}`, moduleUrl);
}

/**
 * Returns the parent's Node flags a worker may inherit. `--input-type` (set by `node
 * --input-type=module -e ...`) makes `new Worker` throw ERR_INPUT_TYPE_NOT_ALLOWED.
 */
export function inheritableExecArgv(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i] ?? '';
    if (flag === '--input-type') i++;
    else if (!flag.startsWith('--input-type=')) kept.push(flag);
  }
  return kept;
}

function findTsxLoader(script: URL): string {
  try {
    const require = createRequire(script);
    const manifestPath = require.resolve('tsx/package.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
    const api = manifest.exports['./esm/api']?.import.default;
    if (!api) throw new Error('tsx has no ./esm/api export');
    return pathToFileURL(join(dirname(manifestPath), api)).href;
  } catch (cause) {
    throw new ConversionError('CONVERT_ENGINE_UNAVAILABLE', 'Running the built-in engine from TypeScript sources needs tsx (npm i -D tsx).', {
      engine: 'builtin',
      cause,
    });
  }
}
