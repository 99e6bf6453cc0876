import type { Node } from 'prosemirror-model';
import type { HeaderFooterKind, HeaderFooterVariant } from '../../model/index.js';
import { layoutBlocks } from './block-layout.js';
import type { PageRecord } from './paginate.js';
import type { PdfContext } from './pdf-context.js';
import { sumHeights } from './slice.js';
import type { Slice } from './slice.js';

/** The headers and footers of one section, by kind and variant. */
export type SectionFurniture = ReadonlyMap<string, Node>;

/** Returns the `header_footer` children of a section keyed `kind/variant`. */
export function collectFurniture(section: Node): SectionFurniture {
  const found = new Map<string, Node>();
  section.forEach((child) => {
    if (child.type.name === 'header_footer') found.set(`${String(child.attrs['kind'])}/${String(child.attrs['variant'])}`, child);
  });
  return found;
}

/**
 * Paints headers and footers on every buffered page: `first` on a section's first page when the
 * section has a title page, `even` on even pages when the document has even/odd headers
 * (ECMA-376 Part 1, 17.10.1), `default` otherwise.
 */
export function paintFurniture(context: PdfContext, pages: readonly PageRecord[], sections: readonly Node[], evenAndOdd: boolean): void {
  const cache = new Map<Node, Slice[]>();
  const range = context.pdf.bufferedPageRange();
  pages.forEach((page, index) => {
    const section = sections[page.section];
    if (!section) return;
    const furniture = collectFurniture(section);
    const variant: HeaderFooterVariant =
      page.firstOfSection && section.attrs['titlePage'] === true ? 'first' : evenAndOdd && (index + 1) % 2 === 0 ? 'even' : 'default';
    context.pdf.switchToPage(range.start + index);
    for (const kind of ['header', 'footer'] as const satisfies readonly HeaderFooterKind[]) {
      const node = furniture.get(`${kind}/${variant}`);
      if (!node) continue;
      let slices = cache.get(node);
      if (!slices) {
        const g = page.geometry;
        const blocks: Node[] = [];
        node.forEach((child) => blocks.push(child));
        slices = layoutBlocks(context, blocks, {
          width: g.width - g.left - g.right,
          left: 0,
          maxImageHeight: g.height / 4,
          defaultSpacing: { before: 0, after: 0 },
          outline: false,
        });
        cache.set(node, slices);
      }
      const g = page.geometry;
      let y = kind === 'header' ? g.header : g.height - g.footer - sumHeights(slices);
      for (const slice of slices) {
        slice.paint(g.left, y);
        y += slice.height;
      }
    }
  });
}
