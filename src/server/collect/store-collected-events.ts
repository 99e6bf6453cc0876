import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { CollectedEvent } from './collected-event.js';

/**
 * Stores events in one statement, hence one transaction: the raw events; the billing rows keyed
 * by `(license_key, month, document_id)` with `ON CONFLICT DO NOTHING`; and the per-day opens,
 * added to existing rows. Month and day are UTC and taken from the server's receive time, not the
 * client's clock. Resolves once committed; rejects, storing nothing, when any part fails.
 */
export async function storeCollectedEvents(db: Kysely<Database>, events: readonly CollectedEvent[]): Promise<void> {
  if (events.length === 0) return;
  // Columns travel as 8 arrays whatever the batch size: no bind-parameter limit, one short plan.
  const column = <T>(read: (event: CollectedEvent) => T) => events.map(read);
  await sql`
    with input as (
      select * from unnest(
        ${column((event) => event.receivedAt.toISOString())}::timestamptz[],
        ${column((event) => event.licenseKey)}::text[],
        ${column((event) => event.originHost)}::text[],
        ${column((event) => event.libraryVersion)}::text[],
        ${column((event) => event.documentId)}::text[],
        ${column((event) => event.openedAt)}::timestamptz[],
        ${column((event) => event.documentCreatedAt)}::text[],
        ${column((event) => event.metadata)}::jsonb[]
      ) as t(received_at, license_key, origin_host, library_version, document_id, opened_at, document_created_at, metadata)
    ),
    raw_events as (
      insert into collect_events (received_at, license_key, origin_host, library_version, document_id, opened_at, document_created_at, metadata)
      select received_at, license_key, origin_host, library_version, document_id, opened_at, document_created_at, metadata from input
    ),
    billing as (
      insert into billing_documents (license_key, month, document_id, first_seen_at)
      select license_key, to_char(received_at at time zone 'UTC', 'YYYY-MM'), document_id, min(received_at)
      from input group by 1, 2, 3
      -- Key order, so concurrent batches lock shared rows in the same order (no deadlock).
      order by 1, 2, 3
      on conflict (license_key, month, document_id) do nothing
    )
    insert into usage_days (license_key, day, document_id, opens)
    select license_key, (received_at at time zone 'UTC')::date, document_id, count(*)
    from input group by 1, 2, 3
    order by 1, 2, 3
    on conflict (license_key, day, document_id) do update set opens = usage_days.opens + excluded.opens
  `.execute(db);
}
