// Memory of an idle `quire serve` (issue 13): resident set (VmRSS) and its high-water mark
// (VmHWM) read from /proc once the server has answered GET /v1/health and sat idle, plus the
// peak of the server and its child processes together (PGlite's initdb runs in one on a new
// data folder), which is what a container's memory limit sees. Linux only.
import { readFile } from 'node:fs/promises';
import { startQuireServe } from './quire-serve.js';

/** How long the server sits idle before its memory is read: V8 shrinks its heaps a few seconds after the last allocations. */
const IDLE_MS = 10_000;
const SAMPLE_EVERY_MS = 20;

/** Memory of one idle server, in MiB. */
export interface IdleMemory {
  rssMb: number;
  highWaterMb: number;
  /** Largest sum of the server's and its descendants' RSS seen from spawn until idle (sampled every 20 ms). */
  treePeakMb: number;
}

/** Starts `quire serve` on `dataDir` (PostgreSQL when `env.DATABASE_URL` is set), lets it idle, reads its memory and stops it. */
export async function measureIdleMemory(dataDir: string, env: Record<string, string> = {}): Promise<IdleMemory> {
  let treePeakKb = 0;
  let sampling: NodeJS.Timeout | undefined;
  const server = await startQuireServe(dataDir, env, (child) => {
    sampling = setInterval(() => {
      void treeRssKb(child.pid!).then((kb) => (treePeakKb = Math.max(treePeakKb, kb)));
    }, SAMPLE_EVERY_MS);
  });
  try {
    const health = await fetch(new URL('/v1/health', server.url));
    if (!health.ok) throw new Error(`GET /v1/health answered ${health.status}`);
    await health.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const status = await readFile(`/proc/${server.child.pid}/status`, 'utf8');
    clearInterval(sampling);
    return { rssMb: statusMb(status, 'VmRSS'), highWaterMb: statusMb(status, 'VmHWM'), treePeakMb: treePeakKb / 1024 };
  } finally {
    clearInterval(sampling);
    await server.stop();
  }
}

function statusMb(status: string, field: string): number {
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  if (kb === undefined) throw new Error(`/proc status has no ${field}`);
  return Number(kb) / 1024;
}

/** RSS of `pid` and all its descendants in KiB; 0 for a process that has just exited. */
async function treeRssKb(pid: number): Promise<number> {
  try {
    const [status, children] = await Promise.all([
      readFile(`/proc/${pid}/status`, 'utf8'),
      readFile(`/proc/${pid}/task/${pid}/children`, 'utf8'),
    ]);
    const own = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
    const descendants = await Promise.all(children.trim().split(/\s+/).filter(Boolean).map((child) => treeRssKb(Number(child))));
    return descendants.reduce((sum, kb) => sum + kb, own);
  } catch {
    return 0;
  }
}
