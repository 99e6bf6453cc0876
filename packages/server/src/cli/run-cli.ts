import { LIBRARY_VERSION } from 'quire/telemetry';
import { isServerOptionsError } from '../config/server-options-error.js';
import { DataDirLockedError } from '../store/data-dir-lock.js';
import { StoreConnectionError } from '../store/open-database.js';
import { CliError, type CliCommand, type CliIo } from './cli-io.js';
import { convertCommand } from './convert.js';
import { keysCommand } from './keys.js';
import { licencesCommand } from './licences.js';
import { migrateCommand } from './migrate.js';
import { roomsCommand } from './rooms.js';
import { serveCommand } from './serve.js';
import { adviseStoreInUse } from './store-in-use-advice.js';
import { usageCommand } from './usage.js';

/** Every `quire` subcommand by name; add one line per command. */
const commands: Record<string, CliCommand> = {
  serve: serveCommand,
  usage: usageCommand,
  migrate: migrateCommand,
  keys: keysCommand,
  licences: licencesCommand,
  convert: convertCommand,
  rooms: roomsCommand,
};

/**
 * Runs `quire <command> [args]` and resolves to the process exit code: 0 on success, 1 on an
 * expected failure (message only, no stack), 2 on a usage mistake. `help`, `--help` and no
 * command print the list of commands; `--version` prints `quire <version>`.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const topic = name === 'help' ? args[0] : undefined;
    const command = topic === undefined ? undefined : commands[topic];
    io.stdout(command === undefined ? formatHelp() : `${command.usage}\n`);
    return 0;
  }
  if (name === '--version' || name === '-V' || name === 'version') {
    io.stdout(`quire ${LIBRARY_VERSION}\n`);
    return 0;
  }
  const command = commands[name];
  if (command === undefined) {
    io.stderr(`quire: unknown command "${name}"\n\n${formatHelp()}`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(`${command.usage}\n`);
    return 0;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`quire ${name}: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof DataDirLockedError) {
      const advice = adviseStoreInUse(name);
      io.stderr(`quire ${name}: ${error.message}${advice === undefined ? '' : `\n${advice}`}\n`);
      return 1;
    }
    if (isServerOptionsError(error) || error instanceof StoreConnectionError || isArgumentError(error)) {
      io.stderr(`quire ${name}: ${(error as Error).message}\n`);
      return isArgumentError(error) ? 2 : 1;
    }
    throw error;
  }
}

function formatHelp(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const lines = Object.entries(commands).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return ['Usage: quire <command> [options]', '', 'Commands:', ...lines, `  ${'help'.padEnd(width)}  Show this help, or "quire help <command>"`, `  ${'version'.padEnd(width)}  Print the version (also --version)`, ''].join('\n');
}

// node:util parseArgs reports unknown or malformed options with these codes.
function isArgumentError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}
