import type { Node } from 'prosemirror-model';
import type { NodeView } from 'prosemirror-view';
import { readImageFloat, type ImageFloat } from '../../../model/image-float.js';
import { standsOnPage } from '../../../model/anchor-page-position.js';
import type { SectionPage } from '../../../model/section-page.js';
import { cssPixels as px } from '../css-pixels.js';
import { anchorPosition } from '../anchor-position.js';
import type { RenderContext } from '../render-context.js';

/**
 * A picture. `data:` sources are shown as they are; a picture named by its package part is read
 * and given an object URL only when it nears the screen (see `ImageStore`). Pictures a browser
 * cannot draw (EMF, WMF, TIFF) and missing parts show a placeholder box of the picture's size.
 * Anchored pictures float left or right, or stand on their own line, as their wrapping says, at
 * their offset from the column's edge and the paragraph's top; one that text does not wrap around,
 * placed relative to the page or its margins, stands there on the sheet (see `anchorPosition`).
 */
export class ImageView implements NodeView {
  readonly dom: HTMLElement;
  private stopWatching: () => void = () => undefined;
  private destroyed = false;

  /**
   * `room`: the width in twips of the text column the picture stands in, which places a float given
   * by its offset, and the tallest it is drawn (see `pictureHeightLimitAt`); null when unknown.
   * `sheet`: the geometry of its section and whether it is on the sheet's first page, for a picture
   * in one of the section's own paragraphs; null elsewhere.
   */
  constructor(
    private readonly node: Node,
    private readonly context: RenderContext,
    private readonly room: PictureRoom | null,
    private readonly sheet: { readonly geometry: SectionPage; readonly onPage: boolean } | null = null,
  ) {
    this.dom = context.page.createElement('span');
    this.dom.className = 'quire-image';
    this.layout();
    const src = typeof node.attrs['src'] === 'string' ? node.attrs['src'] : '';
    if (/^\s*data:image\//i.test(src)) this.show(src);
    else if (!context.images.canShow(src)) this.placeholder(src);
    else this.stopWatching = context.images.whenVisible(this.dom, () => void this.load(src));
  }

  // A new node (other source or size) is drawn afresh.
  update(node: Node): boolean {
    return node === this.node;
  }

  destroy(): void {
    this.destroyed = true;
    this.stopWatching();
  }

  private async load(partName: string): Promise<void> {
    const url = await this.context.images.urlOf(partName);
    if (this.destroyed) return;
    if (url === null) this.placeholder(partName);
    else this.show(url);
  }

  private show(url: string): void {
    const img = this.context.page.createElement('img');
    img.alt = typeof this.node.attrs['alt'] === 'string' ? this.node.attrs['alt'] : '';
    if (typeof this.node.attrs['title'] === 'string') img.title = this.node.attrs['title'];
    img.draggable = false;
    img.addEventListener('error', () => this.placeholder(String(this.node.attrs['src'])), { once: true });
    img.src = url;
    this.dom.replaceChildren(img);
    this.dom.classList.remove('quire-image-pending');
  }

  private placeholder(src: string): void {
    const box = this.context.page.createElement('span');
    box.className = 'quire-image-placeholder';
    const type = /\.([a-z0-9]+)$/i.exec(src)?.[1]?.toUpperCase();
    box.textContent = typeof this.node.attrs['alt'] === 'string' && this.node.attrs['alt'] !== '' ? this.node.attrs['alt'] : `${type ?? 'Image'} picture`;
    box.setAttribute('role', 'img');
    this.dom.replaceChildren(box);
    this.dom.classList.remove('quire-image-pending');
  }

  private layout(): void {
    const { attrs } = this.node;
    const style = this.dom.style;
    const { width, height } = this.size();
    if (width !== null) style.setProperty('--quire-image-width', px(width));
    if (height !== null) style.setProperty('--quire-image-height', px(height));
    this.dom.classList.add('quire-image-pending');
    const float = readImageFloat(attrs['float']);
    if (!float) return;
    if (this.sheet && standsOnPage(float)) {
      const position = anchorPosition(float, width ?? 0, height ?? 0, this.sheet.geometry, this.sheet.onPage);
      if (position.placement === 'page') {
        this.dom.dataset['wrap'] = 'page';
        this.dom.dataset['behind'] = String(float.behind === true);
        style.setProperty('--quire-box-left', `${position.left}px`);
        style.setProperty('--quire-box-top', `${position.top}px`);
        return;
      }
    }
    const side = float.align ?? this.sideOf(float, width);
    this.dom.dataset['wrap'] = float.wrap === 'topAndBottom' || side === 'center' ? `block-${side}` : side;
    // A picture placed by its offset keeps it as the margin on its side: from the column's left
    // edge for a picture on the left, from its right edge for one on the right.
    if (float.align === null && this.room !== null) {
      const offset = side === 'right' ? this.room.textWidth - float.x - (width ?? 0) : float.x;
      style.setProperty('--quire-float-x', px(clamp(offset, 0, this.room.textWidth - (width ?? 0))));
    }
    // CSS floats stand at the line that holds them; the offset below the paragraph's top moves them down.
    if (float.y > 0) style.setProperty('--quire-float-y', px(Math.min(float.y, MAX_DROP)));
  }

  // The picture's size in twips, shrunk as the layout shrinks it to fit its column and a page
  // (keeping its proportions), so that it takes on screen the room it takes on its page.
  private size(): { width: number | null; height: number | null } {
    const { attrs } = this.node;
    const width = typeof attrs['width'] === 'number' && attrs['width'] > 0 ? attrs['width'] : null;
    const height = typeof attrs['height'] === 'number' && attrs['height'] > 0 ? attrs['height'] : null;
    if (width === null || height === null || this.room === null) return { width, height };
    const scale = Math.min(1, this.room.textWidth / width, this.room.heightLimit / height);
    return { width: width * scale, height: height * scale };
  }

  // A picture placed by its offset floats away from the side its text flows on; with text on both
  // sides, to the side its middle is on, since CSS cannot wrap text on both sides of a float.
  private sideOf(float: ImageFloat, width: number | null): 'left' | 'right' {
    if (float.wrapText === 'left') return 'right';
    if (float.wrapText === 'right' || this.room === null) return 'left';
    const before = float.x;
    const after = this.room.textWidth - float.x - (width ?? 0);
    if (float.wrapText === 'largest') return before >= after ? 'right' : 'left';
    return after < before ? 'right' : 'left';
  }
}

/** Where a picture stands, in twips: the width of its text column and the tallest it is drawn. */
export interface PictureRoom {
  readonly textWidth: number;
  readonly heightLimit: number;
}

// Offsets past a page's height (a picture anchored pages away) are not followed.
const MAX_DROP = 15840;

function clamp(value: number, low: number, high: number): number {
  return Math.max(low, Math.min(Math.max(low, high), value));
}
