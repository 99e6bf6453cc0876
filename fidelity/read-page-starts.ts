import { runTool } from './run-tool.js';

/** How many words of a page's text stand for where the page starts. */
export const PAGE_START_WORDS = 5;

/**
 * Returns the first {@link PAGE_START_WORDS} words of each page of a PDF, from poppler's
 * `pdftotext` (which ends every page with a form feed), so that two PDFs of one document can be
 * compared page by page: the same words mean the page starts where it should. The text is read in
 * its physical layout (`-layout`), top to bottom, so that the order in which each engine drew a
 * line's pieces (a list marker before or after its text) does not count. Words are the text
 * split at white space after Unicode compatibility normalisation (ligatures, non-breaking spaces);
 * a page without text gives ''. Rejects when pdftotext fails.
 */
export async function readPageStarts(pdf: Uint8Array, pdftotext: string): Promise<string[]> {
  const text = new TextDecoder().decode(await runTool(pdftotext, ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }));
  const pages = text.split('\f');
  // The text ends with the last page's form feed: what follows it is no page.
  if (pages.length > 1 && pages[pages.length - 1]!.trim() === '') pages.pop();
  return pages.map((page) => page.normalize('NFKC').split(/\s+/u).filter((word) => word !== '').slice(0, PAGE_START_WORDS).join(' '));
}
