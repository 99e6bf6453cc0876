import type { Node } from 'prosemirror-model';
import type { NodeView } from 'prosemirror-view';
import { readImageFloat } from '../../../model/image-float.js';
import { readSectionPage, type SectionPage } from '../../../model/section-page.js';
import { cssPixels } from '../css-pixels.js';
import { anchorPosition } from '../anchor-position.js';
import { SHEET_PAPER, type RenderContext } from '../render-context.js';

/**
 * An anchored text box: its blocks in a box of its size and insets, placed as Word places it (see
 * {@link anchorPosition}): on the sheet, over the text or beside it. Its blocks are edited in place.
 */
export class TextBoxView implements NodeView {
  readonly dom: HTMLElement;
  readonly contentDOM: HTMLElement;

  /** `placement`: the section's geometry and whether the box is on its sheet's first page, as a direct child of the section; null elsewhere (in a list, a table), where it stands in the flow. */
  constructor(
    private node: Node,
    context: RenderContext,
    private readonly placement: { geometry: SectionPage; onPage: boolean } | null,
  ) {
    this.dom = this.contentDOM = context.page.createElement('div');
    this.dom.className = 'quire-text-box';
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
    const { attrs } = this.node;
    const style = this.dom.style;
    const width = typeof attrs['width'] === 'number' && attrs['width'] > 0 ? attrs['width'] : null;
    const height = typeof attrs['height'] === 'number' && attrs['height'] > 0 ? attrs['height'] : null;
    setLength(style, '--quire-box-width', width);
    setLength(style, '--quire-box-height', height);
    const inset = attrs['inset'] as Partial<Record<'top' | 'right' | 'bottom' | 'left', unknown>> | null;
    for (const side of ['top', 'right', 'bottom', 'left'] as const) {
      const value = inset?.[side];
      setLength(style, `--quire-box-inset-${side}`, typeof value === 'number' && value >= 0 ? value : null);
    }
    const float = readImageFloat(attrs['float']);
    for (const name of ['--quire-box-left', '--quire-box-top', '--quire-float-x', '--quire-float-y']) style.removeProperty(name);
    if (!float) {
      delete this.dom.dataset['place'];
      return;
    }
    const geometry = this.placement?.geometry ?? readSectionPage(null, SHEET_PAPER);
    const position = anchorPosition(float, width ?? 0, height ?? 0, geometry, this.placement?.onPage === true);
    // Outside a section's own blocks (in a list, a table) a box has no sheet to stand on: it stands in the flow.
    const placement = !this.placement && (position.placement === 'page' || position.placement === 'over') ? 'block' : position.placement;
    this.dom.dataset['place'] = placement;
    this.dom.dataset['behind'] = String(float.behind === true);
    this.dom.classList.toggle('quire-has-float', placement === 'left' || placement === 'right');
    if (placement === 'page' || placement === 'over') style.setProperty('--quire-box-left', `${position.left}px`);
    if (placement === 'page') style.setProperty('--quire-box-top', `${position.top}px`);
    else style.setProperty('--quire-float-y', `${position.top}px`);
    if (placement === 'left' || placement === 'right' || placement === 'block') style.setProperty('--quire-float-x', `${position.offset}px`);
  }
}

function setLength(style: CSSStyleDeclaration, name: string, twips: number | null): void {
  if (twips === null) style.removeProperty(name);
  else style.setProperty(name, cssPixels(twips));
}
