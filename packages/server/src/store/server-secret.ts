import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

const secretSettingName = 'secret';

/**
 * Returns the server's HMAC secret kept in the store, creating it from `randomBytes` (32 bytes,
 * hex) on first use. Concurrent first starts agree: the first insert wins and every caller reads it.
 */
export async function loadOrCreateServerSecret(db: Kysely<Database>, randomBytes: (length: number) => Uint8Array): Promise<string> {
  const candidate = Array.from(randomBytes(32), (byte) => byte.toString(16).padStart(2, '0')).join('');
  await db
    .insertInto('server_settings')
    .values({ name: secretSettingName, value: candidate })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_settings').select('value').where('name', '=', secretSettingName).executeTakeFirstOrThrow();
  return row.value;
}
