import type { Node } from 'prosemirror-model';
import type { HeaderFooterKind, HeaderFooterVariant } from '../model/index.js';
import { layoutBlocks } from './block-layout.js';
import type { FurnitureHeights, LaidOutPage, PageGeometry } from './paginate.js';
import type { LayoutContext } from './layout-context.js';
import type { PageFieldValues } from './page-fields.js';
import { sumHeights } from './slice.js';
import type { Slice } from './slice.js';

/**
 * Headers and footers of a document's sections: which one a page shows, their heights (which the
 * paginator keeps the body clear of) and their painting on the laid-out pages, with page fields
 * computed per page.
 */
export class PageFurniture {
  private readonly bySection: ReadonlyMap<string, Node>[];
  private readonly heights = new Map<Node, number>();
  private readonly layouts = new Map<Node, Slice[]>();

  constructor(
    private readonly context: LayoutContext,
    private readonly sections: readonly Node[],
    private readonly geometries: readonly PageGeometry[],
    private readonly evenAndOdd: boolean,
  ) {
    this.bySection = sections.map(collectFurniture);
  }

  /** Returns the heights of the header and footer that page `pageNumber` (1-based) of `section` shows. */
  measure(section: number, pageNumber: number, firstOfSection: boolean): FurnitureHeights {
    const variant = this.variantOf(section, pageNumber, firstOfSection);
    return { header: this.heightOf(section, 'header', variant), footer: this.heightOf(section, 'footer', variant) };
  }

  /** Paints headers and footers on every page the paginator laid out, their fields showing `values`. */
  paint(pages: readonly LaidOutPage[], values: PageFieldValues): void {
    const { context } = this;
    pages.forEach((page, index) => {
      const variant = this.variantOf(page.section, index + 1, page.firstOfSection);
      context.furniturePage = { index, values };
      // Pictures of headers and footers stand anywhere on the page, margins included.
      const target = { ops: page.ops, geometry: page.geometry, bodyBottom: page.geometry.height };
      for (const kind of ['header', 'footer'] as const satisfies readonly HeaderFooterKind[]) {
        const node = this.bySection[page.section]?.get(`${kind}/${variant}`);
        const g = page.geometry;
        if (!node) {
          page.parts.push({ kind, variant, ...marginOf(kind, g), fields: [], missing: true });
          continue;
        }
        const slices = this.layout(node, page.geometry);
        let y = kind === 'header' ? g.header : g.height - g.footer - sumHeights(slices);
        page.parts.push({ kind, variant, top: y, bottom: y + sumHeights(slices), fields: fieldTexts(node, values, index) });
        for (const slice of slices) {
          slice.paint(target, g.left, y);
          y += slice.height;
        }
      }
      context.furniturePage = null;
    });
  }

  // `first` on a section's first page when it has a title page, `even` on even pages when the
  // document has even/odd headers (ECMA-376 Part 1, 17.10.1), `default` otherwise.
  private variantOf(section: number, pageNumber: number, firstOfSection: boolean): HeaderFooterVariant {
    if (firstOfSection && this.sections[section]?.attrs['titlePage'] === true) return 'first';
    return this.evenAndOdd && pageNumber % 2 === 0 ? 'even' : 'default';
  }

  private heightOf(section: number, kind: HeaderFooterKind, variant: HeaderFooterVariant): number {
    const node = this.bySection[section]?.get(`${kind}/${variant}`);
    const geometry = this.geometries[section];
    if (!node || !geometry) return 0;
    let height = this.heights.get(node);
    if (height === undefined) {
      height = sumHeights(this.layout(node, geometry));
      this.heights.set(node, height);
    }
    return height;
  }

  // Furniture with page fields is laid out again for each page, since its text changes.
  private layout(node: Node, g: PageGeometry): Slice[] {
    const cached = this.layouts.get(node);
    if (cached) return cached;
    const blocks: Node[] = [];
    node.forEach((child) => blocks.push(child));
    const slices = layoutBlocks(this.context, blocks, {
      width: g.width - g.left - g.right,
      left: 0,
      maxImageHeight: g.height / 4,
      defaultSpacing: { before: 0, after: 0 },
      outline: false,
    });
    if (!hasPageField(node)) this.layouts.set(node, slices);
    return slices;
  }
}

// The margin a page's header or footer stands in: from the header's distance from the top edge to
// the text, or from the text to the footer's distance from the bottom edge; a line's height at
// least, where the margins leave less.
function marginOf(kind: HeaderFooterKind, g: PageGeometry): { top: number; bottom: number } {
  const line = 14;
  if (kind === 'header') return { top: g.header, bottom: Math.max(g.top, g.header + line) };
  const bottom = g.height - g.footer;
  return { top: Math.min(g.height - g.bottom, bottom - line), bottom };
}

/** Returns the `header_footer` children of a section keyed `kind/variant`. */
export function collectFurniture(section: Node): ReadonlyMap<string, Node> {
  const found = new Map<string, Node>();
  section.forEach((child) => {
    if (child.type.name === 'header_footer') found.set(`${String(child.attrs['kind'])}/${String(child.attrs['variant'])}`, child);
  });
  return found;
}

// What each page field of a header or footer shows on page `index`, in document order.
function fieldTexts(node: Node, values: PageFieldValues, index: number): (string | null)[] {
  const texts: (string | null)[] = [];
  node.descendants((child) => {
    if (child.type.name === 'field') texts.push(values.text(child, index) ?? null);
    return true;
  });
  return texts;
}

function hasPageField(node: Node): boolean {
  let found = false;
  node.descendants((child) => {
    if (child.type.name === 'field') found = true;
    return !found;
  });
  return found;
}
