import { beforeAll, describe, expect, it } from 'vitest';
import { convertWithLibreOffice, pdfToText } from '../../../../../test/support/libreoffice.js';
import { edited, exportDocx, FIXTURE_NAMES, firstTextParagraph, openFixture, typingPosition } from './patch-fixtures.js';

const TYPED = 'QZXTYPED';

// PDF text keeps words apart with spaces and line breaks, and may break a long word with a hyphen.
function squeeze(text: string): string {
  return text.normalize('NFKC').replace(/[\s\u00AD-]+/g, '');
}

// Every fixture with a paragraph to type into, typed into as in the tests of one paragraph's edit
// (patch-docx-paragraph-edit.test.ts).
const exported = new Map<string, Uint8Array>();
for (const name of FIXTURE_NAMES) {
  const original = await openFixture(name);
  const paragraph = firstTextParagraph(original.doc);
  if (!paragraph) continue;
  exported.set(name, await exportDocx(original, edited(original.doc, (state) => state.tr.insertText(TYPED, typingPosition(original.sources, paragraph)))));
}

describe('LibreOffice and the exports of patchDocx', () => {
  const texts = new Map<string, string>();

  // One soffice run converts every export, so that the suite pays LibreOffice's start-up once.
  beforeAll(async () => {
    const pdfs = await convertWithLibreOffice(exported, 'pdf');
    for (const [name, pdf] of pdfs) texts.set(name, await pdfToText(pdf));
  }, 600_000);

  it.each([...exported.keys()])('opens the export of %s and shows the typed text', (name) => {
    expect(squeeze(texts.get(name) ?? '')).toContain(TYPED);
  });
});
