import { describe, expect, it } from 'vitest';
import { doc, heading, li, ol, p, ul } from '../../../src/model/builders.js';
import { readDocx } from '../../../src/readers/docx/read-docx.js';
import { abstractNum, buildTestDocx, numbered, num, paragraph, paragraphStyle, style, type TestDocx } from '../../../../../test/support/docx-package.js';
import { withoutDefaults } from './without-defaults.js';

async function read(spec: TestDocx) {
  return withoutDefaults((await readDocx(buildTestDocx(spec))).value);
}

const BULLETS = abstractNum(0, [
  { format: 'bullet', text: '•' },
  { format: 'bullet', text: 'o', font: 'Courier New' },
  { format: 'bullet', text: '▪' },
]);
const NUMBERS = abstractNum(1, [
  { format: 'decimal', text: '%1.' },
  { format: 'lowerLetter', text: '%2)' },
  { format: 'upperRoman', text: '%3.' },
]);

describe('readDocx numbering', () => {
  it("turns Word's flat numbered paragraphs into lists nested by level", async () => {
    const numbering = BULLETS + num(1, 0);
    const body = numbered('one', 1) + numbered('inner', 1, 1) + numbered('deeper', 1, 2) + numbered('two', 1) + paragraph('after');
    expect(await read({ numbering, body })).toEqual(doc(
        ul({ numId: '1', level: 0 }, li(p('one'), ul({ numId: '1', level: 1 }, li(p('inner'), ul({ numId: '1', level: 2 }, li(p('deeper')))))), li(p('two'))),
        p('after'),
      ).toJSON());
  });

  it('reads number formats and start values', async () => {
    const numbering = abstractNum(2, [{ format: 'decimal', text: '%1.', start: 3 }, { format: 'lowerLetter', text: '%2)' }, { format: 'upperRoman', text: '%3.' }]) + num(1, 2);
    const body = numbered('three', 1) + numbered('a', 1, 1) + numbered('I', 1, 2) + numbered('four', 1);
    expect(await read({ numbering, body })).toEqual(
      doc(
        ol(
          { start: 3, numId: '1', level: 0 },
          li(p('three'), ol({ format: 'lowerLetter', suffix: ')', numId: '1', level: 1 }, li(p('a'), ol({ format: 'upperRoman', numId: '1', level: 2 }, li(p('I')))))),
          li(p('four')),
        ),
      ).toJSON(),
    );
  });

  it('continues the count of a list interrupted by another paragraph, as Word does', async () => {
    const numbering = NUMBERS + num(1, 1);
    const body = numbered('a', 1) + numbered('b', 1) + paragraph('interruption') + numbered('c', 1);
    expect(await read({ numbering, body })).toEqual(doc(ol({ numId: '1', level: 0 }, li(p('a')), li(p('b'))), p('interruption'), ol({ start: 3, numId: '1', level: 0 }, li(p('c')))).toJSON());
  });

  it('shares the count between instances of one definition, and restarts it where an instance overrides the start', async () => {
    const numbering = NUMBERS + num(1, 1) + num(2, 1) + num(3, 1, { 0: 1 });
    const body = numbered('a', 1) + numbered('b', 1) + paragraph('x') + numbered('c', 2) + paragraph('y') + numbered('restarted', 3) + numbered('next', 3);
    expect(await read({ numbering, body })).toEqual(
      doc(
        ol({ numId: '1', level: 0 }, li(p('a')), li(p('b'))),
        p('x'),
        ol({ start: 3, numId: '2', level: 0 }, li(p('c'))),
        p('y'),
        ol({ numId: '3', level: 0 }, li(p('restarted')), li(p('next'))),
      ).toJSON(),
    );
  });

  it('restarts a deeper level after a higher one, unless its lvlRestart says never', async () => {
    const restarting = NUMBERS + num(1, 1);
    const body = numbered('1', 1) + numbered('a', 1, 1) + numbered('b', 1, 1) + numbered('2', 1) + numbered('a again', 1, 1);
    const top = { numId: '1', level: 0 };
    const letters = { format: 'lowerLetter', suffix: ')', numId: '1', level: 1 };
    expect(await read({ numbering: restarting, body })).toEqual(
      doc(ol(top, li(p('1'), ol(letters, li(p('a')), li(p('b')))), li(p('2'), ol(letters, li(p('a again')))))).toJSON(),
    );
    const continuing = abstractNum(1, [{ format: 'decimal', text: '%1.' }, { format: 'lowerLetter', text: '%2)', restart: 0 }]) + num(1, 1);
    expect(await read({ numbering: continuing, body })).toEqual(
      doc(ol(top, li(p('1'), ol(letters, li(p('a')), li(p('b')))), li(p('2'), ol({ ...letters, start: 3 }, li(p('a again')))))).toJSON(),
    );
  });

  it('takes numbering from the paragraph style, at the level linked to the style', async () => {
    const numbering = abstractNum(4, [{ format: 'bullet', text: '–', styleId: 'Dash' }, { format: 'bullet', text: '–', styleId: 'Dash2' }]) + num(7, 4);
    const styles =
      paragraphStyle('Normal', '', { isDefault: true }) +
      paragraphStyle('Dash', '<w:pPr><w:numPr><w:numId w:val="7"/></w:numPr></w:pPr>', { basedOn: 'Normal' }) +
      paragraphStyle('Dash2', '<w:pPr><w:numPr><w:numId w:val="7"/></w:numPr></w:pPr>', { basedOn: 'Normal' });
    const body = paragraph('top', '<w:pStyle w:val="Dash"/>') + paragraph('nested', '<w:pStyle w:val="Dash2"/>') + paragraph('removed', '<w:pStyle w:val="Dash"/><w:numPr><w:numId w:val="0"/></w:numPr>');
    expect(await read({ numbering, styles, body })).toEqual(
      doc(
        ul({ marker: '–', numId: '7', level: 0 }, li(p({ styleId: 'Dash' }, 'top'), ul({ marker: '–', numId: '7', level: 1 }, li(p({ styleId: 'Dash2' }, 'nested'))))),
        p({ styleId: 'Dash', indent: null }, 'removed'),
      ).toJSON(),
    );
  });

  it('follows a numbering style link (numStyleLink) to the definition that has the levels', async () => {
    const numbering =
      abstractNum(1, [{ format: 'upperLetter', text: '%1.' }], '<w:styleLink w:val="Outline"/>') +
      '<w:abstractNum w:abstractNumId="2"><w:numStyleLink w:val="Outline"/></w:abstractNum>' +
      num(1, 1) +
      num(2, 2);
    const styles = style('numbering', 'Outline', '<w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr>');
    // The list keeps the instance its paragraphs name (2), not the one the style link leads to.
    expect(await read({ numbering, styles, body: numbered('A', 2) + numbered('B', 2) })).toEqual(
      doc(ol({ format: 'upperLetter', numId: '2', level: 0 }, li(p('A')), li(p('B')))).toJSON(),
    );
  });

  it('keeps a bullet character other than the usual one, decoding symbol-font bullets', async () => {
    const numbering =
      abstractNum(1, [{ format: 'bullet', text: '\uF0B7', font: 'Symbol' }]) +
      abstractNum(2, [{ format: 'bullet', text: '\uF0A7', font: 'Wingdings' }]) +
      abstractNum(3, [{ format: 'bullet', text: '–' }]) +
      num(1, 1) +
      num(2, 2) +
      num(3, 3);
    const body = numbered('symbol', 1) + paragraph('') + numbered('wingdings', 2) + paragraph('') + numbered('dash', 3);
    expect(await read({ numbering, body })).toEqual(
      doc(
        ul({ numId: '1', level: 0 }, li(p('symbol'))),
        p(),
        ul({ marker: '▪', numId: '2', level: 0 }, li(p('wingdings'))),
        p(),
        ul({ marker: '–', numId: '3', level: 0 }, li(p('dash'))),
      ).toJSON(),
    );
  });

  it('keeps the arrow of a Wingdings arrow bullet as the Unicode arrow it looks like, and no marker for a Wingdings code without one', async () => {
    const numbering =
      abstractNum(1, [{ format: 'bullet', text: '\uF0E8', font: 'Wingdings' }]) + abstractNum(2, [{ format: 'bullet', text: '\uF0E0', font: 'Wingdings' }]) + num(1, 1) + num(2, 2);
    expect(await read({ numbering, body: numbered('arrow', 1) + paragraph('') + numbered('no look-alike', 2) })).toEqual(
      doc(ul({ marker: '➔', numId: '1', level: 0 }, li(p('arrow'))), p(), ul({ numId: '2', level: 0 }, li(p('no look-alike')))).toJSON(),
    );
  });

  it('reads check-box bullets as task items of one list', async () => {
    const numbering = abstractNum(1, [{ format: 'bullet', text: '☐' }]) + abstractNum(2, [{ format: 'bullet', text: '☒' }]) + num(1, 1) + num(2, 2);
    // The one list keeps the instance of its first item; the second item's instance (2) is not kept.
    expect(await read({ numbering, body: numbered('todo', 1) + numbered('done', 2) })).toEqual(
      doc(ul({ numId: '1', level: 0 }, li({ checked: false }, p('todo')), li({ checked: true }, p('done')))).toJSON(),
    );
  });

  it('continues a list item with a following paragraph indented to its text, and ends the list otherwise', async () => {
    const numbering = NUMBERS + num(1, 1);
    const body = numbered('item', 1) + paragraph('more of the item', '<w:ind w:left="720"/>') + paragraph('outside');
    expect(await read({ numbering, body })).toEqual(doc(ol({ numId: '1', level: 0 }, li(p('item'), p('more of the item'))), p('outside')).toJSON());
  });

  it('keeps a numbered heading a heading', async () => {
    const numbering = NUMBERS + num(1, 1);
    const styles = paragraphStyle('Heading1', '<w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr>', { name: 'heading 1' });
    expect(await read({ numbering, styles, body: paragraph('Introduction', '<w:pStyle w:val="Heading1"/>') + numbered('point', 1) })).toEqual(
      doc(heading(1, { number: '1.' }, 'Introduction'), ol({ start: 2, numId: '1', level: 0 }, li(p('point')))).toJSON(),
    );
  });

  it('keeps the text around list numbers, with the numbers of enclosing levels filled in, and the decimalZero format', async () => {
    const numbering =
      abstractNum(1, [{ format: 'upperRoman', text: 'Article %1.' }, { format: 'decimal', text: '%1.%2' }, { format: 'decimalZero', text: '(%3)' }]) + num(1, 1);
    const body = numbered('first', 1) + numbered('second', 1) + numbered('inner', 1, 1) + numbered('deeper', 1, 2);
    expect(await read({ numbering, body })).toEqual(
      doc(
        ol(
          { format: 'upperRoman', prefix: 'Article ', numId: '1', level: 0 },
          li(p('first')),
          li(
            p('second'),
            ol({ prefix: 'II.', suffix: '', numId: '1', level: 1 }, li(p('inner'), ol({ format: 'decimalZero', prefix: '(', suffix: ')', numId: '1', level: 2 }, li(p('deeper'))))),
          ),
        ),
      ).toJSON(),
    );
  });

  it('shows the number Word gives each heading numbered through its style, in the formats of the levels it names', async () => {
    const legalLevel =
      '<w:lvl w:ilvl="2"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:isLgl/><w:pStyle w:val="Heading3"/><w:lvlText w:val="%1.%2.%3"/></w:lvl>';
    const numbering = abstractNum(4, [{ format: 'upperRoman', text: 'Article %1.', styleId: 'Heading1' }, { format: 'decimal', text: '%1.%2', styleId: 'Heading2' }]).replace('</w:abstractNum>', `${legalLevel}</w:abstractNum>`) + num(1, 4);
    const headingStyle = (level: number) =>
      paragraphStyle(`Heading${level}`, `<w:pPr><w:numPr>${level > 1 ? `<w:ilvl w:val="${level - 1}"/>` : ''}<w:numId w:val="1"/></w:numPr><w:outlineLvl w:val="${level - 1}"/></w:pPr>`, { name: `heading ${level}` });
    const styles = headingStyle(1) + headingStyle(2) + headingStyle(3);
    const headingParagraph = (level: number, text: string) => paragraph(text, `<w:pStyle w:val="Heading${level}"/>`);
    const body = headingParagraph(1, 'Scope') + headingParagraph(2, 'Terms') + headingParagraph(3, 'Parties') + headingParagraph(2, 'Notices') + headingParagraph(1, 'Payment');
    const numbers: unknown[] = [];
    (await readDocx(buildTestDocx({ numbering, styles, body }))).value.descendants((node) => {
      if (node.type.name === 'heading') numbers.push(node.attrs['number']);
    });
    expect(numbers).toEqual(['Article I.', 'I.1', '1.1.1', 'I.2', 'Article II.']);
  });

  it('reads a paragraph numbered with an unknown instance or a level without a number as an ordinary paragraph', async () => {
    const numbering = abstractNum(1, [{ format: 'none', text: '' }]) + num(1, 1);
    expect(await read({ numbering, body: numbered('no number', 1) + numbered('unknown', 99) })).toEqual(doc(p({ indent: { left: 720, hanging: 360 } }, 'no number'), p('unknown')).toJSON());
  });
});
