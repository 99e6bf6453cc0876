import type { LaidOutPage } from '../../layout/paginate.js';

/** What a window onto a page shows: its head (the header), its foot (footnotes and footer), or all of it. */
export type PageWindow = 'head' | 'foot' | 'whole';

/**
 * Returns an empty box over each header, footer and footnote that `window` shows of page `index`
 * (and over the margin of a header or footer the page's section lacks, `data-missing`),
 * to lay over the page's painted furniture (sized in points, as it is): a double-click on one says
 * which part to edit (see `partTargetAt`), and the part editor covers it.
 */
export function partRegions(page: Document, laidOut: LaidOutPage, index: number, window: PageWindow): HTMLElement[] {
  const g = laidOut.geometry;
  return laidOut.parts
    .filter((part) => window === 'whole' || (part.kind === 'header') === (window === 'head'))
    .map((part) => {
      const region = page.createElement('div');
      region.className = 'quire-part-region';
      region.dataset['part'] = part.kind;
      region.dataset['page'] = String(index);
      region.dataset['section'] = String(laidOut.section);
      if (part.kind === 'footnote') region.dataset['noteId'] = part.id;
      else {
        region.dataset['variant'] = part.variant;
        if (part.missing) region.dataset['missing'] = 'true';
        // What the part's page fields show on this page, for the part editor to show them too.
        if (part.fields.length > 0) region.dataset['fields'] = JSON.stringify(part.fields);
      }
      region.style.setProperty('left', `${g.left}pt`);
      region.style.setProperty('width', `${Math.max(g.width - g.left - g.right, 0)}pt`);
      region.style.setProperty('top', `${part.top}pt`);
      region.style.setProperty('height', `${Math.max(part.bottom - part.top, 0)}pt`);
      return region;
    });
}
