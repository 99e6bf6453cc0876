import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openDocument, writeDocumentMetadata } from '../src/index.js';
import * as zipDirectory from '../src/package/read-zip-directory.js';
import * as zipEntry from '../src/package/read-zip-entry.js';
import { readMetadataNaively } from '../../../test/support/fixture-files.js';
import { buildDocx } from '../../../test/support/docx-builder.js';

// Every zip directory read and entry inflation of the package layer, counted through its modules.
vi.mock('../src/package/read-zip-directory.js', async (importOriginal) => {
  const original = await importOriginal<typeof zipDirectory>();
  return { ...original, readZipDirectory: vi.fn(original.readZipDirectory) };
});
vi.mock('../src/package/read-zip-entry.js', async (importOriginal) => {
  const original = await importOriginal<typeof zipEntry>();
  return { ...original, readZipEntry: vi.fn(original.readZipEntry) };
});

const offline = { telemetry: { enabled: false } };
const directoryReads = () => vi.mocked(zipDirectory.readZipDirectory).mock.calls.length;
const inflatedEntries = () => vi.mocked(zipEntry.readZipEntry).mock.calls.map(([, entry]) => entry.name);

beforeEach(() => {
  vi.mocked(zipDirectory.readZipDirectory).mockClear();
  vi.mocked(zipEntry.readZipEntry).mockClear();
});

describe('openDocument(input).export()', () => {
  it('writes through the package the open read: one zip directory read and no entry inflated twice for open and export', async () => {
    // Settings and core properties exist without the metadata, so export patches them and adds the custom properties part.
    const opened = await openDocument(buildDocx({ settings: {}, core: {} }), offline);
    const exported = await opened.export();

    expect(directoryReads()).toBe(1);
    const inflated = inflatedEntries();
    expect(inflated).toEqual(expect.arrayContaining(['word/settings.xml', 'docProps/core.xml']));
    expect(inflated.filter((name, index) => inflated.indexOf(name) !== index)).toEqual([]);
    expect(readMetadataNaively(exported)).toMatchObject({ guid: opened.guid, createdAt: opened.createdAt });
  });

  it('reads the directory once however many times it exports, and each export writes the same bytes', async () => {
    const opened = await openDocument(buildDocx({ settings: {} }), offline);
    const first = await opened.export();
    const second = await opened.export();

    expect(directoryReads()).toBe(1);
    expect(second).toEqual(first);
  });

  it('exports the bytes it opened, the same object, when the file already holds its metadata', async () => {
    const bytes = buildDocx({
      settings: { docId: '{E63FBCC5-AC71-4D9C-AE5E-01AAE9557B09}' },
      core: { created: '2023-10-09T10:28:00Z' },
      custom: { documentGuid: 'E63FBCC5-AC71-4D9C-AE5E-01AAE9557B09' },
    });
    const opened = await openDocument(bytes, offline);

    expect(await opened.export()).toBe(bytes);
    expect(directoryReads()).toBe(1);
  });

  it('leaves writeDocumentMetadata reading the bytes it is given, once per call', async () => {
    const bytes = buildDocx({ settings: {}, core: {} });
    const metadata = { guid: 'E63FBCC5-AC71-4D9C-AE5E-01AAE9557B09', createdAt: '2023-10-09T10:28:00Z' };
    const written = await writeDocumentMetadata(bytes, metadata);

    expect(directoryReads()).toBe(1);
    expect(readMetadataNaively(written)).toMatchObject(metadata);
  });
});
