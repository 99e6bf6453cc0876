import { resolve, join } from 'node:path';
import type { ServerConfig } from './server-config.js';
import { ServerOptionsError } from './server-options-error.js';

/** Settings accepted by `createServer`; each overrides the environment variable named in its TSDoc. */
export interface ServerSettings {
  /** `PORT`, default 8787. */
  port?: number;
  /** `HOST`, default `127.0.0.1`. */
  host?: string;
  /** `QUIRE_DATA_DIR`, default `./.quire-data`. */
  dataDir?: string;
  /** `DATABASE_URL` (`postgres://...`); absent selects the embedded store. */
  databaseUrl?: string;
  /** `SMTP_URL`; absent selects the development outbox. */
  smtpUrl?: string;
  /** `MAIL_FROM`, default `Quire <no-reply@localhost>`. */
  mailFrom?: string;
  /** `QUIRE_ADMIN_TOKEN` (at least 16 characters); absent disables `GET /v1/usage`. */
  adminToken?: string;
  /** `QUIRE_SECRET` (at least 16 characters); absent: generated once and kept in the store. */
  secret?: string;
  /** `TRUST_PROXY` (`true`/`false`), default false. */
  trustProxy?: boolean;
  /** `QUIRE_RETENTION_DAYS`, default 90. */
  retentionDays?: number;
  /** `QUIRE_METRICS` (`true`/`false`), default false; needs `adminToken`. */
  metrics?: boolean;
  /** `QUIRE_BODY_IDLE_TIMEOUT_SECONDS`, default 30, at most 600; enforced by `quire serve`'s HTTP server, not by `fetch`. */
  bodyIdleTimeoutSeconds?: number;
}

/** The configuration before the secret is resolved against the store. */
export type NormalizedServerOptions = Omit<ServerConfig, 'secret'> & { secret: string | undefined };

/** The environment variables read, as a plain map (`process.env` by default). */
export type ServerEnvironment = Record<string, string | undefined>;

const defaultPort = 8787;
const defaultRetentionDays = 90;
/** Seconds a request body may go without a byte arriving before `quire serve` answers 408. */
export const DEFAULT_BODY_IDLE_TIMEOUT_SECONDS = 30;
// The whole request has 10 minutes (Node's requestTimeout): a longer silence could never end.
const maxBodyIdleTimeoutSeconds = 600;
const minimumTokenLength = 16;

/**
 * Merges explicit settings over the environment and defaults, once, and validates every value.
 * Throws {@link ServerOptionsError} naming the variable when one is malformed.
 */
export function normalizeServerOptions(settings: ServerSettings, env: ServerEnvironment): NormalizedServerOptions {
  const dataDir = resolve(settings.dataDir ?? readVariable(env, 'QUIRE_DATA_DIR') ?? './.quire-data');
  const adminToken = checkToken('QUIRE_ADMIN_TOKEN', settings.adminToken ?? readVariable(env, 'QUIRE_ADMIN_TOKEN'));
  return {
    port: settings.port ?? parsePort(readVariable(env, 'PORT')),
    host: settings.host ?? readVariable(env, 'HOST') ?? '127.0.0.1',
    dataDir,
    databaseUrl: checkDatabaseUrl(settings.databaseUrl ?? readVariable(env, 'DATABASE_URL')),
    smtpUrl: checkSmtpUrl(settings.smtpUrl ?? readVariable(env, 'SMTP_URL')),
    mailFrom: checkMailFrom(settings.mailFrom ?? readVariable(env, 'MAIL_FROM') ?? 'Quire <no-reply@localhost>'),
    outboxDir: join(dataDir, 'outbox'),
    adminToken,
    secret: checkToken('QUIRE_SECRET', settings.secret ?? readVariable(env, 'QUIRE_SECRET')),
    trustProxy: settings.trustProxy ?? parseBoolean('TRUST_PROXY', readVariable(env, 'TRUST_PROXY')),
    retentionDays: checkRetentionDays(settings.retentionDays ?? parseInteger('QUIRE_RETENTION_DAYS', readVariable(env, 'QUIRE_RETENTION_DAYS'))),
    metrics: checkMetrics(settings.metrics ?? parseBoolean('QUIRE_METRICS', readVariable(env, 'QUIRE_METRICS')), adminToken),
    bodyIdleTimeoutSeconds: checkBodyIdleTimeout(
      settings.bodyIdleTimeoutSeconds ?? parseInteger('QUIRE_BODY_IDLE_TIMEOUT_SECONDS', readVariable(env, 'QUIRE_BODY_IDLE_TIMEOUT_SECONDS')),
    ),
  };
}

function readVariable(env: ServerEnvironment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return defaultPort;
  const port = parseInteger('PORT', raw);
  if (port === undefined || port > 65535) throw new ServerOptionsError('PORT', `expected a port number from 0 to 65535, got "${raw}"`);
  return port;
}

function parseInteger(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new ServerOptionsError(name, `expected a whole number, got "${raw}"`);
  return Number(raw);
}

function parseBoolean(name: string, raw: string | undefined): boolean {
  if (raw === undefined) return false;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ServerOptionsError(name, `expected true or false, got "${raw}"`);
}

function checkDatabaseUrl(url: string | undefined): string | undefined {
  if (url === undefined || /^postgres(ql)?:\/\//i.test(url)) return url;
  throw new ServerOptionsError('DATABASE_URL', 'expected a postgres:// or postgresql:// URL (leave it unset for the embedded store)');
}

function checkSmtpUrl(url: string | undefined): string | undefined {
  if (url === undefined || /^smtps?:\/\//i.test(url)) return url;
  throw new ServerOptionsError('SMTP_URL', 'expected an smtp:// or smtps:// URL (leave it unset for the development outbox)');
}

function checkMailFrom(from: string): string {
  // A CR or LF in a header value would let it inject further headers (RFC 5322 section 2.2).
  if (/[\r\n]/.test(from) || !from.includes('@')) {
    throw new ServerOptionsError('MAIL_FROM', 'expected one address such as "Quire <no-reply@example.com>"');
  }
  return from;
}

function checkToken(name: string, token: string | undefined): string | undefined {
  if (token === undefined || token.length >= minimumTokenLength) return token;
  throw new ServerOptionsError(name, `must be at least ${minimumTokenLength} characters long`);
}

function checkRetentionDays(days: number | undefined): number {
  if (days === undefined) return defaultRetentionDays;
  if (!Number.isInteger(days) || days < 1) throw new ServerOptionsError('QUIRE_RETENTION_DAYS', `expected at least 1 day, got ${days}`);
  return days;
}

function checkBodyIdleTimeout(seconds: number | undefined): number {
  if (seconds === undefined) return DEFAULT_BODY_IDLE_TIMEOUT_SECONDS;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > maxBodyIdleTimeoutSeconds) {
    throw new ServerOptionsError('QUIRE_BODY_IDLE_TIMEOUT_SECONDS', `expected 1 to ${maxBodyIdleTimeoutSeconds} seconds, got ${seconds}`);
  }
  return seconds;
}

function checkMetrics(metrics: boolean, adminToken: string | undefined): boolean {
  // GET /metrics is served to the admin token only; without one it could never be scraped.
  if (metrics && adminToken === undefined) throw new ServerOptionsError('QUIRE_METRICS', 'needs QUIRE_ADMIN_TOKEN: GET /metrics answers only to the admin token');
  return metrics;
}
