// Memory of an idle `quire serve` (issue 13): resident set (VmRSS) and its high-water mark
// (VmHWM) read from /proc once the server has answered GET /v1/health and sat idle, plus the
// peak of the server and its child processes together (on a new data folder PGlite unpacks the
// prepared one in a child), which is what a container's memory limit sees. Linux only.
import { readFile } from 'node:fs/promises';
import { watchTreePeak, type TreePeakWatch } from '../../test/support/process-tree-memory.js';
import { startQuireServe } from './quire-serve.js';

/** How long the server sits idle before its memory is read: V8 shrinks its heaps a few seconds after the last allocations. */
const IDLE_MS = 10_000;

/** Memory of one idle server, in MiB. */
export interface IdleMemory {
  rssMb: number;
  highWaterMb: number;
  /** Largest sum of the server's and its descendants' RSS seen from spawn until idle (sampled every 20 ms). */
  treePeakMb: number;
}

/** Starts `quire serve` on `dataDir` (PostgreSQL when `env.DATABASE_URL` is set), lets it idle, reads its memory and stops it. */
export async function measureIdleMemory(dataDir: string, env: Record<string, string> = {}): Promise<IdleMemory> {
  let tree: TreePeakWatch | undefined;
  const server = await startQuireServe(dataDir, env, (child) => {
    tree = watchTreePeak(child.pid!);
  });
  try {
    const health = await fetch(new URL('/v1/health', server.url));
    if (!health.ok) throw new Error(`GET /v1/health answered ${health.status}`);
    await health.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const status = await readFile(`/proc/${server.child.pid}/status`, 'utf8');
    tree?.stop();
    return { rssMb: statusMb(status, 'VmRSS'), highWaterMb: statusMb(status, 'VmHWM'), treePeakMb: (tree?.peakKb ?? 0) / 1024 };
  } finally {
    tree?.stop();
    await server.stop();
  }
}

function statusMb(status: string, field: string): number {
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  if (kb === undefined) throw new Error(`/proc status has no ${field}`);
  return Number(kb) / 1024;
}
