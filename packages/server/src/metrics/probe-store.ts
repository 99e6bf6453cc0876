import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

/**
 * Resolves to true when the store answers `select 1` within `timeoutMs`, false when it fails or is
 * slower (a scrape must not hang on a stalled store; the query itself is left to finish).
 */
export async function probeStore(db: Kysely<Database>, timeoutMs = 5000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
