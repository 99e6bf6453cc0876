import { runCli } from './run-cli.js';
import type { CliIo } from './cli-io.js';

const io: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  onShutdownSignal(handler) {
    process.on('SIGTERM', handler);
    process.on('SIGINT', handler);
    return () => {
      process.off('SIGTERM', handler);
      process.off('SIGINT', handler);
    };
  },
};

process.exitCode = await runCli(process.argv.slice(2), io);
