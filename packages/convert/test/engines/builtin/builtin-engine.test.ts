// Runs the real worker threads (from TypeScript sources through tsx, as in development).
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltinEngine, type BuiltinEngine } from '../../../src/engines/builtin/builtin-engine.js';
import { INPUT_FORMATS, OUTPUT_FORMATS } from '../../../src/engine.js';
import { isQuireOptionsError } from '../../../../quire/src/quire-options-error.js';
import { docxText } from '../../../../../test/support/inspect-output.js';
import { codeOf } from '../../support/error-code.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const SECTION = '## Section\n\nSome *emphasis* and **strong** text with a [link](https://example.com).\n\n- item one\n- item two\n\n';

describe('createBuiltinEngine', () => {
  let engine: BuiltinEngine;

  beforeAll(() => {
    engine = createBuiltinEngine({ poolSize: 2 });
  });
  afterAll(async () => {
    await engine.close();
  });

  it('says which pairs it converts: Markdown, HTML and DOCX to DOCX and to PDF', () => {
    const pairs = INPUT_FORMATS.flatMap((from) => OUTPUT_FORMATS.filter((to) => engine.supports(from, to)).map((to) => `${from}->${to}`));
    expect(pairs.sort()).toEqual(['docx->docx', 'docx->pdf', 'html->docx', 'html->pdf', 'md->docx', 'md->pdf']);
  });

  it('refuses an unsupported pair without starting a worker', async () => {
    const fresh = createBuiltinEngine();
    expect(await codeOf(fresh.convert(utf8('# x'), { from: 'md', to: 'odt' as never }))).toBe('CONVERT_UNSUPPORTED_PAIR');
    expect(fresh.threadIds.every((id) => id === undefined)).toBe(true);
    await fresh.close();
  });

  it('converts in worker threads, two at a time, with the reader warnings', async () => {
    const [first, second] = await Promise.all([
      engine.convert(utf8('# One\n\n![remote](http://127.0.0.1:9/a.png)'), { from: 'md', to: 'docx' }),
      engine.convert(utf8('<h1>Two</h1><p>para</p>'), { from: 'html', to: 'docx' }),
    ]);
    expect(first.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(docxText(first.bytes)).toContain('One');
    expect(first.warnings).toEqual(['The image "http://127.0.0.1:9/a.png" was not fetched (only data: URIs are embedded); its alt text was kept.']);
    expect(docxText(second.bytes)).toContain('Two');
    const threads = engine.threadIds.filter((id) => id !== undefined);
    expect(new Set(threads).size).toBe(2);
  }, 30_000);

  it('keeps the calling thread free while a worker converts', async () => {
    const large = utf8(SECTION.repeat(1200));
    const before = performance.eventLoopUtilization();
    const result = await engine.convert(large, { from: 'md', to: 'docx' });
    // The share of the conversion's time that this thread spent running rather than waiting for
    // events: near 1 if the conversion ran here, on a fast machine or a busy one alike.
    const { utilization } = performance.eventLoopUtilization(before);
    expect(docxText(result.bytes)).toContain('item two');
    expect(utilization).toBeLessThan(0.5);
  }, 30_000);

  it('stops a conversion past its time limit and converts the next one on a fresh worker', async () => {
    const large = utf8(SECTION.repeat(1200));
    expect(await codeOf(engine.convert(large, { from: 'md', to: 'docx', timeoutMs: 50 }))).toBe('CONVERT_TIMEOUT');
    const next = await engine.convert(utf8('after the timeout'), { from: 'md', to: 'docx' });
    expect(docxText(next.bytes)).toContain('after the timeout');
  }, 30_000);

  it('answers a refusal from the worker as a ConversionError', async () => {
    const error = await engine.convert(utf8('plain text'), { from: 'docx', to: 'docx' }).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ name: 'ConversionError', code: 'CONVERT_INPUT_INVALID', engine: 'builtin', message: 'The input was declared as docx but is text.' });
  }, 30_000);

  it('refuses conversions once closed', async () => {
    const closing = createBuiltinEngine();
    await closing.convert(utf8('x'), { from: 'md', to: 'docx' });
    await closing.close();
    expect(await codeOf(closing.convert(utf8('x'), { from: 'md', to: 'docx' }))).toBe('CONVERT_ENGINE_UNAVAILABLE');
    expect(closing.threadIds.every((id) => id === undefined)).toBe(true);
  }, 30_000);

  it('rejects invalid options naming the option', () => {
    let caught: unknown;
    try {
      createBuiltinEngine({ poolSize: 0 });
    } catch (error) {
      caught = error;
    }
    expect(isQuireOptionsError(caught) && caught.message).toMatch(/builtin\.poolSize/);
    expect(() => createBuiltinEngine({ workerUrl: 'https://example.com/worker.js' })).toThrow(/builtin\.workerUrl/);
    expect(() => createBuiltinEngine({ maxQueueWaitMs: 0 })).toThrow(/builtin\.maxQueueWaitMs/);
    expect(() => createBuiltinEngine({ idleTimeoutMs: 0 })).toThrow(/builtin\.idleTimeoutMs/);
  });
});
