// Rules 5 and 6 checked with a real office suite: LibreOffice renders every exported file, and
// re-saving an export as DOCX keeps its id. LibreOffice runs twice in total (one batch to PDF,
// one batch to DOCX), one after the other.
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { identifyDocument, type DocumentIdentity } from '../../src/identity/identify-document.js';
import { writeDocumentMetadata } from '../../src/identity/write-document-metadata.js';
import { convertWithLibreOffice, pdfToText } from '../../../../test/support/libreoffice.js';
import { documentText, readFixture, WITH_METADATA, WITHOUT_METADATA } from '../../../../test/support/fixture-files.js';

const NAMES = [...WITH_METADATA, ...WITHOUT_METADATA];
const normalize = (value: string): string => value.replace(/\s+/g, ' ').trim();

interface RoundTrip {
  exported: DocumentIdentity;
  originalPdfText: string;
  exportedPdfText: string;
  resaved: Uint8Array;
}

const trips = new Map<string, RoundTrip>();

beforeAll(async () => {
  const exports = new Map<string, Uint8Array>();
  const toPdf = new Map<string, Uint8Array>();
  for (const name of NAMES) {
    const original = readFixture(name);
    const opened = await identifyDocument(original);
    const bytes = await writeDocumentMetadata(original, opened);
    exports.set(name, bytes);
    toPdf.set(`original-${name}`, original);
    toPdf.set(`exported-${name}`, bytes);
  }
  const pdfs = await convertWithLibreOffice(toPdf, 'pdf');
  const resaved = await convertWithLibreOffice(exports, 'docx');
  for (const name of NAMES) {
    trips.set(name, {
      exported: await identifyDocument(exports.get(name) ?? new Uint8Array()),
      originalPdfText: await pdfToText(pdfs.get(`original-${name}`) ?? new Uint8Array()),
      exportedPdfText: await pdfToText(pdfs.get(`exported-${name}`) ?? new Uint8Array()),
      resaved: resaved.get(name) ?? new Uint8Array(),
    });
  }
}, 600_000);

function trip(name: string): RoundTrip {
  const found = trips.get(name);
  if (!found) throw new Error(`no round trip for ${name}`);
  return found;
}

describe('exported files in LibreOffice', () => {
  it.each(NAMES)('rule 5: LibreOffice renders the export of %s with the text of the original', (name) => {
    const { originalPdfText, exportedPdfText } = trip(name);
    expect(normalize(exportedPdfText)).toBe(normalize(originalPdfText));
    const words = documentText(readFixture(name))
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 4)
      .slice(0, 30);
    // Compared without case: styles such as small caps change the case of rendered text.
    const rendered = normalize(exportedPdfText).toLowerCase();
    const found = words.filter((word) => rendered.includes(word.toLowerCase()));
    expect(found.length, `words of ${name} in the PDF`).toBeGreaterThanOrEqual(Math.ceil(words.length * 0.8));
  });

  it.each(NAMES)('rule 6: the export of %s keeps its id after LibreOffice re-saves it as DOCX', async (name) => {
    const { exported, resaved } = trip(name);
    const again = await identifyDocument(resaved);
    expect(again.source).toBe('metadata');
    expect(again.guid).toBe(exported.guid);
    expect(again.documentId).toBe(exported.documentId);
  });

  it('LibreOffice drops w15:docId on re-save but keeps DocumentGuid and dcterms:created, hence the mirror', () => {
    const { exported, resaved } = trip('superdoc-blank.docx');
    const files = unzipSync(resaved);
    const settings = new TextDecoder().decode(files['word/settings.xml'] ?? new Uint8Array());
    const custom = new TextDecoder().decode(files['docProps/custom.xml'] ?? new Uint8Array());
    const core = new TextDecoder().decode(files['docProps/core.xml'] ?? new Uint8Array());
    expect(settings).not.toContain(exported.guid);
    expect(custom).toMatch(new RegExp(`name="DocumentGuid"[^]*${exported.guid}`));
    expect(core).toContain(exported.createdAt);
  });
});
