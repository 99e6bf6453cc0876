import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

/** An issued key as stored: never the key itself, only its hash and display prefix. */
export interface ApiKeyRecord {
  id: number;
  prefix: string;
  keyHash: string;
  email: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** The outcome of {@link revokeApiKeyByPrefix}. */
export type RevokeByPrefixResult =
  | { status: 'revoked'; key: ApiKeyRecord }
  | { status: 'not_found' }
  | { status: 'already_revoked'; key: ApiKeyRecord }
  | { status: 'ambiguous'; keys: ApiKeyRecord[] };

/** Stores a new key's hash and prefix for `email`; returns the stored record. */
export async function insertApiKey(
  db: Kysely<Database>,
  key: { prefix: string; keyHash: string; email: string; createdAt: Date },
): Promise<ApiKeyRecord> {
  const row = await db
    .insertInto('api_keys')
    .values({ prefix: key.prefix, key_hash: key.keyHash, email: key.email, created_at: key.createdAt })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Returns the key stored under `keyHash` (revoked or not), or undefined. */
export async function findApiKeyByHash(db: Kysely<Database>, keyHash: string): Promise<ApiKeyRecord | undefined> {
  const row = await db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
  return row === undefined ? undefined : toRecord(row);
}

/**
 * Sets `last_used_at` to `now` unless another request already moved it past `staleBefore`, so
 * concurrent requests of one key write at most once per interval.
 */
export async function recordApiKeyUse(db: Kysely<Database>, id: number, now: Date, staleBefore: Date): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
    .execute();
}

/** Marks the key `id` revoked at `now` (a no-op when it already is); true when this call revoked it. */
export async function revokeApiKeyById(db: Kysely<Database>, id: number, now: Date): Promise<boolean> {
  const result = await db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Revokes the one key whose display prefix is `prefix`. Refuses (`ambiguous`) when several keys
 * that are still active share the prefix, so an administrator never revokes more than intended.
 */
export async function revokeApiKeyByPrefix(db: Kysely<Database>, prefix: string, now: Date): Promise<RevokeByPrefixResult> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('api_keys').selectAll().where('prefix', '=', prefix).orderBy('id').forUpdate().execute();
    const keys = rows.map(toRecord);
    const active = keys.filter((key) => key.revokedAt === null);
    if (keys.length === 0) return { status: 'not_found' };
    if (active.length > 1) return { status: 'ambiguous', keys: active };
    const [target] = active;
    if (target === undefined) return { status: 'already_revoked', key: keys[keys.length - 1] as ApiKeyRecord };
    await revokeApiKeyById(trx, target.id, now);
    return { status: 'revoked', key: { ...target, revokedAt: now } };
  });
}

/** Lists keys, newest first, optionally only those of one canonical address. */
export async function listApiKeys(db: Kysely<Database>, filter: { email?: string } = {}): Promise<ApiKeyRecord[]> {
  let query = db.selectFrom('api_keys').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (filter.email !== undefined) query = query.where('email', '=', filter.email);
  return (await query.execute()).map(toRecord);
}

function toRecord(row: {
  id: number;
  prefix: string;
  key_hash: string;
  email: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}): ApiKeyRecord {
  return {
    id: row.id,
    prefix: row.prefix,
    keyHash: row.key_hash,
    email: row.email,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
  };
}
