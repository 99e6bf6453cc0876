import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDefaultLogger } from '../create-logger.js';
import { createServer } from '../create-server.js';
import { DEFAULT_CLIENT_TIMEOUTS } from '../node/client-timeouts.js';
import { listen } from '../node/listen.js';
import { CliError, type CliCommand } from './cli-io.js';

/** `quire serve`: runs the server on Node until SIGTERM or SIGINT, then shuts down gracefully. */
export const serveCommand: CliCommand = {
  summary: 'Run the server (embedded store unless DATABASE_URL is set)',
  usage: [
    'Usage: quire serve [--port N] [--host ADDRESS] [--data-dir DIR]',
    '',
    'Options override the environment: PORT (8787), HOST (127.0.0.1), QUIRE_DATA_DIR (./.quire-data).',
    'Other settings: DATABASE_URL, SMTP_URL, MAIL_FROM, QUIRE_ADMIN_TOKEN, QUIRE_SECRET, TRUST_PROXY,',
    'QUIRE_RETENTION_DAYS, QUIRE_METRICS, QUIRE_BODY_IDLE_TIMEOUT_SECONDS, LOG_LEVEL. SIGTERM or SIGINT: stop accepting, finish requests, close the store, exit 0.',
    'Exits 1 with a message when the port is in use or cannot be bound.',
  ].join('\n'),
  async run(args, io) {
    const { values } = parseArgs({
      args,
      options: { port: { type: 'string' }, host: { type: 'string' }, 'data-dir': { type: 'string' } },
      strict: true,
    });
    const logger = createDefaultLogger(io.env);
    const server = await createServer({
      env: io.env,
      logger,
      ...(values.port === undefined ? {} : { port: parsePort(values.port) }),
      ...(values.host === undefined ? {} : { host: values.host }),
      ...(values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] }),
    });
    let listening;
    try {
      listening = await listen(server, {
        port: server.config.port,
        host: server.config.host,
        clientTimeouts: { ...DEFAULT_CLIENT_TIMEOUTS, bodyIdleTimeoutMs: server.config.bodyIdleTimeoutSeconds * 1000 },
      });
    } catch (error) {
      await server.close();
      throw new CliError(describeListenFailure(error, server.config.host, server.config.port));
    }
    logger.info({ url: listening.url }, 'quire server ready');
    const { config } = server;
    io.stdout(`Quire server listening on ${listening.url}\n`);
    io.stdout(
      config.databaseUrl === undefined
        ? `  store: embedded PGlite in ${join(config.dataDir, 'pglite')}\n`
        : '  store: PostgreSQL (DATABASE_URL)\n',
    );
    io.stdout(
      config.smtpUrl === undefined
        ? `  mail:  DEVELOPMENT MODE (no SMTP_URL): e-mails are written to ${config.outboxDir}\n`
        : '  mail:  SMTP (SMTP_URL)\n',
    );
    io.stdout(`  usage: ${config.adminToken === undefined ? 'GET /v1/usage disabled (set QUIRE_ADMIN_TOKEN)' : 'GET /v1/usage needs the admin token'}\n`);
    io.stdout(
      `  rooms: ${listening.url.replace(/^http/, 'ws')}/v1/rooms/{room}?token=... (tokens: quire rooms token), ` +
        `${config.databaseUrl === undefined ? 'in this process' : 'shared with every quire serve on this PostgreSQL'}\n`,
    );
    io.stdout(`  metrics: ${config.metrics ? 'GET /metrics needs the admin token' : 'off (set QUIRE_METRICS=true)'}\n`);

    const signal = await new Promise<string>((resolve) => {
      const remove = io.onShutdownSignal((name) => {
        remove();
        resolve(name);
      });
    });
    io.stdout(`${signal}: shutting down (finishing in-flight requests)\n`);
    await listening.stop();
    await server.close();
    io.stdout('Quire server stopped\n');
    return 0;
  },
};

function describeListenFailure(error: unknown, host: string, port: number): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') {
    return `port ${port} on ${host} is already in use (another quire serve?): stop that process or choose another port with --port or PORT`;
  }
  if (code === 'EACCES') return `not allowed to listen on ${host}:${port} (ports below 1024 need privileges): choose another with --port or PORT`;
  if (code === 'EADDRNOTAVAIL') return `${host} is not an address of this machine: choose another with --host or HOST`;
  return `cannot listen on ${host}:${port}: ${(error as Error).message}`;
}

function parsePort(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) throw new CliError(`--port: expected a port number from 0 to 65535, got "${raw}"`, 2);
  return Number(raw);
}
