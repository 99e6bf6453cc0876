// Concurrency, queue and time limits of POST /v1/convert, with a scripted engine whose
// conversions finish only when the test says so.
import { afterEach, describe, expect, it } from 'vitest';
import { createEngines, type EngineRegistry } from '../../../convert/src/create-engines.js';
import { createBuiltinEngine } from '../../../convert/src/engines/builtin/builtin-engine.js';
import type { ConversionEngine } from '../../../convert/src/engine.js';
import type { ConvertLimits } from '../../src/convert/convert-limits.js';
import { createServer } from '../../src/create-server.js';
import { docxText } from '../../../../test/support/inspect-output.js';
import { buildMultipart } from '../convert/multipart.js';
import { errorBody, startConvertHarness, type ConvertHarness } from './convert-harness.js';
import { createScriptedEngine } from '../../../convert/test/server/routes/scripted-engine.js';

const harnesses: ConvertHarness[] = [];
const registries: EngineRegistry[] = [];

async function start(limits: Partial<ConvertLimits>, engine: ConversionEngine = createScriptedEngine()): Promise<ConvertHarness> {
  const engines = createEngines({ env: {}, builtin: false, libreoffice: false, gotenberg: false, engines: [engine] });
  registries.push(engines);
  const harness = await startConvertHarness('pglite', { engines, convertLimits: limits });
  harnesses.push(harness);
  return harness;
}

afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
  await Promise.all(registries.splice(0).map((registry) => registry.close()));
});

const send = (harness: ConvertHarness, text: string, key?: string) =>
  harness.convert('from=md', [{ name: 'file', fileName: 'a.md', content: text }], key);

