// Companion server benchmarks (issue 3): collection throughput and p99 with autocannon against
// the practical ceiling (bare node:http that parses the same JSON and stores nothing), on the
// embedded store and on PostgreSQL, each also against its storage bound (the same bare handler
// storing through Quire's collection path: store-target.ts); the register/verify round trip;
// start time on an existing data folder; idle memory on a new and an existing data folder against
// PostgreSQL's (idle-memory.ts). Runs the built dist (`npm run build` first).
// QUIRE_BENCH_SECONDS shortens runs; QUIRE_BENCH_DATABASE_URL uses an existing PostgreSQL
// instead of starting a throwaway one.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startThrowawayPostgres } from '../../test/support/postgres-server.js';
import { formatMs, printTable } from '../support/table.js';
import { measureIdleMemory, type IdleMemory } from './idle-memory.js';
import { startQuireServe, stopProcess } from './quire-serve.js';
import { measureRoundTrip } from './round-trip.js';

const seconds = Number(process.env.QUIRE_BENCH_SECONDS ?? 20);
const connections = 50;
const warmUpSeconds = 3;
const target = new URL('./target.mjs', import.meta.url).pathname;
const storeTarget = new URL('./store-target.ts', import.meta.url).pathname;
// Issue 13: a 512 MB machine must run `npm start` on the embedded store.
const idleRssBudgetMb = 250;

interface Target {
  url: string;
  stop(): Promise<void>;
}

type TargetMode = 'ceiling' | 'quire' | 'store';

/** Starts `target.mjs <mode>` (or, for `store`, store-target.ts) with `env`; resolves once it prints its URL. */
function startTarget(mode: TargetMode, env: Record<string, string>): Promise<Target> {
  const args = mode === 'store' ? ['--import', 'tsx', storeTarget] : [target, mode];
  const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY (\S+)/.exec(output);
      if (match?.[1] !== undefined) resolve({ url: match[1], stop: () => stopProcess(child) });
    });
    child.once('exit', (code) => reject(new Error(`${mode} target exited with ${code}: ${output}`)));
  });
}

/** A one-event report as the client library sends it, with a fresh document id each time. */
function reportBody(counter: number): string {
  return JSON.stringify({
    libraryVersion: '0.1.0',
    browserInfo: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) bench', currentUrl: 'https://app.example.com', hostname: 'app.example.com', screenSize: { width: 1920, height: 1080 } },
    events: [{ timestamp: new Date().toISOString(), documentId: counter.toString(16).padStart(64, '0'), documentCreatedAt: '2024-03-01T10:00:00Z' }],
  });
}

interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  failures: number;
}

async function load(url: string, duration: number): Promise<LoadResult> {
  let counter = 0;
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/v1/collect',
        headers: { 'content-type': 'application/json', 'x-license-key': 'bench-license' },
        setupRequest: (request) => ({ ...request, body: reportBody((counter += 1)) }),
      },
    ],
  });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, failures: result.non2xx + result.errors + result.timeouts };
}

