import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs a poppler-utils tool on `pdf` and returns its standard output; throws clearly when poppler is missing. */
export function runPoppler(tool: 'pdftotext' | 'pdffonts' | 'pdfinfo' | 'pdftohtml' | 'pdfimages', args: readonly string[], pdf: Uint8Array): string {
  const work = mkdtempSync(join(tmpdir(), 'quire-pdf-test-'));
  try {
    const path = join(work, 'in.pdf');
    writeFileSync(path, pdf);
    const fileArgs = args.map((arg) => (arg === '$PDF' ? path : arg));
    return execFileSync(tool, fileArgs, { maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} is required by this test; install poppler-utils.`, { cause: error });
    }
    throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Returns the text of the whole PDF, or of page `page` (1-based) only. `layout` keeps table rows on
 * one line; `raw` keeps the order in which the text was drawn (no column detection).
 */
export function pdfText(pdf: Uint8Array, page?: number, mode: 'layout' | 'raw' | 'reading' = 'reading'): string {
  const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  const flags = mode === 'reading' ? [] : [`-${mode}`];
  return runPoppler('pdftotext', ['-enc', 'UTF-8', ...flags, ...range, '$PDF', '-'], pdf);
}

/** Returns the page count that pdfinfo reports. */
export function pageCount(pdf: Uint8Array): number {
  const match = /^Pages:\s+(\d+)/m.exec(runPoppler('pdfinfo', ['$PDF'], pdf));
  if (!match?.[1]) throw new Error('pdfinfo reported no page count');
  return Number(match[1]);
}

/** Returns the page sizes in points, rounded, as pdfinfo reports them. */
export function pageSizes(pdf: Uint8Array): { width: number; height: number }[] {
  const out = runPoppler('pdfinfo', ['-f', '1', '-l', '999', '$PDF'], pdf);
  return [...out.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/gm)].map((m) => ({ width: Math.round(Number(m[1])), height: Math.round(Number(m[2])) }));
}

/** A font as pdffonts lists it. */
export interface ListedFont {
  readonly name: string;
  readonly type: string;
  readonly embedded: boolean;
  readonly subset: boolean;
}

/** Returns the fonts that pdffonts lists. */
export function listFonts(pdf: Uint8Array): ListedFont[] {
  const lines = runPoppler('pdffonts', ['$PDF'], pdf).split('\n').slice(2).filter((line) => line.trim() !== '');
  return lines.map((line) => {
    const columns = line.trim().split(/\s+/);
    // Columns from the right: object id, generation, uni, sub, emb; the type may hold spaces.
    const n = columns.length;
    return { name: columns[0] ?? '', type: columns.slice(1, n - 6).join(' '), embedded: columns[n - 5] === 'yes', subset: columns[n - 4] === 'yes' };
  });
}

/** Returns the outline (bookmark) titles with their nesting depth, from `pdftohtml -xml`. */
export function outlineTitles(pdf: Uint8Array): { depth: number; title: string }[] {
  const xml = runPoppler('pdftohtml', ['-xml', '-i', '-stdout', '-q', '$PDF'], pdf);
  const items: { depth: number; title: string }[] = [];
  let depth = 0;
  for (const token of xml.matchAll(/<outline>|<\/outline>|<item[^>]*>([^<]*)<\/item>/g)) {
    if (token[0] === '<outline>') depth += 1;
    else if (token[0] === '</outline>') depth -= 1;
    else items.push({ depth, title: token[1] ?? '' });
  }
  return items;
}

/** Collapses all runs of white space to single spaces, for comparing extracted text. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A word on a page with its box, in points from the page's top-left corner. */
export interface PlacedWord {
  readonly text: string;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

/** Returns the words of page `page` (1-based) with their boxes, from `pdftotext -bbox`. */
export function placedWords(pdf: Uint8Array, page: number): PlacedWord[] {
  const html = runPoppler('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), '$PDF', '-'], pdf);
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
    text: m[5] ?? '',
  }));
}
