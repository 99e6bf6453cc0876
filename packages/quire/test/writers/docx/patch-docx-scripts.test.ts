// An edited paragraph whose runs the reader split by script (Latin, complex script) is written
// back so that Word, and the reader, show every span as before: each span keeps its font, size,
// bold and italic, the complex-script ones through w:cs, w:szCs and w:bCs.
import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../src/readers/docx/read-docx.js';
import { buildTestDocx, paragraphStyle, run } from '../../../../../test/support/docx-package.js';
import { bodyTextblocks, edited, exportDocx, openDocx } from './patch-fixtures.js';

const STYLES =
  '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:cs="Times New Roman"/>' +
  '<w:sz w:val="22"/><w:szCs w:val="32"/></w:rPr></w:rPrDefault></w:docDefaults>' +
  paragraphStyle('Normal', '', { isDefault: true });

/** Each text node of the first paragraph: its text and its marks' JSON. */
function spans(doc: ReturnType<typeof bodyTextblocks>[number]['node']): { text: string; marks: unknown }[] {
  const found: { text: string; marks: unknown }[] = [];
  doc.forEach((child) => void found.push({ text: child.text ?? '', marks: child.marks.map((mark) => mark.toJSON()) }));
  return found;
}

describe('patchDocx of runs split by script', () => {
  it('writes back an edited paragraph of Latin and bold Hebrew so that it reads with the same spans and marks, the typed text included', async () => {
    const body = `<w:p>${run('Word שלום עולם', '<w:b/><w:bCs/><w:szCs w:val="28"/>')}${run(' and מרחב', '<w:i/>')}</w:p>`;
    const original = await openDocx(buildTestDocx({ styles: STYLES, body }));
    const [paragraph] = bodyTextblocks(original.doc);
    const before = spans(paragraph!.node);
    expect(before.length).toBeGreaterThan(4);
    // Typing at the end of the first word marks the paragraph edited, so that its runs are written anew.
    const doc = edited(original.doc, (state) => state.tr.insertText('s', paragraph!.pos + 1 + 'Word'.length));
    const after = (await readDocx(await exportDocx(original, doc))).value;
    const expected = spans(bodyTextblocks(doc)[0]!.node);
    expect(expected[0]!.text).toBe('Words ');
    expect(spans(bodyTextblocks(after)[0]!.node)).toEqual(expected);
  });
});
