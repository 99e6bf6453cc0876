import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as zipDirectory from '../../quire/src/package/read-zip-directory.js';
import * as zipEntry from '../../quire/src/package/read-zip-entry.js';
import { convert } from '../src/convert.js';
import { createEngines, type EngineRegistry } from '../src/create-engines.js';
import { createInProcessBuiltinEngine } from './engines/builtin/support/in-process-builtin-engine.js';
import { readsOf } from './support/upload-reads.js';

// Every zip directory read and entry inflation of quire's package layer, counted through its modules.
vi.mock('../../quire/src/package/read-zip-directory.js', async (importOriginal) => {
  const original = await importOriginal<typeof zipDirectory>();
  return { ...original, readZipDirectory: vi.fn(original.readZipDirectory) };
});
vi.mock('../../quire/src/package/read-zip-entry.js', async (importOriginal) => {
  const original = await importOriginal<typeof zipEntry>();
  return { ...original, readZipEntry: vi.fn(original.readZipEntry) };
});

const fixture = async (name: string) => new Uint8Array(await readFile(new URL(`../../../test/fixtures/docx/${name}`, import.meta.url)));
const registries: EngineRegistry[] = [];

afterEach(async () => {
  await Promise.all(registries.splice(0).map((registry) => registry.close()));
});

async function convertCounting(input: Uint8Array, engines: EngineRegistry, from?: 'docx') {
  vi.mocked(zipDirectory.readZipDirectory).mockClear();
  vi.mocked(zipEntry.readZipEntry).mockClear();
  const result = await convert(input, { ...(from ? { from } : {}), to: 'docx', fileName: 'report.docx' }, engines);
  expect(result.bytes.byteLength).toBeGreaterThan(0);
  return readsOf(input, vi.mocked(zipDirectory.readZipDirectory).mock.calls, vi.mocked(zipEntry.readZipEntry).mock.calls);
}

function registryOf(engine: 'in-process' | 'worker'): EngineRegistry {
  const registry =
    engine === 'worker'
      ? createEngines({ env: {}, libreoffice: false, gotenberg: false })
      : createEngines({ env: {}, builtin: false, libreoffice: false, gotenberg: false, engines: [createInProcessBuiltinEngine()] });
  registries.push(registry);
  return registry;
}

describe('convert() of a DOCX to DOCX', () => {
  it("reads the input's zip directory once in all, declared or detected, and inflates no entry twice", async () => {
    // A Google Docs export: no identity metadata, so settings, custom and core properties are all written.
    const input = await fixture('superdoc-gdocs-tracked-changes.docx');
    for (const from of ['docx', undefined] as const) {
      // The built-in engine's conversion run in this thread, where the spies see the engine's reads too.
      const reads = await convertCounting(input, registryOf('in-process'), from);
      expect(reads.directoryReads).toBe(1);
      expect(reads.inflatedEntries.filter((name, index) => reads.inflatedEntries.indexOf(name) !== index)).toEqual([]);
    }
  });

  it('leaves the zip to the worker thread: the calling thread reads none of it', async () => {
    const input = await fixture('superdoc-gdocs-tracked-changes.docx');
    const reads = await convertCounting(input, registryOf('worker'), 'docx');
    expect(reads).toEqual({ directoryReads: 0, inflatedEntries: [] });
  }, 30_000);
});
