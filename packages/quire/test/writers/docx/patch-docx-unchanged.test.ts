import { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { schema } from '../../../src/model/schema.js';
import { edited, exportDocx, FIXTURE_NAMES, firstTextParagraph, middleOfText, openFixture } from './patch-fixtures.js';

describe('patchDocx of a document that was not edited', () => {
  it.each(FIXTURE_NAMES)('returns the bytes %s was read from', async (name) => {
    const original = await openFixture(name);
    const bytes = await exportDocx(original, original.doc);
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(original.package.bytes))).toBe(0);
  });

  it.each(FIXTURE_NAMES)('returns the bytes of %s for a structurally equal document rebuilt from JSON', async (name) => {
    const original = await openFixture(name);
    const rebuilt = Node.fromJSON(schema, original.doc.toJSON());
    expect(rebuilt).not.toBe(original.doc);
    const bytes = await exportDocx(original, rebuilt);
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(original.package.bytes))).toBe(0);
  });

  it('returns the original bytes after text is typed and deleted again', async () => {
    const original = await openFixture('docxjs-text.docx');
    const paragraph = firstTextParagraph(original.doc)!;
    const at = middleOfText(paragraph);
    const roundTrip = edited(original.doc, (state) => {
      const tr = state.tr.insertText('typed', at);
      return tr.delete(at, at + 'typed'.length);
    });
    expect(roundTrip).not.toBe(original.doc);
    const bytes = await exportDocx(original, roundTrip);
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(original.package.bytes))).toBe(0);
  });
});
