// LibreOffice is the independent reader of an export made after accepting all changes: it opens
// each one, writes it again as DOCX (with any tracked change it still found) and as PDF.
import { EditorState } from 'prosemirror-state';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertWithLibreOffice, pdfToText } from '../../../../../test/support/libreoffice.js';
import { acceptAllChanges } from '../../../src/editor/review/decide-changes.js';
import { listChanges } from '../../../src/editor/review/list-changes.js';
import { extractText } from '../../../src/model/extract-text.js';
import { exportDocx, openDocx, openFixture } from '../../writers/docx/patch-fixtures.js';

const TRACKED = ['superdoc-msword-tracked-changes.docx', 'superdoc-gdocs-tracked-changes.docx'];

const acceptedTexts = new Map<string, string>();
const exported = new Map<string, Uint8Array>();
for (const name of TRACKED) {
  const original = await openFixture(name);
  const accepted = acceptAllChanges(EditorState.create({ doc: original.doc }))!.doc;
  acceptedTexts.set(name, extractText(accepted));
  exported.set(name, await exportDocx(original, accepted));
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('LibreOffice and an export after accepting all changes', () => {
  const rewritten = new Map<string, Uint8Array>();
  const pdfTexts = new Map<string, string>();

  beforeAll(async () => {
    for (const [name, bytes] of await convertWithLibreOffice(exported, 'docx')) rewritten.set(name, bytes);
    for (const [name, bytes] of await convertWithLibreOffice(exported, 'pdf')) pdfTexts.set(name, await pdfToText(bytes));
  }, 600_000);

  it.each(TRACKED)('finds no tracked change in the export of %s, and the accepted text', async (name) => {
    const reread = (await openDocx(rewritten.get(name)!)).doc;
    expect(listChanges(reread)).toEqual([]);
    expect(words(extractText(reread))).toEqual(words(acceptedTexts.get(name)!));
  });

  it.each(TRACKED)('prints the accepted text of %s', (name) => {
    expect(words(pdfTexts.get(name)!)).toEqual(words(acceptedTexts.get(name)!));
  });
});
