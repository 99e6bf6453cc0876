import { readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import * as zipDirectory from '../../../../quire/src/package/read-zip-directory.js';
import * as zipEntry from '../../../../quire/src/package/read-zip-entry.js';
import { runBuiltinConversion } from '../../../src/engines/builtin/run-builtin-conversion.js';

// Every zip directory read and entry inflation of quire's package layer, counted through its modules.
vi.mock('../../../../quire/src/package/read-zip-directory.js', async (importOriginal) => {
  const original = await importOriginal<typeof zipDirectory>();
  return { ...original, readZipDirectory: vi.fn(original.readZipDirectory) };
});
vi.mock('../../../../quire/src/package/read-zip-entry.js', async (importOriginal) => {
  const original = await importOriginal<typeof zipEntry>();
  return { ...original, readZipEntry: vi.fn(original.readZipEntry) };
});

const fixture = async (name: string) => new Uint8Array(await readFile(new URL(`../../../../../test/fixtures/docx/${name}`, import.meta.url)));

describe('a DOCX to DOCX conversion by the built-in engine', () => {
  it('reads the upload through one opened package: its zip directory once, each entry inflated once', async () => {
    // A Google Docs export: no identity metadata, so settings, custom and core properties are all written.
    const input = await fixture('superdoc-gdocs-tracked-changes.docx');
    vi.mocked(zipDirectory.readZipDirectory).mockClear();
    vi.mocked(zipEntry.readZipEntry).mockClear();
    const output = await runBuiltinConversion(input, 'docx', 'docx');
    expect(output.bytes).not.toBe(input);

    const directoryReads = vi.mocked(zipDirectory.readZipDirectory).mock.calls.filter(([bytes]) => bytes === input);
    expect(directoryReads).toHaveLength(1);
    const inflated = vi.mocked(zipEntry.readZipEntry).mock.calls.filter(([bytes]) => bytes === input).map(([, entry]) => entry.name);
    expect(new Set(inflated).size).toBe(zipDirectory.readZipDirectory(input).entries.length);
    expect(inflated.filter((name, index) => inflated.indexOf(name) !== index)).toEqual([]);
  });
});
