import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeServerOptions } from '../../src/config/normalize-server-options.js';
import { ServerOptionsError } from '../../src/config/server-options-error.js';

describe('normalizeServerOptions', () => {
  it('fills every setting with its default when nothing is configured', () => {
    expect(normalizeServerOptions({}, {})).toEqual({
      port: 8787,
      host: '127.0.0.1',
      dataDir: resolve('.quire-data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Quire <no-reply@localhost>',
      outboxDir: resolve('.quire-data', 'outbox'),
      adminToken: undefined,
      secret: undefined,
      trustProxy: false,
      retentionDays: 90,
      metrics: false,
      bodyIdleTimeoutSeconds: 30,
    });
  });

  it('reads the environment and lets explicit settings win over it', () => {
    const env = {
      PORT: '9000',
      HOST: '0.0.0.0',
      QUIRE_DATA_DIR: '/var/lib/quire',
      DATABASE_URL: 'postgres://db.internal/quire',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Keys <keys@example.com>',
      QUIRE_ADMIN_TOKEN: 'admin-token-from-env-123',
      QUIRE_SECRET: 'secret-from-env-0123456789',
      TRUST_PROXY: 'true',
      QUIRE_RETENTION_DAYS: '30',
      QUIRE_METRICS: 'true',
      QUIRE_BODY_IDLE_TIMEOUT_SECONDS: '45',
    };
    const config = normalizeServerOptions({ port: 1234, retentionDays: 7 }, env);

    expect(config).toMatchObject({
      port: 1234,
      host: '0.0.0.0',
      dataDir: '/var/lib/quire',
      outboxDir: '/var/lib/quire/outbox',
      databaseUrl: 'postgres://db.internal/quire',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Keys <keys@example.com>',
      adminToken: 'admin-token-from-env-123',
      secret: 'secret-from-env-0123456789',
      trustProxy: true,
      retentionDays: 7,
      metrics: true,
      bodyIdleTimeoutSeconds: 45,
    });
    expect(normalizeServerOptions({ bodyIdleTimeoutSeconds: 5 }, env).bodyIdleTimeoutSeconds).toBe(5);
  });

  it('treats empty variables as unset', () => {
    expect(normalizeServerOptions({}, { PORT: '', DATABASE_URL: '  ', QUIRE_ADMIN_TOKEN: '' })).toMatchObject({
      port: 8787,
      databaseUrl: undefined,
      adminToken: undefined,
    });
  });

  it.each([
    [{ PORT: '80a' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://db/quire' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'no-at-sign' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'a@b.c\r\nBcc: x@y.z' }, 'MAIL_FROM'],
    [{ QUIRE_ADMIN_TOKEN: 'short' }, 'QUIRE_ADMIN_TOKEN'],
    [{ QUIRE_SECRET: 'short' }, 'QUIRE_SECRET'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ QUIRE_RETENTION_DAYS: '0' }, 'QUIRE_RETENTION_DAYS'],
    [{ QUIRE_RETENTION_DAYS: '-3' }, 'QUIRE_RETENTION_DAYS'],
    [{ QUIRE_METRICS: 'sometimes', QUIRE_ADMIN_TOKEN: 'admin-token-from-env-123' }, 'QUIRE_METRICS'],
    [{ QUIRE_METRICS: 'true' }, 'QUIRE_METRICS'],
    [{ QUIRE_BODY_IDLE_TIMEOUT_SECONDS: '0' }, 'QUIRE_BODY_IDLE_TIMEOUT_SECONDS'],
    [{ QUIRE_BODY_IDLE_TIMEOUT_SECONDS: '601' }, 'QUIRE_BODY_IDLE_TIMEOUT_SECONDS'],
    [{ QUIRE_BODY_IDLE_TIMEOUT_SECONDS: '1.5' }, 'QUIRE_BODY_IDLE_TIMEOUT_SECONDS'],
  ])('rejects %o naming %s', (env, variable) => {
    let caught: unknown;
    try {
      normalizeServerOptions({}, env);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ServerOptionsError);
    expect((caught as ServerOptionsError).setting).toBe(variable);
    expect((caught as Error).message.startsWith(`${variable}: `)).toBe(true);
  });
});
