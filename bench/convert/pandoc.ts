import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { InputFormat } from '../../packages/convert/src/engine.js';

/** Returns the path of the first executable `name` on `PATH`, or undefined when there is none. */
export function findExecutable(name: string, path = process.env.PATH ?? ''): string | undefined {
  for (const directory of path.split(delimiter)) {
    if (!directory) continue;
    const candidate = join(directory, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory; try the next one.
    }
  }
  return undefined;
}

/**
 * Environment for pandoc: it downloads remote images into DOCX output, which the built-in engine
 * never does (it keeps the alt text). A proxy on the closed port 9 makes each download fail at
 * once, with or without network, so both engines do the same work.
 */
export const PANDOC_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  http_proxy: 'http://127.0.0.1:9',
  https_proxy: 'http://127.0.0.1:9',
  HTTP_PROXY: 'http://127.0.0.1:9',
  HTTPS_PROXY: 'http://127.0.0.1:9',
  no_proxy: '',
  NO_PROXY: '',
};

const PANDOC_READERS: Partial<Record<InputFormat, string>> = { md: 'markdown', html: 'html' };

/** Returns pandoc's arguments to convert `from` (stdin, or files appended) to DOCX at `output` ('-': stdout), without syntax highlighting. */
export function pandocDocxArgs(from: InputFormat, output = '-'): string[] {
  const reader = PANDOC_READERS[from];
  if (!reader) throw new Error(`pandoc is not a baseline for ${from} input`);
  return ['--from', reader, '--to', 'docx', '--no-highlight', '--output', output];
}

/** Runs `command args` with `input` on stdin; resolves to its stdout, rejects when it exits non-zero. */
export function runWithInput(command: string, args: readonly string[], input: Uint8Array, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`${command} exited with ${code}: ${err.slice(0, 300)}`));
    });
    child.stdin.end(input);
  });
}
