/** How the built-in PDF's pages line up with the reference's (LibreOffice's). */
export interface PageCheck {
  /** Whether both PDFs have as many pages. */
  samePageCount: boolean;
  /** Pages of the reference PDF: the pages that should start alike. */
  referencePages: number;
  /** Reference pages whose built-in page of the same number starts with the same words. */
  sameStarts: number;
}

/**
 * Compares the page starts (see `readPageStarts`) of the built-in PDF with the reference's, page
 * by page: page n matches when both start with the same words. A page the built-in PDF lacks
 * matches nothing, and pages it has beyond the reference's count only against the page count.
 */
export function comparePageStarts(builtin: readonly string[], reference: readonly string[]): PageCheck {
  let sameStarts = 0;
  reference.forEach((start, index) => {
    if (builtin[index] === start) sameStarts++;
  });
  return { samePageCount: builtin.length === reference.length, referencePages: reference.length, sameStarts };
}
