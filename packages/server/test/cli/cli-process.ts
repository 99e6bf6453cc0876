import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

/** The CLI bundled for tests that run `quire` as a real process. */
export interface CliBundle {
  /** The bundle's path, to run with `node`. */
  path: string;
  remove(): Promise<void>;
}

/**
 * Bundles `src/cli/main.ts` next to node_modules (so that its package imports resolve as in a real
 * install), under a name of its own per caller and process, so that test files running at once do not clash.
 */
export async function bundleCli(name: string): Promise<CliBundle> {
  const dir = join(process.cwd(), 'node_modules', '.cache', `quire-${name}-${process.pid}`);
  const path = join(dir, 'cli.mjs');
  await mkdir(dir, { recursive: true });
  await build({
    entryPoints: [join(import.meta.dirname, '../../src/cli/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: path,
    logLevel: 'silent',
  });
  return { path, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Records everything `child` prints on stdout from the start, so that a line is found even when it
 * arrived in the same chunk as an earlier one that was waited for.
 */
export function recordOutput(child: ChildProcessWithoutNullStreams): (pattern: RegExp) => Promise<RegExpMatchArray> {
  let text = '';
  const waiters = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    for (const wake of waiters) wake();
  });
  return (pattern) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(text);
        if (match === null) return;
        waiters.delete(check);
        child.off('exit', onExit);
        resolve(match);
      };
      const onExit = (code: number | null) => {
        waiters.delete(check);
        reject(new Error(`quire serve exited (${code}) before printing ${pattern}: ${text}`));
      };
      waiters.add(check);
      child.once('exit', onExit);
      check();
    });
}
