// Where each laid-out page starts in the document: the editor puts its page breaks there, so the
// start must name the document's own node and the offset of the page's first character.
import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/model/index.js';
import { FontCatalog } from '../../src/layout/font-catalog.js';
import { layoutDocument } from '../../src/layout/layout-document.js';
import type { LaidOutPage } from '../../src/layout/paginate.js';
import { asciiFontSource, halfEmMeasurer } from './fixed-width-fonts.js';

const { doc, section, footer, p, heading, table, tr, td, field } = build;

const layOut = (model: Node) => layoutDocument(model, { catalog: new FontCatalog(asciiFontSource), measurer: halfEmMeasurer }).pages;

/** Numbered words, so that every line starts with a word found once in the document. */
const words = (from: number, count: number) => Array.from({ length: count }, (_, index) => `w${from + index}`).join(' ');

/** The document's text from a page's start, as far as the first text the page draws. */
function textAtStart(model: Node, page: LaidOutPage): string {
  const start = page.start!;
  let text = '';
  model.descendants((node, pos) => {
    if (node === start.node) text = model.textBetween(pos + 1 + start.offset, pos + node.nodeSize - 1);
    return text === '';
  });
  return text;
}

const firstText = (page: LaidOutPage) => page.ops.slice(0, page.textOps).find((op) => op.kind === 'text' && op.text.trim() !== '');

describe('the start of each laid-out page', () => {
  it('is the document offset of the first word of the page, also when a paragraph runs on from the page before', () => {
    const model = doc(section(p(words(0, 4000))));
    const pages = layOut(model);
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages) {
      const first = firstText(page);
      expect(first?.kind).toBe('text');
      expect(textAtStart(model, page).startsWith(first?.kind === 'text' ? first.text.split(' ')[0]! : '?')).toBe(true);
    }
    expect(pages[1]!.start!.node).toBe(model.firstChild!.firstChild);
    expect(pages[1]!.start!.offset).toBeGreaterThan(0);
  });

  it('names the heading itself, offsets counted without its number, when a numbered heading starts a page', () => {
    const numbered = heading(1, { number: '4.2' }, 'Scope of work');
    const filler = Array.from({ length: 60 }, (_, index) => p(`line ${index}`));
    const model = doc(section(...filler, numbered, p('after')));
    const page = layOut(model).find((each) => each.start?.node.type.name === 'heading');
    expect(page?.start?.node).toBe(numbered);
    expect(page?.start?.offset).toBe(0);
  });

  it('is a table row when a table continues on a new page, not its repeated header row', () => {
    const head = tr({ header: true }, td(p('Name')), td(p('Amount')));
    const rows = Array.from({ length: 80 }, (_, index) => tr(td(p(`item ${index}`)), td(p(`${index}`))));
    const model = doc(section(table(head, ...rows)));
    const pages = layOut(model);
    expect(pages.length).toBeGreaterThan(1);
    const second = pages[1]!.start!;
    expect(second.node.type.name).toBe('table_row');
    expect(second.node).not.toBe(head);
    expect(second.node.textContent).toMatch(/^item \d+/);
    expect(second.top).toBeGreaterThan(pages[1]!.bodyTop);
  });

  it('stands at the top of the body, and the ops after the body are the footer drawn on the page', () => {
    const model = doc(section(footer('default', p('Page ', field('PAGE', '1'))), p(words(0, 3000))));
    const pages = layOut(model);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page.start?.top).toBe(page.bodyTop);
      expect(page.bodyTop).toBeCloseTo(page.geometry.top, 5);
      const furniture = page.ops.slice(page.textOps).flatMap((op) => (op.kind === 'text' ? [op.text] : []));
      expect(furniture.join('')).toBe(`Page ${index + 1}`);
    });
  });

  it('leaves the notes set after the text out of the text: they are drawn around it, and pages holding only notes start nowhere', () => {
    const notes = Array.from({ length: 40 }, (_, index) => build.footnote(`endnote-${index}`, p(`Endnote ${index} ${words(0, 60)}`)));
    const refs = notes.map((_, index) => build.footnoteRef(`endnote-${index}`));
    const model = doc(section(p('Text with endnotes', ...refs)), ...notes);
    const pages = layOut(model);
    expect(pages.length).toBeGreaterThan(1);
    const [first, ...rest] = pages;
    const drawnAround = (page: LaidOutPage) => page.ops.slice(page.textOps).flatMap((op) => (op.kind === 'text' ? [op.text] : [])).join(' ');
    expect(first!.start?.node.textContent.startsWith('Text with endnotes')).toBe(true);
    expect(drawnAround(first!)).toContain('Endnote');
    for (const page of rest) {
      expect(page.start).toBeNull();
      expect(page.textOps).toBe(0);
      expect(drawnAround(page)).toContain('Endnote');
    }
  });

  it('is null for a blank page between two page breaks', () => {
    const model = doc(section(p('one'), build.pageBreak(), build.pageBreak(), p('three')));
    const pages = layOut(model);
    expect(pages.map((page) => page.start?.node.textContent ?? null)).toEqual(['one', null, 'three']);
  });
});
