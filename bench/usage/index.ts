// Usage summary benchmark (issue 10): GET /v1/usage/summary over 24 months on a PostgreSQL store
// holding QUIRE_BENCH_USAGE_ROWS billing rows (default 10,000,000; seeding them takes a few
// minutes), against the same requests over a 10,000-row store in the same run, after a warm-up.
// Requests go through createServer's handler in process (routing, auth, rate limit, logging,
// JSON); PostgreSQL is a throwaway server on loopback (fsync off: only reads are measured), or
// QUIRE_BENCH_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { createServer } from '../../packages/server/src/create-server.js';
import { openDatabase } from '../../packages/server/src/store/open-database.js';
import { startThrowawayPostgres } from '../../test/support/postgres-server.js';
import { measure, type Measurement } from '../support/measure.js';
import { formatMs, printTable } from '../support/table.js';
import { seedBillingRows, seededKeys, seededMonths } from './seed-billing-rows.js';

const largeRows = Number(process.env.QUIRE_BENCH_USAGE_ROWS ?? 10_000_000);
const baselineRows = 10_000;
const targetMs = 50;
const adminToken = 'bench-admin-token-0123456789';
const requests = {
  [`all ${seededKeys} keys`]: `/v1/usage/summary?from=${seededMonths.from}&to=${seededMonths.to}`,
  'one key': `/v1/usage/summary?from=${seededMonths.from}&to=${seededMonths.to}&license=bench-key-042`,
};

interface SeededServer {
  seedSeconds: number;
  /** Sends `path` with the admin token and reads the answer; throws unless 200. */
  get(path: string): Promise<void>;
  close(): Promise<void>;
}

/** Creates a database on `adminUrl`, seeds `rows` billing rows and starts a server on it. */
async function startSeededServer(adminUrl: string, rows: number): Promise<SeededServer> {
  const name = `quire_bench_usage_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-usage-'));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const store = await openDatabase({ databaseUrl: url.toString(), dataDir });
  const seeding = performance.now();
  await seedBillingRows(store.db, rows);
  const seedSeconds = (performance.now() - seeding) / 1000;
  // 120 reads a minute per token is the documented limit; a clock that moves a minute per read keeps the bench under it.
  let minutes = 0;
  const now = () => new Date(Date.UTC(2026, 10, 1) + (minutes += 1) * 61_000);
  const server = await createServer({ env: {}, dataDir, store: { db: store.db, kind: 'postgres' }, adminToken, now, logger: pino({ level: 'silent' }) });
  return {
    seedSeconds,
    async get(path) {
      const response = await server.fetch(new Request(`http://quire.test${path}`, { headers: { authorization: `Bearer ${adminToken}` } }));
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    },
    async close() {
      await server.close();
      await store.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the usage summary benchmark and prints its table. */
export async function run(): Promise<void> {
  const external = process.env.QUIRE_BENCH_DATABASE_URL;
  const server = external === undefined ? await startThrowawayPostgres() : undefined;
  try {
    const adminUrl = external ?? server!.url;
    const baseline = await startSeededServer(adminUrl, baselineRows);
    const large = await startSeededServer(adminUrl, largeRows);
    let results: Record<string, Measurement>;
    try {
      const tasks: Record<string, () => Promise<void>> = {};
      for (const [label, path] of Object.entries(requests)) {
        tasks[`${label} baseline`] = () => baseline.get(path);
        tasks[`${label} large`] = () => large.get(path);
      }
      // Unmeasured warm-up, so that neither store is measured while Node still compiles the handler.
      for (let round = 0; round < 100; round += 1) for (const task of Object.values(tasks)) await task();
      results = await measure(tasks, { timeMs: 3_000, iterations: 50 });
    } finally {
      await baseline.close();
      await large.close();
    }
    const count = (rows: number) => rows.toLocaleString('en-GB');
    console.log(
      `### GET /v1/usage/summary, ${seededMonths.count} months (${seededMonths.from} to ${seededMonths.to}), PostgreSQL, admin token (target: median < ${targetMs} ms)\n`,
    );
    console.log(`Seeded ${count(largeRows)} billing rows in ${large.seedSeconds.toFixed(0)} s (baseline ${count(baselineRows)} in ${baseline.seedSeconds.toFixed(1)} s).\n`);
    printTable(
      ['request', `median, ${count(baselineRows)} rows (baseline)`, `median, ${count(largeRows)} rows`, 'p99', 'ratio vs baseline', 'samples', 'target'],
      Object.keys(requests).map((label) => {
        const small = results[`${label} baseline`]!;
        const measured = results[`${label} large`]!;
        return [
          label,
          formatMs(small.medianMs),
          formatMs(measured.medianMs),
          formatMs(measured.p99Ms),
          (measured.medianMs / small.medianMs).toFixed(2),
          measured.samples,
          `${measured.medianMs < targetMs ? 'met' : 'MISSED'} (< ${targetMs} ms)`,
        ];
      }),
    );
  } finally {
    await server?.stop();
  }
}
