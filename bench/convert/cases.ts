import type { InputFormat, OutputFormat } from '../../src/convert/engine.js';

/** One benchmarked conversion: a fixture under `test/fixtures` and the pair it is converted by. */
export interface ConvertCase {
  readonly path: string;
  readonly from: InputFormat;
  readonly to: OutputFormat;
}

/** The fixtures of the convert suite, grouped by pair; pandoc takes part in the `md`/`html` → `docx` rows. */
export const CONVERT_CASES: readonly ConvertCase[] = [
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

/** Returns the absolute path of a fixture of {@link CONVERT_CASES}. */
export function fixturePath(path: string): string {
  return new URL(`../../test/fixtures/${path}`, import.meta.url).pathname;
}