describe('POST /v1/convert limits', () => {
  it('answers 429 with Retry-After past the conversions one key may run at once, while other keys go on', async () => {
    const engine = createScriptedEngine();
    const harness = await start({ maxConcurrentPerKey: 2, retryAfterSeconds: 7 }, engine);
    const held = [send(harness, 'hold'), send(harness, 'hold')];
    await engine.whenStarted(2);
    const refused = await send(harness, 'now');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('7');
    expect(await errorBody(refused)).toMatchObject({ code: 'CONVERT_RATE_LIMITED' });
    const otherKey = await send(harness, 'other key', await harness.issueKey('grace@example.com'));
    expect(otherKey.status).toBe(200);
    engine.finishAll();
    expect((await Promise.all(held)).map((response) => response.status)).toEqual([200, 200]);
    expect((await send(harness, 'after')).status).toBe(200);
  });

  it('frees a key share when a conversion fails', async () => {
    const harness = await start({ maxConcurrentPerKey: 1 });
    for (let i = 0; i < 3; i++) {
      const response = await harness.convert('from=docx', [{ name: 'file', content: 'not a docx' }]);
      expect(response.status).toBe(415);
    }
    expect((await send(harness, 'fine')).status).toBe(200);
  });

  it('answers 503 with Retry-After when the server queue is full, and starts queued conversions in turn', async () => {
    const engine = createScriptedEngine();
    const harness = await start({ maxConcurrent: 1, maxQueued: 1, retryAfterSeconds: 3 }, engine);
    const first = send(harness, 'hold');
    await engine.whenStarted(1);
    // The second request is admitted before its body is read; until then it waits uploading.
    let markPulled: () => void = () => undefined;
    const pulled = new Promise<void>((resolve) => (markPulled = resolve));
    const { body, contentType } = buildMultipart([{ name: 'file', fileName: 'b.md', content: 'second' }]);
    const second = harness.convertRaw(
      'from=md',
      new ReadableStream<Uint8Array>({
        pull(controller) {
          markPulled();
          controller.enqueue(body);
          controller.close();
        },
      }),
      contentType,
      await harness.issueKey('second@example.com'),
    );
    await pulled;
    const third = await send(harness, 'third', await harness.issueKey('third@example.com'));
    expect(third.status).toBe(503);
    expect(third.headers.get('retry-after')).toBe('3');
    expect(await errorBody(third)).toMatchObject({ code: 'CONVERT_BUSY' });
    expect(engine.started).toEqual(['hold']);
    engine.finishAll();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(engine.started).toEqual(['hold', 'second']);
  });

  it('passes an engine full queue on as 503 with Retry-After', async () => {
    const harness = await start({ retryAfterSeconds: 4 });
    const response = await send(harness, 'busy');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('4');
    expect(await errorBody(response)).toMatchObject({ code: 'CONVERT_BUSY', message: 'The scripted engine is full.' });
  });

  it("answers an engine's full queue with its own message and Retry-After even when the engine refuses at the end of the wait", async () => {
    // The engine checks its input for as long as the wait it was given before its queue refuses it:
    // no clock can tell this refusal from a wait that ran out, only the engine's reason can.
    const harness = await start({ maxQueueWaitMs: 50, retryAfterSeconds: 4 });
    const response = await send(harness, 'busy-late');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('4');
    expect(await errorBody(response)).toMatchObject({ code: 'CONVERT_BUSY', message: 'The scripted engine is full.' });
  });

  it("answers a wait that ran out in the engine's queue as the server's own, even when it ran out before the server's whole wait", async () => {
    const harness = await start({ maxQueueWaitMs: 10_000, retryAfterSeconds: 5 });
    const response = await send(harness, 'queue-short');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await errorBody(response)).toMatchObject({
      code: 'CONVERT_BUSY',
      message: 'The server is converting too many documents: this conversion did not start within 10000 ms of its upload and was not started. Retry after the time given in Retry-After.',
    });
  });

  it('answers 504 CONVERT_TIMEOUT when a conversion passes the time limit, even if the engine ignores it, and keeps serving', async () => {
    // With no wait left for the engine's queue, the server's backstop is the time limit itself.
    const harness = await start({ timeoutMs: 150, maxQueueWaitMs: 1, maxConcurrent: 1 });
    const response = await send(harness, 'hang');
    expect(response.status).toBe(504);
    expect(await errorBody(response)).toMatchObject({ code: 'CONVERT_TIMEOUT', message: 'The conversion did not finish within 150 ms.' });
    expect((await send(harness, 'next')).status).toBe(200);
  });

  it('gives the engine the time limit of the work and what is left of the longest wait for its own queue', async () => {
    const engine = createScriptedEngine();
    const harness = await start({ timeoutMs: 45_000, maxQueueWaitMs: 20_000 }, engine);
    expect((await send(harness, 'now')).status).toBe(200);
    const [request] = engine.requests;
    expect(request?.timeoutMs).toBe(45_000);
    expect(request?.maxQueueWaitMs).toBeGreaterThan(0);
    expect(request?.maxQueueWaitMs).toBeLessThanOrEqual(20_000);
  });

  it('answers 503 CONVERT_BUSY with Retry-After to an upload whose conversion did not start within maxQueueWaitMs, and keeps serving', async () => {
    const engine = createScriptedEngine();
    const harness = await start({ maxConcurrent: 1, maxQueueWaitMs: 1, retryAfterSeconds: 5 }, engine);
    const first = send(harness, 'hold');
    await engine.whenStarted(1);
    // Held until the test says so, the first conversion keeps the one slot past any wait.
    const waited = await send(harness, 'waited', await harness.issueKey('second@example.com'));
    expect(waited.status).toBe(503);
    expect(waited.headers.get('retry-after')).toBe('5');
    expect(await errorBody(waited)).toMatchObject({
      code: 'CONVERT_BUSY',
      message: 'The server is converting too many documents: this conversion did not start within 1 ms of its upload and was not started. Retry after the time given in Retry-After.',
    });
    expect(engine.started).toEqual(['hold']);
    engine.finishAll();
    expect((await first).status).toBe(200);
    expect((await send(harness, 'after')).status).toBe(200);
  });

  it("answers 503 CONVERT_BUSY the same way when the rest of the wait ran out in the engine's own queue", async () => {
    const engine = createScriptedEngine();
    const harness = await start({ maxQueueWaitMs: 50, retryAfterSeconds: 5 }, engine);
    const response = await send(harness, 'queue');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await errorBody(response)).toMatchObject({
      code: 'CONVERT_BUSY',
      message: 'The server is converting too many documents: this conversion did not start within 50 ms of its upload and was not started. Retry after the time given in Retry-After.',
    });
    expect((await send(harness, 'after')).status).toBe(200);
  });

  it('answers a burst beyond the queue bound with 503 and Retry-After for each request it cannot take, converts the others, and keeps serving', async () => {
    const engine = createScriptedEngine();
    const harness = await start({ maxConcurrent: 2, maxQueued: 2, maxConcurrentPerKey: 20, retryAfterSeconds: 6 }, engine);
    // Twenty uploads at once, each held by the engine: two convert, two wait, sixteen are refused.
    const answered: Response[] = [];
    let allRefused: () => void = () => undefined;
    const refusals = new Promise<void>((resolve) => (allRefused = resolve));
    const burst = Array.from({ length: 20 }, () =>
      send(harness, 'hold').then((response) => {
        if (answered.push(response) === 16) allRefused();
        return response;
      }),
    );
    // No conversion can finish before finishAll, so the first sixteen answers are the refusals.
    await refusals;
    expect(answered.map((response) => response.status)).toEqual(Array(16).fill(503));
    expect(answered.map((response) => response.headers.get('retry-after'))).toEqual(Array(16).fill('6'));
    expect(new Set(await Promise.all(answered.map(async (response) => (await errorBody(response)).code)))).toEqual(new Set(['CONVERT_BUSY']));
    await engine.whenStarted(2);
    engine.finishAll();
    await engine.whenStarted(4);
    engine.finishAll();
    expect((await Promise.all(burst)).filter((response) => response.status === 200)).toHaveLength(4);
    expect(engine.started).toHaveLength(4);
    expect((await send(harness, 'after the burst')).status).toBe(200);
  });

  it('stops a built-in conversion that passes its time limit with 504 and converts the next upload on a fresh worker', async () => {
    // The slow upload gets a one-second limit (it needs about a minute), every other one the
    // server's generous limit: no machine is fast enough for the first or slow enough for the second.
    const builtin = createBuiltinEngine({ poolSize: 1 });
    const engines = createEngines({
      env: {},
      libreoffice: false,
      gotenberg: false,
      engines: [{ ...builtin, convert: (input, request) => builtin.convert(input, request.fileName === 'slow.md' ? { ...request, timeoutMs: 1000 } : request) }],
    });
    registries.push(engines);
    const harness = await startConvertHarness('pglite', { engines, convertLimits: { timeoutMs: 600_000 } });
    harnesses.push(harness);
    // About 11 MB of Markdown paragraphs laid out as some 10 000 PDF pages: about a minute of work.
    const paragraph = 'The quick brown fox jumps over the lazy dog, again and again, until the page is full. '.repeat(4);
    const slow = Array.from({ length: 30_000 }, (_, index) => `${paragraph}${index}`).join('\n\n');
    const response = await harness.convert('from=md&to=pdf', [{ name: 'file', fileName: 'slow.md', content: slow }]);
    expect(response.status).toBe(504);
    expect(await errorBody(response)).toMatchObject({ code: 'CONVERT_TIMEOUT', message: 'The conversion did not finish within 1000 ms.' });
    const stopped = builtin.threadIds[0];
    const next = await harness.convert('from=md&to=docx', [{ name: 'file', fileName: 'next.md', content: '# next one' }]);
    expect(next.status).toBe(200);
    expect(docxText(new Uint8Array(await next.arrayBuffer()))).toContain('next one');
    expect(stopped).toBeUndefined();
  }, 120_000);

  it('refuses invalid limits and an unknown QUIRE_ENGINE when the server starts, before opening a store', async () => {
    await expect(createServer({ env: {}, convertLimits: { maxConcurrentPerKey: 0 } })).rejects.toThrow(
      'convertLimits.maxConcurrentPerKey: expected a whole number of at least 1, got 0',
    );
    await expect(createServer({ env: { QUIRE_ENGINE: 'pandoc' } })).rejects.toThrow('QUIRE_ENGINE: expected builtin, libreoffice, gotenberg or auto, got "pandoc"');
  });
});
