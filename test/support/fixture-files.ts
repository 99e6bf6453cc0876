// The real-world DOCX files copied into test/fixtures/docx (see test/fixtures/SOURCES.md).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';

/** Files that carry both w15:docId and dcterms:created (made by Word). */
export const WITH_METADATA = [
  'superdoc-blank.docx',
  'docxjs-equation.docx',
  'pandoc-table_captions_with_field.docx',
  'superdoc-table-of-contents.docx',
  'superdoc-msword-tracked-changes.docx',
] as const;

/** Files lacking the GUID, the timestamp or both: LibreOffice, Google Docs, python-docx, pandoc and hand-made ones. */
export const WITHOUT_METADATA = [
  'docxjs-footnote.docx',
  'docxjs-text.docx',
  'pandoc-lists.docx',
  'pandoc-unicode.docx',
  'superdoc-gdocs-tracked-changes.docx',
  'superdoc-gdocs-comments-export.docx',
  'python-docx-doc-no-coreprops.docx',
  'python-docx-set-no-settings-part.docx',
  'superdoc-missing-sectpr.docx',
  'superdoc-300-pages.docx',
] as const;

/** Returns a fresh copy of a fixture's bytes. */
export function readFixture(name: string): Uint8Array {
  // A path, not `new URL(..., import.meta.url)`: happy-dom replaces the global URL class.
  return new Uint8Array(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../fixtures/docx', name)));
}

/**
 * Returns the GUID and timestamp a fixture holds, read with regular expressions from the usual
 * part names, independently of src/identity; undefined when absent.
 */
export function readMetadataNaively(bytes: Uint8Array): { guid?: string; createdAt?: string } {
  const files = unzipSync(bytes, { filter: (file) => /settings\.xml$|core\.xml$/.test(file.name) });
  const settings = new TextDecoder().decode(files['word/settings.xml'] ?? new Uint8Array());
  const core = new TextDecoder().decode(files['docProps/core.xml'] ?? new Uint8Array());
  const guid = /<w15:docId w15:val="\{([0-9A-F-]+)\}"/.exec(settings)?.[1];
  const createdAt = /<dcterms:created[^>]*>([^<]+)</.exec(core)?.[1]?.trim();
  return { ...(guid ? { guid } : {}), ...(createdAt ? { createdAt } : {}) };
}

/** Returns the text of the `w:t` runs of a DOCX's main part, read independently of src/. */
export function documentText(bytes: Uint8Array): string {
  const files = unzipSync(bytes, { filter: (file) => file.name === 'word/document.xml' });
  const xml = new TextDecoder().decode(files['word/document.xml'] ?? new Uint8Array());
  return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(' ');
}
