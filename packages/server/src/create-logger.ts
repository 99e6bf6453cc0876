import { pino, type Logger } from 'pino';
import type { ServerEnvironment } from './config/normalize-server-options.js';

/** The server's default logger: pino JSON lines on stdout at `LOG_LEVEL` (default `info`). */
export function createDefaultLogger(env: ServerEnvironment): Logger {
  return pino({ level: env.LOG_LEVEL ?? 'info', base: { service: 'quire' } });
}
