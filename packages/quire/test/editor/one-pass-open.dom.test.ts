// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as zipDirectory from '../../src/package/read-zip-directory.js';
import * as zipEntry from '../../src/package/read-zip-entry.js';
import { mountFixture } from './editor-harness.js';

// Every zip directory read and entry inflation of the package layer, counted through its modules.
vi.mock('../../src/package/read-zip-directory.js', async (importOriginal) => {
  const original = await importOriginal<typeof zipDirectory>();
  return { ...original, readZipDirectory: vi.fn(original.readZipDirectory) };
});
vi.mock('../../src/package/read-zip-entry.js', async (importOriginal) => {
  const original = await importOriginal<typeof zipEntry>();
  return { ...original, readZipEntry: vi.fn(original.readZipEntry) };
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('opening a DOCX in the editor', () => {
  it('reads the zip directory once and inflates no entry twice, pictures included', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test/1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.mocked(zipDirectory.readZipDirectory).mockClear();
    vi.mocked(zipEntry.readZipEntry).mockClear();
    // Without an IntersectionObserver, every picture loads at once.
    vi.stubGlobal('IntersectionObserver', undefined);
    const { editor, element } = await mountFixture('python-docx-having-images.docx');
    const pictures = [...element.querySelectorAll('.quire-image')];
    expect(pictures.length).toBeGreaterThan(1);
    await vi.waitFor(() => expect(pictures.every((picture) => picture.querySelector('img'))).toBe(true));

    expect(vi.mocked(zipDirectory.readZipDirectory)).toHaveBeenCalledTimes(1);
    const inflated = vi.mocked(zipEntry.readZipEntry).mock.calls.map(([, entry]) => entry.name);
    expect(inflated).toContain('word/document.xml');
    expect(inflated.filter((name) => name.startsWith('word/media/')).length).toBeGreaterThan(0);
    expect(inflated.filter((name, index) => inflated.indexOf(name) !== index)).toEqual([]);
    editor.destroy();
  });
});
