import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngines, type EngineRegistry } from '../../convert/src/create-engines.js';
import { DEFAULT_CONVERT_LIMITS } from '../src/convert/convert-limits.js';
import { startServerHarness, type ServerHarness } from './server-harness.js';

describe('createServer', () => {
  const lines: Array<Record<string, unknown>> = [];
  let harness: ServerHarness;
  let engines: EngineRegistry;
  beforeAll(async () => {
    engines = createEngines({ env: {}, libreoffice: false, gotenberg: false });
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    harness = await startServerHarness('pglite', { logger, engines, convertLimits: { maxConcurrent: 3 }, retentionDays: 30 });
    await harness.request('/v1/health');
  });
  afterAll(async () => {
    await harness.close();
    await engines.close();
  });

  it('logs the data folder, store kind, engines found and limits once at start', () => {
    const started = lines.filter((line) => line.msg === 'quire server configured');

    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({
      level: 30,
      dataDir: harness.server.config.dataDir,
      store: 'pglite',
      engines: ['builtin'],
      metrics: false,
      limits: {
        convert: { ...DEFAULT_CONVERT_LIMITS, maxConcurrent: 3 },
        collect: { maxReportBytes: 65536, maxReportEvents: 100 },
        retentionDays: 30,
      },
    });
  });

  it('logs one line per request at info with its request id, route, status and duration', () => {
    const requests = lines.filter((line) => line.msg === 'request');

    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ level: 30, method: 'GET', route: '/v1/health', status: 200 });
    expect(requests[0]!.requestId).toMatch(/^[0-9a-f]{24}$/);
    expect(requests[0]!.ms).toBeGreaterThanOrEqual(0);
  });
});
