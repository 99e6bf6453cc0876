import type { Node } from 'prosemirror-model';
import type { NodeView } from 'prosemirror-view';
import { cssPixels as px } from '../css-pixels.js';
import { readSectionPage } from '../../../model/section-page.js';
import { SHEET_PAPER, type RenderContext } from '../render-context.js';

/**
 * A section as a sheet of paper: its page width, its margins as padding, at least one page high,
 * its text columns. The margins are also published as CSS custom properties, which headers,
 * footers and page-break separators inside the sheet use (style.css).
 */
export class SectionView implements NodeView {
  readonly dom: HTMLElement;
  readonly contentDOM: HTMLElement;

  constructor(
    private node: Node,
    context: RenderContext,
  ) {
    this.dom = this.contentDOM = context.page.createElement('section');
    this.dom.className = 'quire-sheet';
    this.render();
  }

  update(node: Node): boolean {
    if (node.type !== this.node.type) return false;
    const changed = !node.sameMarkup(this.node);
    this.node = node;
    if (changed) this.render();
    return true;
  }

  private render(): void {
    const { pageSize, margins } = readSectionPage(this.node, SHEET_PAPER);
    const style = this.dom.style;
    style.setProperty('--quire-page-width', px(pageSize.width));
    style.setProperty('--quire-page-height', px(pageSize.height));
    style.setProperty('--quire-margin-top', px(Math.max(0, margins.top)));
    style.setProperty('--quire-margin-right', px(Math.max(0, margins.right)));
    style.setProperty('--quire-margin-bottom', px(Math.max(0, margins.bottom)));
    style.setProperty('--quire-margin-left', px(Math.max(0, margins.left + margins.gutter)));
    style.setProperty('--quire-header-distance', px(Math.max(0, margins.header)));
    style.setProperty('--quire-footer-distance', px(Math.max(0, margins.footer)));
    const columns = this.node.attrs['columns'] as { count?: unknown; space?: unknown } | null;
    const multicolumn = columns !== null && typeof columns.count === 'number' && columns.count > 1;
    if (multicolumn) {
      style.setProperty('column-count', String(Math.min(columns.count as number, 16)));
      style.setProperty('column-gap', px(typeof columns.space === 'number' ? columns.space : 720));
    } else {
      style.removeProperty('column-count');
      style.removeProperty('column-gap');
    }
    // Page turns span the columns (style.css), so that each page's text is set in columns of its own.
    this.dom.classList.toggle('quire-columns', multicolumn);
    this.dom.dataset['titlePage'] = String(this.node.attrs['titlePage'] === true);
  }
}
