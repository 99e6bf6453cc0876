// Where each laid-out page paints its header, footer and footnotes: the editor lets people pick
// one of them on a page to edit it, so each must be named with the place it is painted.
import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/model/index.js';
import { FontCatalog } from '../../src/layout/font-catalog.js';
import { layoutDocument } from '../../src/layout/layout-document.js';
import type { LaidOutPage, PagePart } from '../../src/layout/paginate.js';
import { asciiFontSource, halfEmMeasurer } from './fixed-width-fonts.js';

const { doc, section, header, footer, p, footnote, footnoteRef, field } = build;

const layOut = (model: Node, evenAndOdd = false) =>
  layoutDocument(evenAndOdd ? model.type.create({ ...model.attrs, evenAndOddHeaders: true }, model.content) : model, { catalog: new FontCatalog(asciiFontSource), measurer: halfEmMeasurer }).pages;

const words = (count: number) => Array.from({ length: count }, (_, index) => `w${index}`).join(' ');

/** The text painted between a part's top and bottom (baselines within it). */
function textIn(page: LaidOutPage, part: PagePart): string {
  return page.ops
    .slice(page.textOps)
    .flatMap((op) => (op.kind === 'text' && op.y > part.top && op.y <= part.bottom ? [op.text] : []))
    .join('');
}

describe('the parts of a laid-out page', () => {
  it('name the header and footer variant each page shows, where their text is painted', () => {
    const model = doc(section(header('default', p('Odd head')), header('even', p('Even head')), footer('default', p('Odd foot')), footer('even', p('Even foot')), p(words(3000))));
    const pages = layOut(model, true);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, index) => {
      const variant = index % 2 === 1 ? 'even' : 'default';
      expect(page.parts.map((part) => `${part.kind}/${'variant' in part ? part.variant : ''}`)).toEqual([`header/${variant}`, `footer/${variant}`]);
      const [head, foot] = page.parts;
      expect(textIn(page, head!)).toBe(index % 2 === 1 ? 'Even head' : 'Odd head');
      expect(textIn(page, foot!)).toBe(index % 2 === 1 ? 'Even foot' : 'Odd foot');
      expect(head!.bottom).toBeLessThanOrEqual(page.bodyTop);
      expect(foot!.top).toBeGreaterThanOrEqual(page.bodyBottom);
    });
  });

  it('name the margin of a header or footer a page lacks as missing, in the variant the page would show', () => {
    const model = doc(section({ titlePage: true }, footer('default', p('Foot')), p(words(3000))));
    const pages = layOut(model);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, index) => {
      const described = page.parts.map((part) => `${part.kind}/${'variant' in part ? part.variant : ''}${'missing' in part && part.missing ? ' missing' : ''}`);
      expect(described).toEqual(index === 0 ? ['header/first missing', 'footer/first missing'] : ['header/default missing', 'footer/default']);
      const head = page.parts[0]!;
      expect(textIn(page, head)).toBe('');
      expect(head.top).toBe(page.geometry.header);
      expect(head.bottom).toBe(Math.max(page.geometry.top, page.geometry.header + 14));
    });
  });

  it('give the text each page field of a footer shows on its page', () => {
    const model = doc(section(footer('default', p('Page ', field('PAGE', '1'), ' of ', field('NUMPAGES', '1'))), p(words(3000))));
    const pages = layOut(model);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, index) => {
      const foot = page.parts.find((part) => part.kind === 'footer');
      expect(foot && 'fields' in foot ? foot.fields : null).toEqual([String(index + 1), String(pages.length)]);
    });
  });

  it('name each footnote at the foot of the page that refers to it, above the footer', () => {
    const model = doc(
      section(footer('default', p('Foot')), p('Text', footnoteRef('1'), ' and more', footnoteRef('2')), p(words(2000))),
      footnote('1', p('First note')),
      footnote('2', p('Second note')),
    );
    const [first] = layOut(model);
    const notes = first!.parts.filter((part) => part.kind === 'footnote');
    expect(notes.map((part) => part.id)).toEqual(['1', '2']);
    expect(notes.map((part) => textIn(first!, part).replace(/\s/gu, ''))).toEqual(['1Firstnote', '2Secondnote']);
    expect(notes[0]!.top).toBeGreaterThanOrEqual(first!.footnotesTop);
    expect(notes[1]!.top).toBeGreaterThanOrEqual(notes[0]!.bottom);
    expect(first!.parts.at(-1)!.kind).toBe('footer');
  });

  it('name each endnote where it is set after the text, one below the other, a note that runs onto the next page on both', () => {
    const model = doc(
      section(p('Text', footnoteRef('endnote-1'), ' and', footnoteRef('endnote-2')), p(words(1200))),
      footnote('endnote-1', p('First endnote')),
      footnote('endnote-2', p(`Second endnote ${words(1500)}`)),
    );
    const pages = layOut(model);
    const notes = pages.flatMap((page, index) => page.parts.filter((part) => part.kind === 'footnote').map((part) => ({ index, part, text: textIn(page, part).replace(/\s/gu, '') })));
    const [first, second, ...rest] = notes;
    expect(notes.map(({ part }) => (part.kind === 'footnote' ? part.id : ''))).toEqual(['endnote-1', ...notes.slice(1).map(() => 'endnote-2')]);
    expect(first!.text).toBe('iFirstendnote');
    expect(second!.text.startsWith('iiSecondendnote')).toBe(true);
    // Set after the text: below where the text ends on its page, and on page after page.
    expect(first!.part.top).toBeGreaterThanOrEqual(pages[first!.index]!.bodyEnd);
    expect(second!.part.top).toBeGreaterThanOrEqual(first!.part.bottom);
    expect(rest.length).toBeGreaterThan(0);
    rest.forEach((part, index) => {
      expect(part.index).toBe(second!.index + index + 1);
      expect(part.text.length).toBeGreaterThan(0);
    });
  });
});
