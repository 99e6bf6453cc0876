import { spawn } from 'node:child_process';

/** Options of {@link runTool}. */
export interface RunToolOptions {
  /** Bytes written to the tool's standard input; nothing when absent. */
  input?: Uint8Array;
  /** The tool is killed after this many milliseconds; default 60 000. */
  timeoutMs?: number;
}

/**
 * Runs `command` with `args` and resolves with its standard output. Rejects when the tool cannot
 * start, exits with a non-zero status or outlasts the time limit; the message carries its standard error.
 */
export function runTool(command: string, args: readonly string[], options: RunToolOptions = {}): Promise<Uint8Array> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], timeout: timeoutMs });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) {
        resolve(new Uint8Array(Buffer.concat(stdout)));
        return;
      }
      const detail = Buffer.concat(stderr).toString('utf8').trim();
      const how = signal ? `was stopped by ${signal}` : `exited with status ${String(code)}`;
      reject(new Error(`${command} ${how}${detail ? `: ${detail}` : ''}`));
    });
    // A tool that exits before reading all of its input closes the pipe; its exit status tells what went wrong.
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? new Uint8Array());
  });
}
