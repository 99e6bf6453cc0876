import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTelemetryReport } from '../../../quire/src/telemetry/build-report.js';
import { createTelemetry } from '../../../quire/src/telemetry/create-telemetry.js';
import { MAX_METADATA_BYTES } from '../../../quire/src/telemetry/metadata-bounds.js';
import { QuireOptionsError } from '../../../quire/src/quire-options-error.js';
import type { TelemetryEnvironment } from '../../../quire/src/telemetry/types.js';
import { metadataOfBytes } from '../../../../test/support/metadata-of-bytes.js';
import { postReport, startServerHarness, type ServerHarness } from '../server-harness.js';

// The largest browser facts the collector's schema admits, so the report is as large as it gets.
const host = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.example`;
const environment: TelemetryEnvironment = {
  navigator: { userAgent: 'U'.repeat(1024) },
  location: { href: `https://${host}/`, origin: `https://${host}`, hostname: host },
  screen: { width: 7680, height: 4320 },
};
const open = { documentId: 'f'.repeat(64), documentCreatedAt: '2024-03-01T10:00:00Z' };

describe('reports of the library at the collector (the 8 KiB metadata bound, from both sides)', () => {
  let harness: ServerHarness;
  beforeAll(async () => {
    harness = await startServerHarness('pglite');
  });
  afterAll(() => harness.close());

  it('delivers a report whose metadata is exactly at the bound: the collector answers 202', async () => {
    const answered = new Promise<Response>((resolve) => {
      const telemetry = createTelemetry({
        telemetry: { endpoint: 'http://quire.test/v1/collect', metadata: metadataOfBytes(MAX_METADATA_BYTES) },
        environment,
        fetch: (input, init) => {
          const response = harness.request(new URL(input).pathname, init);
          void response.then(resolve);
          return response;
        },
      });
      telemetry.reportOpen(open);
    });
    expect((await answered).status).toBe(202);
  });

  it('refuses metadata one byte over the bound in the options check, naming the option', () => {
    const create = () => createTelemetry({ telemetry: { metadata: metadataOfBytes(MAX_METADATA_BYTES + 1) }, environment });
    expect(create).toThrow(QuireOptionsError);
    expect(create).toThrow('Invalid option `telemetry.metadata`: is 8193 bytes as JSON, over 8 KiB.');
  });

  it('refuses the same report at the collector with a message naming metadata', async () => {
    const report = buildTelemetryReport({
      libraryVersion: '1.0.0',
      environment,
      metadata: metadataOfBytes(MAX_METADATA_BYTES + 1),
      opens: [{ openedAt: new Date(Date.UTC(2026, 0, 2)), ...open }],
    });
    const response = await harness.request('/v1/collect', postReport(report));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('COLLECT_REPORT_INVALID');
    expect(body.message).toContain('`metadata`: metadata is 8193 bytes as JSON');
  });
});
