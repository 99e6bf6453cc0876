// The editor's open and export through one opened package, against the two passes they made
// before (identity and reader each opening the zip; the patch and the metadata each rewriting it),
// which the public functions still reproduce.
import type { Node } from 'prosemirror-model';
import { readFileSync } from 'node:fs';
import { Transform } from 'prosemirror-transform';
import { exportDocx } from '../packages/quire/src/editor/document/export-docx.js';
import { openDocxSession } from '../packages/quire/src/editor/document/open-docx-session.js';
import type { DocumentSession } from '../packages/quire/src/editor/document/document-session.js';
import { identifyDocument, writeDocumentMetadata } from '../packages/quire/src/index.js';
import { readDocx } from '../packages/quire/src/readers/docx/read-docx.js';
import { patchDocx } from '../packages/quire/src/writers/docx/patch-docx.js';
import { largeDocx } from './support/large-docx.js';
import { measure } from './support/measure.js';
import { formatMs, formatRatio, printTable } from './support/table.js';

const pages300 = new Uint8Array(readFileSync(new URL('../test/fixtures/docx/superdoc-300-pages.docx', import.meta.url)));

// What the editor did on open before: identity and reader, each opening the package.
async function openInTwoPasses(bytes: Uint8Array): Promise<void> {
  await Promise.all([identifyDocument(bytes), readDocx(bytes, { keepSources: true, images: 'reference' })]);
}

// What the editor did on export before: the patch writer's rewrite, then the metadata writer's.
async function exportInTwoPasses(session: DocumentSession, doc: Node): Promise<Uint8Array> {
  if (!session.original) throw new Error('the session has no package');
  const patched = await patchDocx(session.original, doc);
  return writeDocumentMetadata(patched, { guid: session.identity.guid, createdAt: session.identity.createdAt });
}

// The document with a word typed at the start of its first paragraph with text.
function typedInto(doc: Node): Node {
  let at = -1;
  doc.descendants((node, pos) => {
    if (at < 0 && node.isTextblock && node.textContent !== '') at = pos + 1;
    return at < 0;
  });
  return new Transform(doc).insert(at, doc.type.schema.text('Edited ')).doc;
}

/** Prints the editor's open of the 300-page fixture and export of a 30 MB DOCX, one pass against two. */
export async function runOnePass(): Promise<void> {
  // A Google Docs export without identity metadata, grown to 30 MB: an export writes all of it.
  const large = await openDocxSession(largeDocx('superdoc-gdocs-tracked-changes.docx', 30));
  const edited = typedInto(large.doc);
  const [onePass, twoPasses] = await Promise.all([exportDocx(large, edited), exportInTwoPasses(large, edited)]);
  if (onePass.length !== twoPasses.length) throw new Error(`the two exports differ in size: ${onePass.length} and ${twoPasses.length}`);

  const times = await measure({
    'open, two passes': () => openInTwoPasses(pages300),
    'open, one package': () => openDocxSession(pages300),
    'export, two rewrites': () => exportInTwoPasses(large, edited),
    'export, one rewrite': () => exportDocx(large, edited),
  }, { timeMs: 3_000, iterations: 10 });
  const t = (name: string) => times[name]?.medianMs ?? Number.NaN;
  printTable(
    ['editor (Node)', 'one pass median', 'two passes median (before)', 'one pass faster by'],
    [
      ['open superdoc-300-pages.docx (identity + reader)', formatMs(t('open, one package')), formatMs(t('open, two passes')), formatRatio(t('open, two passes'), t('open, one package'))],
      ['export a 30 MB DOCX with one word typed (edit + metadata)', formatMs(t('export, one rewrite')), formatMs(t('export, two rewrites')), formatRatio(t('export, two rewrites'), t('export, one rewrite'))],
    ],
  );
}
