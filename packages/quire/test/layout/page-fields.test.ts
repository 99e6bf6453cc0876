// Page fields in the body text show the numbers of the pages the layout made: the page they are
// on, the page counts, the page a bookmark starts on.
import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/model/index.js';
import { FontCatalog } from '../../src/layout/font-catalog.js';
import { LayoutCache } from '../../src/layout/layout-cache.js';
import { layoutDocument, type LayoutOptions } from '../../src/layout/layout-document.js';
import type { LaidOutPage } from '../../src/layout/paginate.js';
import type { TextMeasurer } from '../../src/layout/text-measurer.js';
import { asciiFontSource, halfEmMeasurer } from './fixed-width-fonts.js';

const { doc, section, footer, footnote, footnoteRef, p, heading, pageBreak, field } = build;

const options = (extra: Partial<LayoutOptions> = {}): LayoutOptions => ({ catalog: new FontCatalog(asciiFontSource), measurer: halfEmMeasurer, ...extra });

/** The text a page draws, its words joined by single spaces. */
const pageText = (page: LaidOutPage) =>
  page.ops
    .flatMap((op) => (op.kind === 'text' ? [op.text] : []))
    .join(' ')
    .replace(/\s+/g, ' ');

/** Whether `page` draws `text` (all of it, on one page). */
const shows = (page: LaidOutPage | undefined, text: string) => (page ? pageText(page).includes(text) : false);

describe('page fields of the body text', () => {
  it('show the page they are on, the page count and the section page count, not the cached results', () => {
    const model = doc(
      section(p('one'), pageBreak(), p('two')),
      section(p('three'), pageBreak(), p('here is page ', field('PAGE', '1'), ' of ', field('NUMPAGES', '1'), ', section ', field('SECTIONPAGES', '9'))),
    );
    const pages = layoutDocument(model, options()).pages;
    expect(pages.length).toBe(4);
    expect(shows(pages[3], 'here is page 4 of 4 , section 2')).toBe(true);
  });

  it('show a bookmark page in the number format of its section, restarts included, and a switch overrides it', () => {
    const toc = p('Scope ', field('PAGEREF', '7', { bookmark: '_Toc2' }), ' and ', field('PAGEREF', '7', { bookmark: '_Toc2', format: 'upperRoman' }));
    const model = doc(
      section({ pageNumberFormat: 'lowerRoman' }, toc, pageBreak(), p('preface')),
      section({ pageNumberStart: 1 }, p('intro'), pageBreak(), heading(1, { anchors: ['_Toc2'] }, 'Scope')),
    );
    const pages = layoutDocument(model, options()).pages;
    expect(pages.length).toBe(4);
    expect(shows(pages[0], 'Scope 2 and II')).toBe(true);
  });

  it('keep the cached result of a PAGEREF to a bookmark the document does not have', () => {
    const model = doc(section(p('see ', field('PAGEREF', 'Error! Bookmark not defined.', { bookmark: 'missing' }))));
    expect(shows(layoutDocument(model, options()).pages[0], 'see Error! Bookmark not defined.')).toBe(true);
  });

  it('show in a footnote the page of its reference, and keep in an endnote, whose page is not known, the cached PAGE', () => {
    const model = doc(
      section(p('one'), pageBreak(), p('two', footnoteRef('1'), ' and', footnoteRef('endnote-1')), pageBreak(), p({ anchors: ['last'] }, 'three')),
      footnote('1', p('Noted on page ', field('PAGE', '9'), ', see page ', field('PAGEREF', '9', { bookmark: 'last' }))),
      footnote('endnote-1', p('Endnote on page ', field('PAGE', '9'), ' of ', field('NUMPAGES', '9'))),
    );
    const pages = layoutDocument(model, options()).pages;
    expect(pages.length).toBe(3);
    expect(shows(pages[1], 'Noted on page 2 , see page 3')).toBe(true);
    expect(pages.some((page) => shows(page, 'Endnote on page 9 of 3'))).toBe(true);
  });

  it('are computed in headers and footers too: PAGEREF and SECTIONPAGES per page', () => {
    const numbered = () => footer('default', p('page ', field('PAGE'), ' of ', field('SECTIONPAGES'), ' see ', field('PAGEREF', '?', { bookmark: 'end' })));
    const model = doc(section(numbered(), p('a'), pageBreak(), p('b')), section(numbered(), p('c'), pageBreak(), p('d'), pageBreak(), p({ anchors: ['end'] }, 'e')));
    const pages = layoutDocument(model, options()).pages;
    expect(pages.map((page) => /page \d+ of \d+ see \d+/.exec(pageText(page))?.[0])).toEqual(['page 1 of 2 see 5', 'page 2 of 2 see 5', 'page 3 of 3 see 5', 'page 4 of 3 see 5', 'page 5 of 3 see 5']);
  });

  it('show the new page of a field moved by an edit, though the layout cache kept the block it is in', () => {
    const cache = new LayoutCache();
    const tail = p('now on page ', field('PAGE', '1'));
    const before = doc(section(p('first'), pageBreak(), tail));
    expect(shows(layoutDocument(before, options({ cache })).pages[1], 'now on page 2')).toBe(true);
    const after = doc(section(p('first'), pageBreak(), p('inserted'), pageBreak(), tail));
    expect(shows(layoutDocument(after, options({ cache })).pages[2], 'now on page 3')).toBe(true);
  });

  it('cost nothing more on a layout of an unchanged document with the cache: the texts computed last time are shown at once', () => {
    let measured = 0;
    const counting: TextMeasurer = { ...halfEmMeasurer, advance: (text, file) => (measured++, halfEmMeasurer.advance(text, file)) };
    const cache = new LayoutCache();
    const model: Node = doc(section(p('first'), pageBreak(), p('page ', field('PAGE', '1'), ' of ', field('NUMPAGES', '1'))));
    const first = layoutDocument(model, options({ cache, measurer: counting })).pages;
    expect(shows(first[1], 'page 2 of 2')).toBe(true);
    expect(measured).toBeGreaterThan(0);
    measured = 0;
    const again = layoutDocument(model, options({ cache, measurer: counting })).pages;
    expect(shows(again[1], 'page 2 of 2')).toBe(true);
    expect(measured).toBe(0);
  });
});
