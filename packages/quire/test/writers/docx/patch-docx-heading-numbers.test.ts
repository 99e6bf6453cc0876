import { describe, expect, it } from 'vitest';
import { buildNumberedHeadingsDocx } from '../../../../../test/support/numbered-headings.js';
import { bodyNodes, changedEntries, edited, exportDocx, openDocx, paragraphsOf, partText, positionOf } from './patch-fixtures.js';

const numberedHeadings = buildNumberedHeadingsDocx();

describe('patchDocx with numbered headings', () => {
  it('writes the package back byte for byte when the headings, which show their numbers, are untouched', async () => {
    const original = await openDocx(numberedHeadings);
    expect(bodyNodes(original.doc, 'heading').map(({ node }) => node.attrs['number'])).toEqual(['Chapter 1', 'Chapter 2']);
    expect(changedEntries(numberedHeadings, await exportDocx(original, original.doc))).toEqual([]);
  });

  it('keeps the numbering of an edited heading in its style and never writes the number as text', async () => {
    const original = await openDocx(numberedHeadings);
    const [first] = bodyNodes(original.doc, 'heading');
    const doc = edited(original.doc, (state) => state.tr.insertText(' and terms', positionOf(first!, 'Scope') + 'Scope'.length));
    const xml = (await partText(await exportDocx(original, doc), 'word/document.xml'))!;
    const [written] = paragraphsOf(xml);
    expect(written).toContain('<w:pStyle w:val="Heading1"/>');
    expect(written).toContain('and terms');
    expect(written).not.toContain('Chapter');
  });
});
