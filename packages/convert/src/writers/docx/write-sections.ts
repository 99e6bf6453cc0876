import { Footer, Header, PageOrientation } from 'docx';
import type { ISectionOptions } from 'docx';
import type { Node } from 'prosemirror-model';
import { DEFAULT_MARGINS, PAPER_SIZES, orientPageSize, type Orientation, type PageMargins, type PageSize } from 'quire/model';
import { writeBlocks } from './write-blocks.js';
import { BODY_SCOPE } from './write-context.js';
import type { WriteContext } from './write-context.js';

type HeaderFooterSet<T> = { default?: T; first?: T; even?: T };

/** Returns the page geometry of a `section` node, filling in the writer's paper and default margins. */
export function readPageGeometry(section: Node, context: Pick<WriteContext, 'options'>): { size: PageSize; orientation: Orientation; margins: PageMargins } {
  const orientation: Orientation = section.attrs['orientation'] === 'landscape' ? 'landscape' : 'portrait';
  const given = section.attrs['pageSize'] as PageSize | null;
  const size = given ?? orientPageSize(PAPER_SIZES[context.options.paperSize], orientation);
  const margins = { ...DEFAULT_MARGINS, ...(section.attrs['margins'] as Partial<PageMargins> | null) };
  return { size, orientation, margins };
}

/**
 * Returns the docx section for a `section` node: its page size, orientation and margins (the
 * writer's paper and one-inch margins when the node has none), its headers and footers, and its
 * blocks. `context.contentWidth` must already be this section's text width.
 */
export function writeSection(section: Node, context: WriteContext): ISectionOptions {
  const { size, orientation, margins } = readPageGeometry(section, context);
  const headers: HeaderFooterSet<Header> = {};
  const footers: HeaderFooterSet<Footer> = {};
  section.forEach((child) => {
    if (child.type.name !== 'header_footer') return;
    const variant = String(child.attrs['variant']) as keyof HeaderFooterSet<Header>;
    if (variant !== 'default' && variant !== 'first' && variant !== 'even') return;
    const children = writeBlocks(child, context, BODY_SCOPE);
    if (child.attrs['kind'] === 'footer') footers[variant] = new Footer({ children });
    else headers[variant] = new Header({ children });
  });
  return {
    properties: {
      page: {
        // The docx library swaps width and height of landscape pages itself (w:pgSz, ECMA-376
        // Part 1, 17.6.13), so it is given the portrait sides.
        size: {
          width: orientation === 'landscape' ? size.height : size.width,
          height: orientation === 'landscape' ? size.width : size.height,
          orientation: orientation === 'landscape' ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
        },
        margin: { ...margins },
      },
      titlePage: section.attrs['titlePage'] === true || headers.first !== undefined || footers.first !== undefined,
    },
    headers,
    footers,
    children: writeBlocks(section, context, BODY_SCOPE),
  };
}
