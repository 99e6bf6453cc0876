/**
 * The complete, validated server configuration, produced once by `normalizeServerOptions` from
 * explicit options and the environment. Every field is set; nothing downstream reads the environment.
 */
export interface ServerConfig {
  /** TCP port for `quire serve` (`PORT`, default 8787). */
  port: number;
  /** Interface to listen on (`HOST`, default `127.0.0.1`). */
  host: string;
  /** Folder for the embedded store, the generated files and the dev outbox (`QUIRE_DATA_DIR`). */
  dataDir: string;
  /** `postgres://` URL (`DATABASE_URL`); undefined selects the embedded PGlite store in `dataDir`. */
  databaseUrl: string | undefined;
  /** `smtp://` or `smtps://` URL (`SMTP_URL`); undefined selects the development outbox. */
  smtpUrl: string | undefined;
  /** The `From` address of outgoing mail (`MAIL_FROM`). */
  mailFrom: string;
  /** Folder that receives mails in development mode (`<dataDir>/outbox`). */
  outboxDir: string;
  /** Bearer token that unlocks `GET /v1/usage` (`QUIRE_ADMIN_TOKEN`); undefined disables that route. */
  adminToken: string | undefined;
  /** HMAC secret for codes (`QUIRE_SECRET`); generated and persisted in the store when unset. */
  secret: string;
  /** Whether to read the client address from `X-Forwarded-For` (`TRUST_PROXY`). */
  trustProxy: boolean;
  /** Days raw telemetry events are kept before the purge (`QUIRE_RETENTION_DAYS`, default 90). */
  retentionDays: number;
  /** Whether `GET /metrics` serves Prometheus metrics to the admin token (`QUIRE_METRICS`, default false). */
  metrics: boolean;
  /**
   * Seconds a request body may go without a byte arriving, while the server waits for it, before
   * `quire serve` answers 408 `REQUEST_TIMEOUT` (`QUIRE_BODY_IDLE_TIMEOUT_SECONDS`, default 30).
   */
  bodyIdleTimeoutSeconds: number;
}
