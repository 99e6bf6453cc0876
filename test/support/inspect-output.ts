// Looks inside conversion outputs: images of a PDF (poppler's pdfimages) and text of a DOCX.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';

const run = promisify(execFile);

/** Returns the number of images drawn in a PDF, as `pdfimages -list` counts them. */
export async function countPdfImages(pdf: Uint8Array): Promise<number> {
  const work = await mkdtemp(join(tmpdir(), 'quire-pdfimages-'));
  try {
    const path = join(work, 'in.pdf');
    await writeFile(path, pdf);
    const { stdout } = await run('pdfimages', ['-list', path]);
    // Two header lines, then one line per image.
    return stdout.trim().split('\n').slice(2).length;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Returns the text of a DOCX's word/document.xml, paragraphs on separate lines. */
export function docxText(docx: Uint8Array): string {
  const entries = unzipSync(docx, { filter: (file) => file.name === 'word/document.xml' });
  const xml = strFromU8(entries['word/document.xml'] ?? new Uint8Array());
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** Returns the names of the entries of a zip. */
export function zipEntryNames(zip: Uint8Array): string[] {
  const names: string[] = [];
  unzipSync(zip, {
    filter: (file) => {
      names.push(file.name);
      return false;
    },
  });
  return names;
}
