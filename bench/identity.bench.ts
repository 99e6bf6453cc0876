// Identify and export a 30 MB DOCX, against JSZip, the usual way to read and write one.
import JSZip from 'jszip';
import { identifyDocument, writeDocumentMetadata } from '../packages/quire/src/index.js';
import { largeDocx } from './support/large-docx.js';
import { runOnePass } from './one-pass.js';
import { runServerOneRead } from './one-read-server.js';
import { measure } from './support/measure.js';
import { formatMs, formatRatio, printTable } from './support/table.js';

const sizeMb = 30;
// A Word file that has both w15:docId and dcterms:created, and a Google Docs export that has neither.
const withMetadata = 'superdoc-msword-tracked-changes.docx';
const withoutMetadata = 'superdoc-gdocs-tracked-changes.docx';

async function readPartsWithJsZip(bytes: Uint8Array): Promise<void> {
  const zip = await JSZip.loadAsync(bytes);
  const settings = await zip.file('word/settings.xml')?.async('string');
  const core = await zip.file('docProps/core.xml')?.async('string');
  if (settings === undefined || core === undefined) throw new Error('JSZip did not find the parts');
}

/** Prints identify and export times with their ratios against JSZip. */
export async function run(): Promise<void> {
  const identified = largeDocx(withMetadata, sizeMb);
  const bare = largeDocx(withoutMetadata, sizeMb);
  const { guid, createdAt, source } = await identifyDocument(bare);
  if (source !== 'content') throw new Error(`${withoutMetadata} unexpectedly has metadata`);
  const exported = await writeDocumentMetadata(bare, { guid, createdAt });
  if (exported.length === bare.length) throw new Error('export wrote nothing');

  const jszip = await JSZip.loadAsync(bare);
  const settingsText = (await jszip.file('word/settings.xml')?.async('string')) ?? '';
  const times = await measure({
    identify: () => identifyDocument(identified),
    'identify (JSZip loadAsync + 2 parts)': () => readPartsWithJsZip(identified),
    export: () => writeDocumentMetadata(bare, { guid, createdAt }),
    'export (JSZip generateAsync DEFLATE)': () => {
      jszip.file('word/settings.xml', settingsText.replace('</w:settings>', '<w15:docId w15:val="{X}"/></w:settings>'));
      return jszip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    },
  }, { timeMs: 2_000, iterations: 5 });
  const t = (name: string) => times[name]?.medianMs ?? Number.NaN;
  printTable(
    ['operation (30 MB DOCX)', 'Quire median', 'JSZip median', 'Quire faster by', 'target'],
    [
      ['identify (metadata present)', formatMs(t('identify')), formatMs(t('identify (JSZip loadAsync + 2 parts)')), formatRatio(t('identify (JSZip loadAsync + 2 parts)'), t('identify')), `< 5 ms (${t('identify') < 5 ? 'met' : 'MISSED'})`],
      ['export with metadata written', formatMs(t('export')), formatMs(t('export (JSZip generateAsync DEFLATE)')), formatRatio(t('export (JSZip generateAsync DEFLATE)'), t('export')), `< 50 ms (${t('export') < 50 ? 'met' : 'MISSED'})`],
    ],
  );
  await runOnePass();
  await runServerOneRead();
}
