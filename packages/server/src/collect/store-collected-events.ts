import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { MAX_ORIGINS_PER_LICENSE_DAY, OTHER_ORIGINS, UNKNOWN_ORIGIN } from '../usage/origin-buckets.js';
import type { CollectedEvent } from './collected-event.js';

/**
 * Stores events in one statement, hence one transaction: the raw events; the billing rows keyed
 * by `(license_key, month, document_id)` with `ON CONFLICT DO NOTHING`; and the counters, added
 * to: opens per license key and day, billable documents (the billing rows this batch inserted)
 * and opens per license key and month, and opens per license key, day and page origin, with at
 * most `MAX_ORIGINS_PER_LICENSE_DAY` origins a day and the rest under `(other)`. Month and day
 * are UTC and taken from the server's receive time, not the client's clock. Resolves once
 * committed; rejects, storing nothing, when any part fails.
 */
export async function storeCollectedEvents(db: Kysely<Database>, events: readonly CollectedEvent[]): Promise<void> {
  if (events.length === 0) return;
  // The batch travels as one JSON parameter (PostgreSQL parses it in C): cheaper for the server
  // than one array per column, whatever the batch size, and no bind-parameter limit. It is
  // prepared once per connection (prepared-statements.ts): parsing and planning it on every
  // batch were a third of its time.
  await sql`/* prepared: quire_collect_events */
    with input as (
      select * from json_to_recordset(${JSON.stringify(events)}::json) as t(
        "receivedAt" timestamptz, "licenseKey" text, "originHost" text, "libraryVersion" text,
        "documentId" text, "openedAt" timestamptz, "documentCreatedAt" text, metadata text
      )
    ),
    raw_events as (
      insert into collect_events (received_at, license_key, origin_host, library_version, document_id, opened_at, document_created_at, metadata)
      select "receivedAt", "licenseKey", "originHost", "libraryVersion", "documentId", "openedAt", "documentCreatedAt", metadata::jsonb from input
    ),
    billing as (
      insert into billing_documents (license_key, month, document_id, first_seen_at)
      select "licenseKey", to_char("receivedAt" at time zone 'UTC', 'YYYY-MM'), "documentId", min("receivedAt")
      from input group by 1, 2, 3
      -- Key order, so concurrent batches lock shared rows in the same order (no deadlock).
      order by 1, 2, 3
      on conflict (license_key, month, document_id) do nothing
      returning license_key, month
    ),
    months as (
      insert into usage_months (license_key, month, documents, opens)
      select opened.license_key, opened.month, coalesce(billed.documents, 0), opened.opens
      from (select "licenseKey" as license_key, to_char("receivedAt" at time zone 'UTC', 'YYYY-MM') as month, count(*) as opens from input group by 1, 2) as opened
      left join (select license_key, month, count(*) as documents from billing group by 1, 2) as billed using (license_key, month)
      order by 1, 2
      on conflict (license_key, month) do update
        set documents = usage_months.documents + excluded.documents, opens = usage_months.opens + excluded.opens
    ),
    origin_opens as (
      select grouped.*, exists (
          select 1 from usage_origins as kept
          where kept.license_key = grouped.license_key and kept.day = grouped.day and kept.origin = grouped.origin
        ) as known
      from (
        select "licenseKey" as license_key, ("receivedAt" at time zone 'UTC')::date as day,
          coalesce("originHost", ${sql.lit(UNKNOWN_ORIGIN)}) as origin, count(*) as opens
        from input group by 1, 2, 3
      ) as grouped
    ),
    -- A new origin gets its own counter while the day's origins stay within the cap (two batches
    -- committing side by side may each take the last places: the cap bounds, it is not exact).
    origins as (
      insert into usage_origins (license_key, day, origin, opens)
      select license_key, day, origin, sum(opens) from (
        select license_key, day, opens,
          case when known or row_number() over (partition by license_key, day, known order by opens desc, origin)
            + (select count(*) from usage_origins as kept where kept.license_key = origin_opens.license_key and kept.day = origin_opens.day
                 and kept.origin <> ${sql.lit(OTHER_ORIGINS)}) <= ${sql.lit(MAX_ORIGINS_PER_LICENSE_DAY)}
            then origin else ${sql.lit(OTHER_ORIGINS)} end as origin
        from origin_opens
      ) as placed
      group by 1, 2, 3
      order by 1, 2, 3
      on conflict (license_key, day, origin) do update set opens = usage_origins.opens + excluded.opens
    )
    insert into usage_opens (license_key, day, opens)
    select "licenseKey", ("receivedAt" at time zone 'UTC')::date, count(*)
    from input group by 1, 2
    order by 1, 2
    on conflict (license_key, day) do update set opens = usage_opens.opens + excluded.opens
  `.execute(db);
}
