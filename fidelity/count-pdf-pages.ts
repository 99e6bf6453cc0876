import { runTool } from './run-tool.js';

/** Counts the pages of a PDF with poppler's `pdfinfo`; rejects when pdfinfo fails or prints no page count. */
export async function countPdfPages(pdf: Uint8Array, pdfinfo: string): Promise<number> {
  const output = new TextDecoder().decode(await runTool(pdfinfo, ['-'], { input: pdf }));
  const match = /^Pages:\s+(\d+)\s*$/m.exec(output);
  if (!match?.[1]) throw new Error('pdfinfo printed no page count.');
  return Number(match[1]);
}
