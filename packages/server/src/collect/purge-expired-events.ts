import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

const purgeChunkRows = 10_000;
const dayMs = 24 * 60 * 60 * 1000;

/**
 * Deletes raw telemetry events received more than `retentionDays` before `now`, in chunks so a
 * large purge never holds long locks. Billing and per-day usage rows are kept. Returns the count.
 */
export async function purgeExpiredEvents(db: Kysely<Database>, now: Date, retentionDays: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * dayMs);
  let total = 0;
  for (;;) {
    const result = await db
      .deleteFrom('collect_events')
      .where('id', 'in', (eb) => eb.selectFrom('collect_events').select('id').where('received_at', '<', cutoff).limit(purgeChunkRows))
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    total += deleted;
    if (deleted < purgeChunkRows) return total;
  }
}