async function withPostgres<T>(use: (url: string) => Promise<T>): Promise<T> {
  const external = process.env.QUIRE_BENCH_DATABASE_URL;
  const server = external === undefined ? await startThrowawayPostgres({ durable: true }) : undefined;
  const adminUrl = external ?? server!.url;
  const name = `quire_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await server?.stop();
  }
}

async function collectionRows(): Promise<(string | number)[][]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-'));
  const measureTarget = async (mode: TargetMode, env: Record<string, string>) => {
    const started = await startTarget(mode, env);
    try {
      // Unmeasured warm-up: both the server and autocannon reach their optimised code first
      // rather than measured while still compiling.
      await load(started.url, warmUpSeconds);
      return await load(started.url, seconds);
    } finally {
      await started.stop();
    }
  };
  try {
    const ceiling = await measureTarget('ceiling', {});
    const folder = (name: string) => ({ QUIRE_DATA_DIR: join(dataDir, name) });
    const embeddedBound = await measureTarget('store', folder('bound'));
    const embedded = await measureTarget('quire', folder('quire'));
    // A fresh database each, so both start from empty tables.
    const postgresBound = await withPostgres((url) => measureTarget('store', { DATABASE_URL: url, ...folder('bound-pg') }));
    const postgres = await withPostgres((url) => measureTarget('quire', { DATABASE_URL: url, ...folder('quire-pg') }));
    const row = (name: string, measured: LoadResult, bound?: LoadResult) => [
      name,
      Math.round(measured.requestsPerSecond),
      formatMs(measured.p99Ms),
      (measured.requestsPerSecond / ceiling.requestsPerSecond).toFixed(2),
      bound === undefined ? '–' : (measured.requestsPerSecond / bound.requestsPerSecond).toFixed(2),
      measured.failures,
    ];
    return [
      row('bare node:http, parse only (ceiling)', ceiling),
      row('bare node:http + durable PGlite store (storage bound)', embeddedBound),
      row('quire, embedded PGlite (durable)', embedded, embeddedBound),
      row('bare node:http + durable PostgreSQL store (storage bound)', postgresBound),
      row('quire, PostgreSQL (fsync on)', postgres, postgresBound),
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Milliseconds from spawning `quire serve` until it prints its URL. */
async function timeStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const server = await startQuireServe(dataDir);
  const elapsed = performance.now() - started;
  await server.stop();
  return elapsed;
}

async function startRows(): Promise<(string | number)[][]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-start-'));
  try {
    const fresh = await timeStart(dataDir);
    const existing = [await timeStart(dataDir), await timeStart(dataDir), await timeStart(dataDir)].sort((a, b) => a - b);
    return [
      ['quire serve, new data folder (from the prepared one)', formatMs(fresh), '–'],
      ['quire serve, existing data folder (median of 3)', formatMs(existing[1]!), existing[1]! < 2000 ? 'met (< 2 s)' : 'MISSED (< 2 s)'],
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function memoryRows(): Promise<(string | number)[][]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-memory-'));
  try {
    const postgres = await withPostgres((url) => measureIdleMemory(join(dataDir, 'postgres'), { DATABASE_URL: url }));
    const fresh = await measureIdleMemory(join(dataDir, 'embedded'));
    const existing = await measureIdleMemory(join(dataDir, 'embedded'));
    const mb = (value: number) => `${value.toFixed(0)} MB`;
    const row = (name: string, measured: IdleMemory, budget: boolean) => [
      name,
      mb(measured.rssMb),
      mb(measured.highWaterMb),
      mb(measured.treePeakMb),
      (measured.rssMb / postgres.rssMb).toFixed(2),
      budget ? `${measured.rssMb < idleRssBudgetMb ? 'met' : 'MISSED'} (< ${idleRssBudgetMb} MB)` : '–',
    ];
    return [
      row('quire serve, PostgreSQL (baseline)', postgres, false),
      row('quire serve, embedded PGlite, new data folder', fresh, true),
      row('quire serve, embedded PGlite, existing data folder', existing, true),
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs the server benchmarks and prints their tables. */
export async function run(): Promise<void> {
  console.log(`### POST /v1/collect, ${connections} connections, ${seconds} s each (target: ratio >= 0.5)\n`);
  printTable(['server', 'req/s', 'p99', 'ratio vs ceiling', 'ratio vs storage bound', 'non-2xx/errors'], await collectionRows());
  console.log('\n### Register/verify round trip (embedded store, over loopback HTTP, mail captured in process)\n');
  const roundTrip = await measureRoundTrip();
  printTable(['flow', 'median', 'p99', 'samples'], [['GET /v1/auth/register + GET /v1/auth/verify', formatMs(roundTrip.medianMs), formatMs(roundTrip.p99Ms), roundTrip.samples]]);
  console.log('\n### Start time\n');
  printTable(['start', 'time', 'target'], await startRows());
  console.log('\n### Idle memory (after GET /v1/health and 10 s idle; peak: the server and its child processes, sampled every 20 ms from spawn)\n');
  printTable(['server', 'idle RSS', 'high-water', 'peak with children', 'RSS ratio vs PostgreSQL', 'budget'], await memoryRows());
}
