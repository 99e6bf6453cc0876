import { readdirSync } from 'node:fs';
import type { InputFormat, OutputFormat } from '../../packages/convert/src/engine.js';

/** One benchmarked conversion: a fixture under `test/fixtures` and the pair it is converted by. */
export interface ConvertCase {
  readonly path: string;
  readonly from: InputFormat;
  readonly to: OutputFormat;
}

const FIXTURE_FOLDERS: readonly { folder: string; from: InputFormat; to: readonly OutputFormat[] }[] = [
  { folder: 'docx', from: 'docx', to: ['pdf'] },
  { folder: 'markdown', from: 'md', to: ['docx', 'pdf'] },
  { folder: 'html', from: 'html', to: ['docx', 'pdf'] },
];

/**
 * Every fixture under `test/fixtures/{docx,markdown,html}` through every pair the issue times, grouped
 * by pair: DOCX to PDF, Markdown and HTML to DOCX (where pandoc takes part) and to PDF.
 */
export function listTimedCases(): ConvertCase[] {
  const cases: ConvertCase[] = [];
  for (const { folder, from, to } of FIXTURE_FOLDERS) {
    const names = readdirSync(fixturePath(folder)).filter((name) => !name.startsWith('.')).sort();
    for (const target of to) for (const name of names) cases.push({ path: `${folder}/${name}`, from, to: target });
  }
  return cases;
}

/** A sample of the fixtures, one or more per pair, whose peak memory is measured in fresh processes. */
export const MEMORY_CASES: readonly ConvertCase[] = [
  { path: 'docx/pandoc-headers.docx', from: 'docx', to: 'pdf' },
  { path: 'docx/docxjs-numbering.docx', from: 'docx', to: 'pdf' },
  { path: 'docx/pandoc-tables.docx', from: 'docx', to: 'pdf' },
  { path: 'docx/superdoc-40-pages.docx', from: 'docx', to: 'pdf' },
  { path: 'markdown/pandoc-pipe-tables.md', from: 'md', to: 'docx' },
  { path: 'markdown/docxjs-README.md', from: 'md', to: 'docx' },
  { path: 'markdown/pandoc-markdown-reader-more.md', from: 'md', to: 'docx' },
  { path: 'html/pandoc-html-reader.html', from: 'html', to: 'docx' },
  { path: 'markdown/docxjs-README.md', from: 'md', to: 'pdf' },
  { path: 'html/pandoc-html-reader.html', from: 'html', to: 'pdf' },
];

/** The documents converted 4 at a time for the memory target, one per targeted pair. */
export const PARALLEL_CASES: readonly ConvertCase[] = [
  { path: 'docx/superdoc-40-pages.docx', from: 'docx', to: 'pdf' },
  { path: 'markdown/docxjs-README.md', from: 'md', to: 'docx' },
];

/** Returns the absolute path of a file or folder under `test/fixtures`. */
export function fixturePath(path: string): string {
  return new URL(`../../test/fixtures/${path}`, import.meta.url).pathname;
}
