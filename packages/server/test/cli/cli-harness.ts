import type { CliIo } from '../../src/cli/cli-io.js';

/** A CliIo that records output and lets the test deliver a shutdown signal. */
export interface RecordingIo extends CliIo {
  out: string[];
  err: string[];
  /** Delivers `signal` to the registered shutdown handlers. */
  signal(signal: string): void;
}

/** Returns a {@link RecordingIo} with the given environment. */
export function recordingIo(env: Record<string, string | undefined> = {}): RecordingIo {
  const handlers = new Set<(signal: string) => void>();
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    env,
    stdout: (text) => void out.push(text),
    stderr: (text) => void err.push(text),
    onShutdownSignal(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    signal: (name) => handlers.forEach((handler) => handler(name)),
  };
}
