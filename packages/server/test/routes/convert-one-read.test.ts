// A DOCX to DOCX conversion through POST /v1/convert reads the upload's zip once, from the request
// body to the response: counted through quire's package modules.
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as zipDirectory from '../../../quire/src/package/read-zip-directory.js';
import * as zipEntry from '../../../quire/src/package/read-zip-entry.js';
import { createEngines, type EngineRegistry } from '../../../convert/src/create-engines.js';
import { createInProcessBuiltinEngine } from '../../../convert/test/engines/builtin/support/in-process-builtin-engine.js';
import { readsOf } from '../../../convert/test/support/upload-reads.js';
import { startConvertHarness, type ConvertHarness } from './convert-harness.js';

vi.mock('../../../quire/src/package/read-zip-directory.js', async (importOriginal) => {
  const original = await importOriginal<typeof zipDirectory>();
  return { ...original, readZipDirectory: vi.fn(original.readZipDirectory) };
});
vi.mock('../../../quire/src/package/read-zip-entry.js', async (importOriginal) => {
  const original = await importOriginal<typeof zipEntry>();
  return { ...original, readZipEntry: vi.fn(original.readZipEntry) };
});

const fixture = async (name: string) => new Uint8Array(await readFile(new URL(`../../../../test/fixtures/docx/${name}`, import.meta.url)));
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const started: Array<{ harness: ConvertHarness; engines: EngineRegistry }> = [];

afterEach(async () => {
  for (const { harness, engines } of started.splice(0)) {
    await harness.close();
    await engines.close();
  }
});

async function start(engine: 'in-process' | 'worker'): Promise<ConvertHarness> {
  const engines =
    engine === 'worker'
      ? createEngines({ env: {}, libreoffice: false, gotenberg: false })
      : createEngines({ env: {}, builtin: false, libreoffice: false, gotenberg: false, engines: [createInProcessBuiltinEngine()] });
  const harness = await startConvertHarness('pglite', { engines });
  started.push({ harness, engines });
  return harness;
}

async function convertCounting(harness: ConvertHarness, query: string, input: Uint8Array) {
  vi.mocked(zipDirectory.readZipDirectory).mockClear();
  vi.mocked(zipEntry.readZipEntry).mockClear();
  const response = await harness.convert(query, [{ name: 'file', fileName: 'report.docx', content: input }]);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(DOCX_TYPE);
  await response.arrayBuffer();
  return readsOf(input, vi.mocked(zipDirectory.readZipDirectory).mock.calls, vi.mocked(zipEntry.readZipEntry).mock.calls);
}

describe('POST /v1/convert of a DOCX to DOCX', () => {
  it("reads the upload's zip directory once in all, with or without from=docx, and inflates no entry twice", async () => {
    // The built-in engine's conversion run in the server's thread, where the spies see the engine's reads too.
    const harness = await start('in-process');
    const input = await fixture('superdoc-gdocs-tracked-changes.docx');
    for (const query of ['from=docx&to=docx', 'to=docx']) {
      const reads = await convertCounting(harness, query, input);
      expect(reads.directoryReads).toBe(1);
      expect(reads.inflatedEntries.filter((name, index) => reads.inflatedEntries.indexOf(name) !== index)).toEqual([]);
    }
  }, 30_000);

  it("leaves the upload's zip to the built-in engine's worker thread: the server's thread reads none of it", async () => {
    const harness = await start('worker');
    const input = await fixture('superdoc-gdocs-tracked-changes.docx');
    expect(await convertCounting(harness, 'from=docx&to=docx', input)).toEqual({ directoryReads: 0, inflatedEntries: [] });
  }, 30_000);
});
