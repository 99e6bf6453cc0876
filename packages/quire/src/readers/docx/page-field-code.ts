import type { ListNumberFormat } from '../../model/nodes/list-nodes.js';

/** The fields kept as `field` nodes: their value depends on the pages the document is laid out on. */
export type PageFieldName = 'PAGE' | 'NUMPAGES' | 'SECTIONPAGES' | 'PAGEREF';

/** What a page field's code says: its name, the bookmark a PAGEREF shows the page of, and the number format asked for. */
export interface PageFieldCode {
  readonly name: PageFieldName;
  readonly bookmark: string | null;
  readonly format: ListNumberFormat | null;
}

const PAGE_FIELDS: ReadonlySet<string> = new Set(['PAGE', 'NUMPAGES', 'SECTIONPAGES', 'PAGEREF']);

// The numbering arguments of the general formatting switch (ECMA-376 Part 1, 17.16.4.3), by
// their lower-case spelling; the capitalised spelling (`ROMAN`, `ALPHABETIC`) asks for capitals.
const NUMBER_FORMATS: Readonly<Record<string, readonly [ListNumberFormat, ListNumberFormat]>> = {
  arabic: ['decimal', 'decimal'],
  roman: ['lowerRoman', 'upperRoman'],
  alphabetic: ['lowerLetter', 'upperLetter'],
};

/**
 * Reads the code of a page field (ECMA-376 Part 1, 17.16.5: PAGE, NUMPAGES, SECTIONPAGES,
 * PAGEREF), switches included; undefined for other fields, a PAGEREF without a bookmark, and a
 * PAGEREF with `\p` (its result says "above" or "below", which stays as the producer wrote it).
 */
export function readPageFieldCode(code: string): PageFieldCode | undefined {
  const tokens = [...code.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => ({ quoted: match[1] !== undefined, text: match[1] ?? match[2]! }));
  const name = tokens[0]?.quoted === false ? tokens[0].text.toUpperCase() : undefined;
  if (name === undefined || !PAGE_FIELDS.has(name)) return undefined;
  let bookmark: string | null = null;
  let format: ListNumberFormat | null = null;
  for (let index = 1; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.quoted || !token.text.startsWith('\\')) {
      bookmark ??= token.text;
      continue;
    }
    const switchName = token.text.toLowerCase();
    if (switchName === '\\p') return undefined;
    // `\*` and `\#` take an argument; other switches of these fields (`\h`) take none.
    if (switchName !== '\\*' && switchName !== '\\#') continue;
    const argument = tokens[++index]?.text ?? '';
    const formats = switchName === '\\*' ? NUMBER_FORMATS[argument.toLowerCase()] : undefined;
    if (formats) format = argument === argument.toLowerCase() ? formats[0] : formats[1];
  }
  if (name === 'PAGEREF' && bookmark === null) return undefined;
  return { name: name as PageFieldName, bookmark: name === 'PAGEREF' ? bookmark : null, format };
}
