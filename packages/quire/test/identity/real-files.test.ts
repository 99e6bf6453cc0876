import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identifyDocument, type IdentifyOptions } from '../../src/identity/identify-document.js';
import { writeDocumentMetadata } from '../../src/identity/write-document-metadata.js';
import { listRawEntries, text } from '../../../../test/support/docx-builder.js';
import { readFixture, readMetadataNaively, WITH_METADATA, WITHOUT_METADATA } from '../../../../test/support/fixture-files.js';
import { changedEntries, expectOnlyInsertions, expectUntouchedEntriesIdentical, expectValidPackage } from './package-checks.js';
import { unzipSync } from 'fflate';

const sha = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');
const ALL = [...WITH_METADATA, ...WITHOUT_METADATA];
const clock: IdentifyOptions = { now: () => new Date('2026-02-03T04:05:06Z') };

async function exportOnce(bytes: Uint8Array): Promise<Uint8Array> {
  const { guid, createdAt } = await identifyDocument(bytes, clock);
  return writeDocumentMetadata(bytes, { guid, createdAt });
}

describe('document identity on real files', () => {
  it.each(WITH_METADATA)('rule 1: %s gets the id of its own GUID|timestamp, the same on every open', async (name) => {
    const { guid, createdAt } = readMetadataNaively(readFixture(name));
    const first = await identifyDocument(readFixture(name));
    const second = await identifyDocument(readFixture(name));
    expect(first.documentId).toBe(sha(`${guid}|${createdAt}`));
    expect(second.documentId).toBe(first.documentId);
    expect(first.source).toBe('metadata');
  });

  it('rule 1: two Word files sharing GUID and timestamp count as one document', async () => {
    const blank = await identifyDocument(readFixture('superdoc-blank.docx'));
    const fields = await identifyDocument(readFixture('superdoc-fields-test.docx'));
    expect(fields.documentId).toBe(blank.documentId);
  });

  it('rule 2: files with distinct metadata get distinct ids, and re-opening the first gives its id again', async () => {
    const first = await identifyDocument(readFixture('docxjs-equation.docx'));
    const second = await identifyDocument(readFixture('superdoc-msword-tracked-changes.docx'));
    const again = await identifyDocument(readFixture('docxjs-equation.docx'));
    expect(second.documentId).not.toBe(first.documentId);
    expect(again.documentId).toBe(first.documentId);
  });

  it('rule 2: no two fixtures with metadata share an id, nor do their exports', async () => {
    const ids = await Promise.all(ALL.map(async (name) => (await identifyDocument(await exportOnce(readFixture(name)))).documentId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(WITH_METADATA)('rule 3: exporting %s and re-importing it gives the same id', async (name) => {
    const opened = await identifyDocument(readFixture(name));
    const exported = await writeDocumentMetadata(opened.bytes, opened);
    expect((await identifyDocument(exported)).documentId).toBe(opened.documentId);
  });

  it.each(ALL)('rule 3: the id of %s after one export stays the same over three more export cycles', async (name) => {
    let bytes = await exportOnce(readFixture(name));
    const settled = await identifyDocument(bytes);
    expect(settled.source).toBe('metadata');
    for (let cycle = 0; cycle < 3; cycle++) {
      const next = await exportOnce(bytes);
      expect(next).toBe(bytes);
      expect((await identifyDocument(next)).documentId).toBe(settled.documentId);
      bytes = next;
    }
  });

  it.each(WITHOUT_METADATA)('rule 4: %s is first identified by its bytes, after export by GUID|timestamp', async (name) => {
    const bytes = readFixture(name);
    const opened = await identifyDocument(bytes, clock);
    expect(opened.source).toBe('content');
    expect(opened.documentId).toBe(sha(bytes));
    const reopened = await identifyDocument(await writeDocumentMetadata(bytes, opened));
    expect(reopened.source).toBe('metadata');
    expect(reopened.guid).toBe(opened.guid);
    expect(reopened.createdAt).toBe(opened.createdAt);
    expect(reopened.documentId).toBe(sha(`${opened.guid}|${opened.createdAt}`));
  });

  it.each(ALL)('rule 5: the export of %s is a valid package that only touched metadata entries', async (name) => {
    const bytes = readFixture(name);
    const exported = await exportOnce(bytes);
    expectValidPackage(exported);
    const changed = changedEntries(bytes, exported);
    const allowed = /^(\[Content_Types\]\.xml|_rels\/\.rels|word\/_rels\/document\.xml\.rels|word\/settings\.xml|docProps\/(core|custom)\.xml)$/;
    for (const entry of changed) expect(entry).toMatch(allowed);
    expectUntouchedEntriesIdentical(bytes, exported, changed);
    const before = unzipSync(bytes);
    const after = unzipSync(exported);
    for (const entry of changed) {
      const old = before[entry];
      if (old) expectOnlyInsertions(text(old), text(after[entry] ?? new Uint8Array()));
    }
    expect(listRawEntries(exported).slice(0, listRawEntries(bytes).length).map((e) => e.name)).toEqual(
      listRawEntries(bytes).map((e) => e.name),
    );
  });
});
