import { runTool } from './run-tool.js';

/** Options of {@link renderFirstPage}. */
export interface RenderFirstPageOptions {
  /** Path of poppler's `pdftoppm`. */
  pdftoppm: string;
  /** Resolution in dots per inch; default 60 (a US Letter page becomes 510 × 660 pixels). */
  dpi?: number;
}

/** Renders page 1 of a PDF to PNG bytes with `pdftoppm`; rejects when pdftoppm fails (a damaged or empty PDF). */
export async function renderFirstPage(pdf: Uint8Array, options: RenderFirstPageOptions): Promise<Uint8Array> {
  const dpi = options.dpi ?? 60;
  // "-" reads the PDF from standard input; with -singlefile and no output root the PNG goes to standard output.
  const png = await runTool(options.pdftoppm, ['-f', '1', '-l', '1', '-r', String(dpi), '-png', '-singlefile', '-'], { input: pdf });
  if (png.byteLength === 0) throw new Error('pdftoppm produced no image.');
  return png;
}
