// What a running server counts, read back through GET /metrics as Prometheus would.
import { afterEach, describe, expect, it } from 'vitest';
import { createEngines, type EngineRegistry } from '../../../convert/src/create-engines.js';
import type { ConversionEngine } from '../../../convert/src/engine.js';
import type { CreateServerOptions } from '../../src/create-server.js';
import { startConvertHarness, type ConvertHarness } from '../routes/convert-harness.js';
import { createScriptedEngine } from '../../../convert/test/server/routes/scripted-engine.js';
import { buildReport, postReport, startServerHarness, type ServerHarness } from '../server-harness.js';
import { readSample, scrape } from './scrape.js';

const harnesses: ServerHarness[] = [];
const registries: EngineRegistry[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
  await Promise.all(registries.splice(0).map((registry) => registry.close()));
});

async function start(overrides: Partial<CreateServerOptions> = {}): Promise<ServerHarness> {
  const harness = await startServerHarness('pglite', { metrics: true, ...overrides });
  harnesses.push(harness);
  return harness;
}

async function startConverting(engine: ConversionEngine, overrides: Partial<CreateServerOptions> = {}): Promise<ConvertHarness> {
  const engines = createEngines({ env: {}, builtin: false, libreoffice: false, gotenberg: false, engines: [engine] });
  registries.push(engines);
  const harness = await startConvertHarness('pglite', { engines, metrics: true, ...overrides });
  harnesses.push(harness);
  return harness;
}

const convertMarkdown = (harness: ConvertHarness, text: string, key?: string) =>
  harness.convert('from=md&to=pdf', [{ name: 'file', fileName: 'a.md', content: text }], key);

describe('the metrics a server records', () => {
  it('counts collect transactions with the events they stored and how long they took to commit', async () => {
    const harness = await start();
    const responses = await Promise.all([
      harness.request('/v1/collect', postReport(buildReport(['a'.repeat(64), 'b'.repeat(64)]))),
      harness.request('/v1/collect', postReport(buildReport(['c'.repeat(64)]))),
    ]);
    expect(responses.map((response) => response.status)).toEqual([202, 202]);
    const text = await scrape(harness);

    expect(readSample(text, 'quire_collect_batch_events_sum')).toBe(3);
    const transactions = readSample(text, 'quire_collect_commit_duration_seconds_count', { outcome: 'committed' });
    expect(transactions).toBe(readSample(text, 'quire_collect_batch_events_count'));
    expect(transactions).toBeGreaterThanOrEqual(1);
    expect(readSample(text, 'quire_collect_commit_duration_seconds_sum', { outcome: 'committed' })).toBeGreaterThan(0);
  });

  it('counts conversions by engine, formats and outcome, with their duration', async () => {
    const harness = await startConverting(createScriptedEngine('libreoffice'));
    expect((await convertMarkdown(harness, 'fine')).status).toBe(200);
    expect((await convertMarkdown(harness, 'fail')).status).toBe(500);
    const text = await scrape(harness);

    const labels = { engine: 'libreoffice', from: 'md', to: 'pdf' };
    expect(readSample(text, 'quire_conversions_total', { ...labels, outcome: 'ok' })).toBe(1);
    expect(readSample(text, 'quire_conversions_total', { ...labels, outcome: 'engine_failed' })).toBe(1);
    expect(readSample(text, 'quire_conversion_duration_seconds_count', { ...labels, outcome: 'ok' })).toBe(1);
    expect(readSample(text, 'quire_conversion_duration_seconds_bucket', { ...labels, outcome: 'ok', le: '+Inf' })).toBe(1);
  });

  it('reports the conversion queue and counts the conversions it refuses, by reason', async () => {
    const engine = createScriptedEngine();
    const harness = await startConverting(engine, { convertLimits: { maxConcurrent: 1, maxQueued: 1, maxConcurrentPerKey: 1 } });
    const before = await scrape(harness);
    expect(readSample(before, 'quire_conversion_rejections_total', { reason: 'key_limit' })).toBe(0);
    expect(readSample(before, 'quire_conversion_rejections_total', { reason: 'queue_full' })).toBe(0);

    const running = convertMarkdown(harness, 'hold');
    await engine.whenStarted(1);
    const waiting = convertMarkdown(harness, 'queued', await harness.issueKey('second@example.com'));
    let during = await scrape(harness);
    for (let i = 0; i < 100 && readSample(during, 'quire_conversions_waiting') !== 1; i++) during = await scrape(harness);
    expect((await convertMarkdown(harness, 'same key')).status).toBe(429);
    expect((await convertMarkdown(harness, 'full', await harness.issueKey('third@example.com'))).status).toBe(503);
    engine.finishAll();
    expect([(await running).status, (await waiting).status]).toEqual([200, 200]);
    const after = await scrape(harness);

    expect(readSample(during, 'quire_conversions_running')).toBe(1);
    expect(readSample(during, 'quire_conversions_waiting')).toBe(1);
    expect(readSample(after, 'quire_conversions_running')).toBe(0);
    expect(readSample(after, 'quire_conversions_waiting')).toBe(0);
    expect(readSample(after, 'quire_conversion_rejections_total', { reason: 'key_limit' })).toBe(1);
    expect(readSample(after, 'quire_conversion_rejections_total', { reason: 'queue_full' })).toBe(1);
  });

  it('counts rate-limit refusals by the limit that refused', async () => {
    const harness = await start();
    const register = () => harness.request('/v1/auth/register?email=ada%40example.com');
    for (let i = 0; i < 5; i++) expect((await register()).status).toBe(200);
    expect((await register()).status).toBe(429);

    expect(readSample(await scrape(harness), 'quire_rate_limit_refusals_total', { limit: 'register_email' })).toBe(1);
  });

  it('reports the store up while it answers', async () => {
    const harness = await start();
    const text = await scrape(harness);

    expect(readSample(text, 'quire_store_up')).toBe(1);
    expect(readSample(text, 'quire_store_errors_total', { kind: 'unavailable' })).toBe(0);
  });
});

describe('the metrics of a server whose store is down', () => {
  it('reports the store down and counts every request it could not serve', async () => {
    const harness = await startServerHarness('postgres', { metrics: true });
    try {
      await harness.store.settings.dispose();
      expect((await harness.request('/v1/health')).status).toBe(503);
      expect((await harness.request('/v1/collect', postReport(buildReport()))).status).toBe(503);
      expect((await harness.request('/v1/auth/register?email=ada%40example.com')).status).toBe(503);
      const text = await scrape(harness);

      expect(readSample(text, 'quire_store_up')).toBe(0);
      expect(readSample(text, 'quire_store_errors_total', { kind: 'unavailable' })).toBe(3);
      expect(readSample(text, 'quire_collect_commit_duration_seconds_count', { outcome: 'failed' })).toBe(1);
    } finally {
      await harness.server.close();
      await harness.store.close().catch(() => undefined);
    }
  });
});
