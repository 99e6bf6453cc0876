import { describe, expect, it } from 'vitest';
import type { Node } from 'prosemirror-model';
import { readDocx } from '../../../src/readers/docx/read-docx.js';
import { buildTestDocx, paragraphStyle, run } from '../../../../../test/support/docx-package.js';
import { FORMAT_CHANGE_AUTHORS, formatChangesDocx } from '../../../../../test/support/format-changes-docx.js';

const NO_FORMAT = { styleId: null, align: null, indent: null, spacing: null, keepNext: false, keepLines: false, pageBreakBefore: false, direction: null, shading: null, list: null };

function textblocks(doc: Node): Node[] {
  const found: Node[] = [];
  doc.descendants((node) => {
    if (node.isTextblock) found.push(node);
    return !node.isTextblock;
  });
  return found;
}

function markedText(block: Node, name: string) {
  const found: { text: string; marks: string[]; attrs: Record<string, unknown> }[] = [];
  block.forEach((child) => {
    const mark = child.marks.find((candidate) => candidate.type.name === name);
    if (mark) found.push({ text: child.text!, marks: child.marks.map((other) => other.type.name), attrs: mark.attrs });
  });
  return found;
}

describe('readDocx format changes', () => {
  it('keeps a run property change as a formatChange mark with its id, author, date, the old formatting as marks and the element as written', async () => {
    const [bold, notItalic] = textblocks((await readDocx(formatChangesDocx())).value);
    expect(markedText(bold!, 'formatChange')).toEqual([
      {
        text: 'bold now',
        marks: ['bold', 'formatChange'],
        attrs: { id: '11', ...FORMAT_CHANGE_AUTHORS.ann, before: [], source: `<w:rPrChange w:id="11" w:author="Ann Reviewer" w:date="2024-03-01T10:00:00Z"><w:rPr/></w:rPrChange>` },
      },
    ]);
    expect(markedText(notItalic!, 'formatChange')).toEqual([
      {
        text: 'was italic',
        marks: ['formatChange'],
        attrs: { id: '12', ...FORMAT_CHANGE_AUTHORS.bo, before: [{ type: 'italic', attrs: {} }], source: expect.stringContaining('<w:rPr><w:i/><w:iCs/></w:rPr>') },
      },
    ]);
  });

  it('keeps a paragraph property change as the paragraph’s formatChange with the kind, style, alignment and list it had', async () => {
    const [, , heading, centred, listed, untouched] = textblocks((await readDocx(formatChangesDocx())).value);
    expect(heading!.type.name).toBe('heading');
    expect(heading!.attrs['formatChange']).toEqual({ id: '13', ...FORMAT_CHANGE_AUTHORS.ann, before: { block: 'paragraph', level: null, ...NO_FORMAT }, source: expect.stringMatching(/^<w:pPrChange .*<\/w:pPrChange>$/) });
    expect(centred!.attrs['align']).toBe('center');
    expect(centred!.attrs['formatChange'].before).toEqual({ block: 'paragraph', level: null, ...NO_FORMAT });
    expect(listed!.attrs['formatChange'].before.list).toBeNull();
    expect(untouched!.attrs['formatChange']).toBeNull();
  });

  it('reads the old properties through the style hierarchy: a heading made a body paragraph and a list item taken out of its list', async () => {
    const body =
      `<w:p><w:pPr><w:jc w:val="right"/><w:pPrChange w:id="1" w:author="Ann"><w:pPr><w:pStyle w:val="Heading2"/></w:pPr></w:pPrChange></w:pPr>${run('was a heading')}</w:p>` +
      `<w:p><w:pPr><w:pPrChange w:id="2" w:author="Ann"><w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr></w:pPr></w:pPrChange></w:pPr>${run('was listed')}</w:p>`;
    const numbering =
      `<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl><w:lvl w:ilvl="1"><w:numFmt w:val="decimal"/><w:lvlText w:val="%2."/></w:lvl></w:abstractNum>` +
      `<w:num w:numId="1"><w:abstractNumId w:val="1"/></w:num>`;
    const styles = paragraphStyle('Heading2', '<w:pPr><w:outlineLvl w:val="1"/></w:pPr>', { name: 'heading 2' });
    const [wasHeading, wasListed] = textblocks((await readDocx(buildTestDocx({ body, styles, numbering }))).value);
    expect(wasHeading!.type.name).toBe('paragraph');
    expect(wasHeading!.attrs['formatChange'].before).toMatchObject({ block: 'heading', level: 2, align: null });
    expect(wasListed!.attrs['formatChange'].before.list).toEqual({ kind: 'numbered', level: 1, numId: '1' });
  });

  it('reads the text of a run with a formatting change once, with its current formatting', async () => {
    const result = await readDocx(formatChangesDocx());
    expect(textblocks(result.value).map((block) => block.textContent)).toEqual(['Plain and bold now text.', 'Text that was italic before.', 'A heading now', 'Centred now', 'A list item now', 'Untouched paragraph.']);
    expect(result.messages).toEqual([]);
  });
});
