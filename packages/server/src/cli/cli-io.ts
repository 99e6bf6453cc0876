/** Where a CLI command writes and what it reads from the process, injected for tests. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  /** Registers a handler for SIGTERM and SIGINT; returns its removal. */
  onShutdownSignal(handler: (signal: string) => void): () => void;
}

/** A subcommand of `quire`: its one-line summary, usage text and implementation. */
export interface CliCommand {
  summary: string;
  usage: string;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(args: string[], io: CliIo): Promise<number>;
}

/** An expected CLI failure (bad arguments, unreachable store): printed without a stack, exit code 1 or 2. */
export class CliError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}
