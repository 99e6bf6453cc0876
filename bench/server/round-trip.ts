// Register/verify round trip on the built server: register an address, take the code from the
// captured mail, verify it, over real loopback HTTP.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { pino } from 'pino';
import type * as ServerModule from '../../packages/server/src/index.js';

const samples = 40;

/** Median and p99 of the round trip in milliseconds. */
export interface RoundTrip {
  medianMs: number;
  p99Ms: number;
  samples: number;
}

/** Measures `samples` register + verify round trips, each from its own address and client IP. */
export async function measureRoundTrip(): Promise<RoundTrip> {
  const { createServer } = (await import(new URL('../../packages/server/dist/esm/index.js', import.meta.url).href)) as typeof ServerModule;
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-auth-'));
  const codes = new Map<string, string>();
  const quire = await createServer({
    dataDir,
    env: {},
    trustProxy: true,
    logger: pino({ level: 'silent' }),
    mailer: { send: async (message) => void codes.set(message.to, /\b(\d{6})\b/.exec(message.text)?.[1] ?? '') },
  });
  const http = serve({ fetch: (request) => quire.fetch(request), port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => http.once('listening', resolve));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const timings: number[] = [];
  try {
    for (let index = 0; index < samples; index += 1) {
      const email = `bench-${index}@example.com`;
      // One client IP per sample, so the per-IP limit (20 an hour) never answers 429.
      const headers = { 'x-forwarded-for': `198.51.100.${index + 1}` };
      const started = performance.now();
      const registered = await fetch(`${base}/v1/auth/register?email=${encodeURIComponent(email)}`, { headers });
      if (registered.status !== 200) throw new Error(`register answered ${registered.status}`);
      await registered.arrayBuffer();
      const verified = await fetch(`${base}/v1/auth/verify?email=${encodeURIComponent(email)}&code=${codes.get(email)}`, { headers });
      const body = (await verified.json()) as { apiKey?: string };
      if (verified.status !== 200 || !body.apiKey?.startsWith('sd_')) throw new Error(`verify answered ${verified.status}`);
      timings.push(performance.now() - started);
    }
  } finally {
    await new Promise((resolve) => http.close(resolve));
    await quire.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  timings.sort((a, b) => a - b);
  const at = (quantile: number) => timings[Math.min(timings.length - 1, Math.floor(quantile * timings.length))]!;
  return { medianMs: at(0.5), p99Ms: at(0.99), samples: timings.length };
}
