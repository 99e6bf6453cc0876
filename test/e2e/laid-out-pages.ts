// Brings every page of the document open in the example page onto the editor's measured pages, as
// the Chromium tests of the pages read them.
import type { Page } from 'playwright-core';

/**
 * Waits until the document open in the example page is laid out on pages with its fonts loaded,
 * then scrolls it from top to bottom, so that the editor measures every page (it measures the
 * pages near the viewport), and back to the top.
 */
export async function laidOutPages(page: Page): Promise<void> {
  // `editor` is the example page's own variable (examples/editor/app.js), not a property of window.
  await page.waitForFunction(`document.querySelector('.quire-document[data-layout="pages"]') !== null && editor.getPageCount() > 0`);
  await page.evaluate(async () => {
    const frames = async (count: number) => {
      for (let frame = 0; frame < count; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    };
    await document.fonts.ready;
    const viewport = document.querySelector('.quire-viewport')!;
    // The editor measures half a viewport above and below it: steps of two viewports cover every page.
    for (let top = 0; top < viewport.scrollHeight; top += viewport.clientHeight * 2) {
      viewport.scrollTop = top;
      await frames(2);
    }
    viewport.scrollTop = 0;
    await frames(2);
  });
}
