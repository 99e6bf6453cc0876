import { fileFamily } from '../../layout/browser/canvas-text-measurer.js';
import type { LaidOutPage } from '../../layout/paginate.js';
import { paintPageElement, type PaintPageOptions } from '../../layout/paint-dom.js';

/** What printing needs besides the pages: the page printed from and how pictures are shown. */
export interface PrintOptions extends Pick<PaintPageOptions, 'imageUrl' | 'idPrefix'> {
  readonly page: Document;
}

/**
 * Prints `pages` as the layout drew them, each on a sheet of its own paper size with no margin
 * (CSS paged media: a named `@page` per paper size, in a stylesheet built through the CSSOM, which
 * a strict Content Security Policy allows): the painted pages stand in for the host page while the
 * browser prints (style.css hides the rest), with text in the very font files the layout measured.
 * Resolves once the browser's print dialog is done; the painted pages are then removed.
 */
export async function printPages(pages: readonly LaidOutPage[], options: PrintOptions): Promise<void> {
  const { page } = options;
  const window = page.defaultView;
  if (!window) throw new Error('Printing needs a window.');
  const root = page.createElement('div');
  root.className = 'quire-print';
  const papers = new Map<string, string>();
  for (const laidOut of pages) {
    const { width, height } = laidOut.geometry;
    const size = `${round(width)}pt ${round(height)}pt`;
    let name = papers.get(size);
    if (!name) papers.set(size, (name = `quire-paper-${papers.size + 1}`));
    const element = paintPageElement(laidOut, page, { ...options, fileFamily });
    element.style.setProperty('page', name);
    root.append(element);
  }
  const sheet = new window.CSSStyleSheet();
  sheet.replaceSync([...papers].map(([size, name]) => `@page ${name} { size: ${size}; margin: 0; }`).join('\n'));
  const adopted = page.adoptedStyleSheets;
  page.adoptedStyleSheets = [...adopted, sheet];
  page.body.append(root);
  page.body.classList.add('quire-printing');
  const done = new Promise<void>((resolve) => window.addEventListener('afterprint', () => resolve(), { once: true }));
  try {
    await page.fonts.ready;
    await Promise.all([...root.querySelectorAll('img')].map((image) => image.decode().catch(() => undefined)));
    window.print();
    await done;
  } finally {
    page.body.classList.remove('quire-printing');
    root.remove();
    page.adoptedStyleSheets = page.adoptedStyleSheets.filter((each) => each !== sheet);
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
