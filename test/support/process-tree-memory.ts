// The resident memory of a process and its descendants, as a container's memory limit sees it
// (PGlite's first start runs a child process). Linux only: read from /proc.
import { readFile } from 'node:fs/promises';

/** A running sample of a process tree's memory. */
export interface TreePeakWatch {
  /** Largest sum of the tree's RSS seen so far, in KiB. */
  readonly peakKb: number;
  stop(): void;
}

/** Samples the RSS of `pid` and its descendants every `everyMs` until stopped, keeping the largest sum. */
export function watchTreePeak(pid: number, everyMs = 20): TreePeakWatch {
  let peakKb = 0;
  const sampling = setInterval(() => {
    void treeRssKb(pid).then((kb) => (peakKb = Math.max(peakKb, kb)));
  }, everyMs);
  return {
    get peakKb() {
      return peakKb;
    },
    stop: () => clearInterval(sampling),
  };
}

/** RSS of `pid` and all its descendants in KiB; 0 for a process that has just exited. */
export async function treeRssKb(pid: number): Promise<number> {
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
