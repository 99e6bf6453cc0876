import type { ColumnType, Generated } from 'kysely';

/**
 * The one pending verification code per address (a new code replaces the row). The code itself is
 * never stored: `code_hmac` is HMAC-SHA256(server secret, `email|code`) in hex.
 */
export interface AuthCodesTable {
  /** Canonical (lower-case) address. */
  email: string;
  code_hmac: string;
  created_at: Date;
  expires_at: Date;
  failed_attempts: number;
}

/**
 * Issued API keys. Only the SHA-256 (hex) of a key is stored, with its short display prefix;
 * `revoked_at` set means the key no longer authenticates.
 */
export interface ApiKeysTable {
  id: Generated<number>;
  prefix: string;
  key_hash: string;
  /** Canonical (lower-case) address the key was issued to. */
  email: string;
  created_at: ColumnType<Date, Date, never>;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Fixed-window rate-limit counters, one row per bucket (e.g. `register:ip:203.0.113.7`). */
export interface AuthRateLimitsTable {
  bucket: string;
  window_started_at: Date;
  hits: number;
}

/** The tables of the API-key feature. */
export interface AuthTables {
  auth_codes: AuthCodesTable;
  api_keys: ApiKeysTable;
  auth_rate_limits: AuthRateLimitsTable;
}
