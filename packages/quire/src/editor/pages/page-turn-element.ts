import type { LaidOutPage } from '../../layout/paginate.js';
import { partRegions, type PageWindow } from '../parts/part-regions.js';
import type { PageTurn } from './page-turns.js';
import { closeCutRow, reachTurnBeside } from './row-cut.js';

/** Paints what a page shows besides its body (header, footer, footnotes) as an element of the page's size. */
export type PaintFurniture = (page: LaidOutPage) => HTMLElement;

/** CSS pixels per point. */
export const PX_PER_PT = 4 / 3;

/**
 * Returns the element drawn at a page turn: a box across the page (moved left onto the sheet's
 * edge once measured, see `PagedView`) holding the foot of the page that ends, the gap between
 * sheets, blank pages whole, and the head of the page that starts. Each part is a window onto its
 * page's furniture, painted page-sized: the foot shows the bottom of it (footnotes, footer), the
 * head its top (header). The foot and head are as tall as the layout makes them; pages near the
 * viewport are measured and corrected where the browser sets the text otherwise.
 */
export function createTurnElement(page: Document, turn: PageTurn, pages: readonly LaidOutPage[], paint: PaintFurniture): HTMLElement {
  const element = page.createElement(turn.kind === 'row' ? 'tr' : turn.kind === 'inline' ? 'span' : 'div');
  element.className = `quire-page-turn quire-page-turn-${turn.kind}${turn.spacer ? ' quire-page-turn-spacer' : ''}`;
  element.contentEditable = 'false';
  element.setAttribute('aria-hidden', 'true');
  const chrome = page.createElement('div');
  chrome.className = 'quire-page-chrome';
  if (turn.spacer) {
    element.append(chrome);
    reachTurnBeside(element);
    return element;
  }
  if (turn.kind === 'row') {
    const cell = element.appendChild(page.createElement('td'));
    cell.colSpan = turn.columns;
    cell.append(chrome);
  } else {
    element.append(chrome);
    if (turn.cutsRow) closeCutRow(element);
  }
  const width = pages[turn.starting ?? turn.ending ?? 0]?.geometry.width ?? 0;
  chrome.style.setProperty('width', px(width));
  const ending = turn.ending === null ? undefined : pages[turn.ending];
  // The foot and head start at the sizes the layout gives: right where the browser sets the text as the layout does.
  if (ending) chrome.append(part(page, 'foot', turn.ending!, pages, ending.geometry.height - ending.bodyEnd, paint));
  for (const index of turn.blank) {
    const blank = pages[index];
    if (!blank) continue;
    chrome.append(gap(page), part(page, 'whole', index, pages, blank.geometry.height, paint));
  }
  const starting = turn.starting === null ? undefined : pages[turn.starting];
  if (starting) {
    if (ending || turn.blank.length > 0) chrome.append(gap(page));
    chrome.append(part(page, 'head', turn.starting!, pages, starting.start?.top ?? starting.bodyTop, paint));
  }
  return element;
}

// Boxes over the headers, footers and footnotes it shows let a double-click pick one to edit.
function part(page: Document, kind: PageWindow, index: number, pages: readonly LaidOutPage[], height: number, paint: PaintFurniture): HTMLElement {
  const laidOut = pages[index]!;
  const element = page.createElement('div');
  element.className = `quire-page-part quire-page-${kind}`;
  // Which page the window shows: the keyboard opens the header or footer of the caret's page.
  element.dataset['page'] = String(index);
  element.style.setProperty('height', px(height));
  const furniture = paint(laidOut);
  furniture.classList.add('quire-page-furniture');
  furniture.append(...partRegions(page, laidOut, index, kind));
  element.append(furniture);
  return element;
}

function gap(page: Document): HTMLElement {
  const element = page.createElement('div');
  element.className = 'quire-page-gap';
  return element;
}

/** Points as CSS pixels. */
export function px(points: number): string {
  return `${Math.round(points * PX_PER_PT * 100) / 100}px`;
}
