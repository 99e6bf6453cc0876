// Where the editor draws its page turns: at the document position where the layout starts each
// page, before the containers that page opens, never between two cells of a row.
import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { findPageTurns, type PageTurn } from '../../src/editor/pages/page-turns.js';
import { FontCatalog } from '../../src/layout/font-catalog.js';
import { layoutDocument } from '../../src/layout/layout-document.js';
import { asciiFontSource, halfEmMeasurer } from '../layout/fixed-width-fonts.js';
import { build } from '../../src/model/index.js';

const { doc, section, p, ul, li, table, tr, td, pageBreak } = build;

function turnsOf(model: Node): { turns: PageTurn[]; pageCount: number } {
  const { pages } = layoutDocument(model, { catalog: new FontCatalog(asciiFontSource), measurer: halfEmMeasurer });
  return { turns: findPageTurns(model, pages), pageCount: pages.length };
}

const words = (count: number) => Array.from({ length: count }, (_, index) => `w${index}`).join(' ');

describe('findPageTurns', () => {
  it('opens and closes each section, and turns inside a paragraph at the first word of a page it runs on to', () => {
    const model = doc(section(p(words(3000))));
    const { turns, pageCount } = turnsOf(model);
    expect(pageCount).toBeGreaterThan(2);
    expect(turns[0]).toMatchObject({ pos: 1, kind: 'block', ending: null, starting: 0 });
    expect(turns.at(-1)).toMatchObject({ pos: model.firstChild!.nodeSize - 1, kind: 'block', ending: pageCount - 1, starting: null });
    const inside = turns.slice(1, -1);
    expect(inside.map((turn) => [turn.ending, turn.starting])).toEqual(Array.from({ length: pageCount - 1 }, (_, index) => [index, index + 1]));
    for (const turn of inside) {
      expect(turn.kind).toBe('inline');
      expect(turn.textPos).toBe(turn.pos);
      // The turn stands before a word: after a space, at a word's first letter.
      expect(model.textBetween(turn.pos - 1, turn.pos)).toBe(' ');
      expect(model.textBetween(turn.pos, turn.pos + 1)).toBe('w');
    }
  });

  it('turns before a list, not inside its first item, when a page starts with the list', () => {
    const list = ul(li(p('first item')), li(p('second item')));
    const model = doc(section(p('before'), pageBreak(), list));
    const { turns } = turnsOf(model);
    expect(turns.map((turn) => [turn.ending, turn.starting])).toEqual([
      [null, 0],
      [0, 1],
      [1, null],
    ]);
    expect(model.resolve(turns[1]!.pos).nodeAfter).toBe(list);
    expect(turns[1]!.kind).toBe('block');
    expect(model.textBetween(turns[1]!.textPos!, turns[1]!.textPos! + 5)).toBe('first');
  });

  it('turns as a row spanning every column between the rows of a table that runs on to the next page', () => {
    const rows = Array.from({ length: 120 }, (_, index) => tr(td(p(`item ${index}`)), td(p('x')), td(p('y'))));
    const model = doc(section(table(...rows)));
    const { turns, pageCount } = turnsOf(model);
    expect(pageCount).toBeGreaterThan(1);
    const inside = turns.slice(1, -1);
    expect(inside.length).toBe(pageCount - 1);
    for (const turn of inside) {
      expect(turn).toMatchObject({ kind: 'row', columns: 3 });
      const $pos = model.resolve(turn.pos);
      expect($pos.parent.type.name).toBe('table');
      expect($pos.nodeAfter?.type.name).toBe('table_row');
      expect(model.textBetween(turn.textPos!, turn.textPos! + 4)).toBe('item');
    }
  });

  it('turns inside the first cell of a row taller than a page where each page starts, and puts a spacer where each other cell goes on, at the first word of its own lines there', () => {
    const first = p(words(1500));
    const second = p(words(1500).replace(/w/gu, 'v'));
    const short = p('beside');
    const model = doc(section(p('before'), table(tr(td(p('top')), td(p('x')), td(p('y'))), tr(td(first), td(second), td(short)), tr(td(p('bottom')), td(p('x')), td(p('y')))), p('after')));
    const { turns, pageCount } = turnsOf(model);
    expect(pageCount).toBeGreaterThan(2);
    const cuts = turns.filter((turn) => !turn.spacer && turn.kind === 'inline');
    const spacers = turns.filter((turn) => turn.spacer);
    expect(cuts.length).toBeGreaterThan(1);
    expect(spacers.length).toBe(cuts.length);
    cuts.forEach((cut, index) => {
      const spacer = spacers[index]!;
      // The cut turns the page in the first cell; the spacer, after it in the document, stands in the second.
      expect(model.resolve(cut.pos).parent).toBe(first);
      expect(model.resolve(spacer.pos).parent).toBe(second);
      expect(spacer).toMatchObject({ kind: 'inline', ending: null, starting: null, blank: [], textPos: null, cutsRow: true });
      expect(cut.cutsRow).toBe(true);
      expect(model.textBetween(cut.pos, cut.pos + 1)).toBe('w');
      expect(model.textBetween(spacer.pos - 1, spacer.pos + 1)).toBe(' v');
    });
    // In document order, as the editor draws them: the first cell's turns, then the second cell's spacers.
    expect(turns.map((turn) => turn.pos)).toEqual(turns.map((turn) => turn.pos).sort((a, b) => a - b));
    // Turns between blocks and rows cut no row.
    expect(turns.filter((turn) => !cuts.includes(turn) && !spacers.includes(turn)).every((turn) => !turn.cutsRow)).toBe(true);
    // The third cell ends on the row's first page: nothing of it goes on.
    expect(turns.some((turn) => model.resolve(turn.pos).parent === short)).toBe(false);
  });

  it('draws a blank page between two page breaks whole, in the turn to the page after it', () => {
    const model = doc(section(p('one'), pageBreak(), pageBreak(), p('three')));
    const { turns, pageCount } = turnsOf(model);
    expect(pageCount).toBe(3);
    expect(turns.map((turn) => [turn.ending, turn.blank, turn.starting])).toEqual([
      [null, [], 0],
      [0, [1], 2],
      [2, [], null],
    ]);
    expect(model.resolve(turns[1]!.pos).nodeAfter?.textContent).toBe('three');
  });

  it('opens and closes every section on its own', () => {
    const model = doc(section(p('first section')), section(p('second section')));
    const { turns } = turnsOf(model);
    const second = model.firstChild!.nodeSize;
    expect(turns.map((turn) => [turn.pos, turn.ending, turn.starting])).toEqual([
      [1, null, 0],
      [second - 1, 0, null],
      [second + 1, null, 1],
      [second + model.lastChild!.nodeSize - 1, 1, null],
    ]);
  });
});
