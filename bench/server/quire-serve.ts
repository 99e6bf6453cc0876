import { spawn, type ChildProcess } from 'node:child_process';

const cli = new URL('../../packages/server/dist/esm/cli.js', import.meta.url).pathname;

/** A running `quire serve` process of the built CLI. */
export interface QuireServe {
  child: ChildProcess;
  /** The URL it printed once listening. */
  url: string;
  /** Sends SIGTERM and resolves when the process has exited. */
  stop(): Promise<void>;
}

/**
 * Spawns `node dist/esm/server/cli.js serve` on a free port with the data folder and environment
 * given (as `npm start` runs it, logging silenced); resolves once it prints `listening on <url>`.
 * `onSpawn` sees the process before it listens, to watch it start.
 */
export function startQuireServe(dataDir: string, env: Record<string, string> = {}, onSpawn?: (child: ChildProcess) => void): Promise<QuireServe> {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--data-dir', dataDir], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  onSpawn?.(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (\S+)/.exec(output)?.[1];
      if (url !== undefined) resolve({ child, url, stop: () => stopProcess(child) });
    });
    child.once('exit', (code) => reject(new Error(`quire serve exited with ${code}: ${output}`)));
  });
}

/** Sends SIGTERM to `child` and resolves when it has exited. */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
