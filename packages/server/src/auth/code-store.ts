import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { isSameCodeHash } from './verification-code.js';

/** A code to store for an address, already reduced to its HMAC. */
export interface PendingCode {
  email: string;
  codeHmac: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Why {@link consumeVerificationCode} refused; all are answered alike to the client. */
export type CodeRejection = 'missing' | 'expired' | 'exhausted' | 'wrong';

/** The outcome of {@link consumeVerificationCode}. */
export type ConsumeCodeResult = { ok: true } | { ok: false; reason: CodeRejection };

/** Stores the pending code of an address, replacing any earlier one (and its failed attempts). */
export async function storeVerificationCode(db: Kysely<Database>, code: PendingCode): Promise<void> {
  const row = { email: code.email, code_hmac: code.codeHmac, created_at: code.createdAt, expires_at: code.expiresAt, failed_attempts: 0 };
  await db
    .insertInto('auth_codes')
    .values(row)
    .onConflict((conflict) => conflict.column('email').doUpdateSet({ code_hmac: row.code_hmac, created_at: row.created_at, expires_at: row.expires_at, failed_attempts: 0 }))
    .execute();
}

/**
 * Checks `codeHmac` against the pending code of `email` inside the caller's transaction, locking
 * the row so two requests cannot both use one code. A match deletes the code (single use); a
 * mismatch counts a failed attempt, and the code is dead once `maxAttempts` failures are counted.
 */
export async function consumeVerificationCode(
  trx: Kysely<Database>,
  email: string,
  codeHmac: string,
  options: { now: Date; maxAttempts: number },
): Promise<ConsumeCodeResult> {
  const row = await trx.selectFrom('auth_codes').selectAll().where('email', '=', email).forUpdate().executeTakeFirst();
  if (row === undefined) return { ok: false, reason: 'missing' };
  if (new Date(row.expires_at).getTime() <= options.now.getTime()) return { ok: false, reason: 'expired' };
  if (row.failed_attempts >= options.maxAttempts) return { ok: false, reason: 'exhausted' };
  if (!isSameCodeHash(row.code_hmac, codeHmac)) {
    await trx.updateTable('auth_codes').set({ failed_attempts: row.failed_attempts + 1 }).where('email', '=', email).execute();
    return { ok: false, reason: 'wrong' };
  }
  await trx.deleteFrom('auth_codes').where('email', '=', email).execute();
  return { ok: true };
}

/** Deletes codes that expired before `now`; returns how many. */
export async function purgeExpiredCodes(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('auth_codes').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
