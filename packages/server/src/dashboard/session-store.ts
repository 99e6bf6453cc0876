import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { encodeBase62 } from '../auth/base62.js';
import type { Database } from '../store/schema.js';

const tokenPrefix = 'qs_';
const tokenBodyLength = 43;
const tokenPattern = new RegExp(`^${tokenPrefix}[0-9A-Za-z]{${tokenBodyLength}}$`);

/** A live dashboard session as routes see it. */
export interface DashboardSession {
  /** Display prefix of the token (`qs_` + 8 characters), or of the API key the session was opened with. */
  prefix: string;
  /** Canonical address the session belongs to. */
  email: string;
  expiresAt: Date;
}

/** What {@link openSession} needs. */
export interface OpenSessionInput {
  email: string;
  /** The API key pasted to sign in, so that revoking it ends the session; omitted for a code sign-in. */
  apiKey?: { id: number; prefix: string } | undefined;
  now: Date;
  ttlSeconds: number;
  randomBytes: (n: number) => Uint8Array;
}

/**
 * Opens a session and returns its token (`qs_` + 256 random bits in base62), the only copy: the
 * store keeps its SHA-256.
 */
export async function openSession(db: Kysely<Database>, input: OpenSessionInput): Promise<{ token: string; session: DashboardSession }> {
  const token = tokenPrefix + encodeBase62(input.randomBytes(32), tokenBodyLength);
  const session = {
    prefix: input.apiKey?.prefix ?? token.slice(0, tokenPrefix.length + 8),
    email: input.email,
    expiresAt: new Date(input.now.getTime() + input.ttlSeconds * 1000),
  };
  await db
    .insertInto('dashboard_sessions')
    .values({ token_hash: hashToken(token), prefix: session.prefix, email: session.email, api_key_id: input.apiKey?.id ?? null, created_at: input.now, expires_at: session.expiresAt })
    .execute();
  return { token, session };
}

/**
 * Returns the session that `token` names while it has not expired and, when it was opened with
 * an API key, while that key is not revoked; otherwise undefined. The lookup is by hash, so the
 * token is never compared as text.
 */
export async function findSession(db: Kysely<Database>, token: string, now: Date): Promise<DashboardSession | undefined> {
  if (!tokenPattern.test(token)) return undefined;
  const row = await db
    .selectFrom('dashboard_sessions')
    .leftJoin('api_keys', 'api_keys.id', 'dashboard_sessions.api_key_id')
    .select(['dashboard_sessions.prefix', 'dashboard_sessions.email', 'dashboard_sessions.expires_at', 'dashboard_sessions.api_key_id', 'api_keys.revoked_at'])
    .where('dashboard_sessions.token_hash', '=', hashToken(token))
    .where('dashboard_sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (row === undefined || (row.api_key_id !== null && row.revoked_at !== null)) return undefined;
  return { prefix: row.prefix, email: row.email, expiresAt: new Date(row.expires_at) };
}

/** Ends the session that `token` names, if any. */
export async function closeSession(db: Kysely<Database>, token: string): Promise<void> {
  if (tokenPattern.test(token)) await db.deleteFrom('dashboard_sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** Deletes the sessions that expired before `now`; returns how many. */
export async function purgeExpiredSessions(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('dashboard_sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
