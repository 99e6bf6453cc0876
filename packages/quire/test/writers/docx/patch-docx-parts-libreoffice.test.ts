import type { Node } from 'prosemirror-model';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocxSources } from '../../../src/readers/index.js';
import { convertWithLibreOffice, pdfToText } from '../../../../../test/support/libreoffice.js';
import { edited, exportDocx, FIXTURE_NAMES, openFixture, partTextblocks, typingPosition, type PartTextblock } from './patch-fixtures.js';

const TYPED = 'QZXPART';

// PDF text keeps words apart with spaces and line breaks, and may break a long word with a hyphen.
function squeeze(text: string): string {
  return text.normalize('NFKC').replace(/[\s\u00AD-]+/g, '');
}

// The parts typed into whose text every export shows: notes, and the default headers and footers
// of sections without a first page of their own (a one-page document shows no other).
function shownParts(doc: Node, sources: DocxSources): PartTextblock[] {
  const sections = doc.children.filter((child) => child.type.name === 'section');
  return partTextblocks(doc, sources).filter(({ place }) => {
    const [what, section, , variant] = place.split(' ');
    return what === 'note' || (variant === 'default' && sections[Number(section)]?.attrs['titlePage'] === false);
  });
}

// Every fixture with such parts, each of them typed into.
const exported = new Map<string, Uint8Array>();
for (const name of FIXTURE_NAMES) {
  const original = await openFixture(name);
  const shown = shownParts(original.doc, original.sources);
  if (shown.length === 0) continue;
  const doc = edited(original.doc, (state) => {
    // From the last, so that the positions of the others hold.
    const tr = state.tr;
    for (const { block, story } of [...shown].sort((a, b) => b.block.pos - a.block.pos)) tr.insertText(TYPED, typingPosition(story, block));
    return tr;
  });
  exported.set(name, await exportDocx(original, doc));
}

describe('LibreOffice and exports of patchDocx with typed headers, footers and notes', () => {
  const texts = new Map<string, string>();

  // One soffice run converts every export, so that the suite pays LibreOffice's start-up once.
  beforeAll(async () => {
    const pdfs = await convertWithLibreOffice(exported, 'pdf');
    for (const [name, pdf] of pdfs) texts.set(name, await pdfToText(pdf));
  }, 600_000);

  it('has exports to open', () => {
    expect(exported.size).toBeGreaterThan(0);
  });

  it.each([...exported.keys()])('opens the export of %s and shows the text typed into each of its parts', async (name) => {
    const original = await openFixture(name);
    const parts = shownParts(original.doc, original.sources);
    const shownTimes = squeeze(texts.get(name) ?? '').split(TYPED).length - 1;
    expect(shownTimes).toBeGreaterThanOrEqual(parts.length);
  });
});
