// Text of DOCX files and of model documents for comparing them, found without the reader under
// test: the text of `w:t` elements from the raw XML, with a tokenizer of its own.
import type { Node } from 'prosemirror-model';
import { extractText } from '../../../src/model/extract-text.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(?:#x([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g, (_match, hex: string, decimal: string, name: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : decimal ? String.fromCodePoint(Number(decimal)) : ENTITIES[name]!,
  );
}

/**
 * Returns the text of each `w:t` of a WordprocessingML part, in document order, leaving out what
 * Word does not show: deleted and moved-out text (`w:delText` is not `w:t`; `w:del` and
 * `w:moveFrom` are skipped whole), and of alternate content every branch but the first Choice.
 */
export function wordTextRuns(xml: string): string[] {
  const runs: string[] = [];
  // Open elements: whether each is skipped, and for mc:AlternateContent how many branches it had.
  const stack: { name: string; skip: boolean; branches: number }[] = [];
  let inText = false;
  let text = '';
  for (const match of xml.matchAll(/<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|([^<]+)|<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g)) {
    const [, closing, name, , selfClosing, characters] = match;
    const skipping = stack.some((entry) => entry.skip);
    if (characters !== undefined) {
      if (inText && !skipping) text += characters;
      continue;
    }
    if (name === undefined) continue;
    if (closing) {
      if (name === 'w:t' && inText) {
        if (!skipping) runs.push(decodeEntities(text));
        inText = false;
      }
      stack.pop();
      continue;
    }
    const parent = stack[stack.length - 1];
    let skip = name === 'w:del' || name === 'w:moveFrom';
    if ((name === 'mc:Choice' || name === 'mc:Fallback') && parent?.name === 'mc:AlternateContent') {
      skip = parent.branches > 0;
      parent.branches++;
    }
    if (selfClosing) continue;
    stack.push({ name, skip, branches: 0 });
    if (name === 'w:t') {
      inText = true;
      text = '';
    }
  }
  return runs;
}

/** Returns `text` without white space and private-use characters, for comparing text across formats. */
export function normalizeText(text: string): string {
  return text.replace(/[\s\uE000-\uF8FF]+/gu, '');
}

/** Returns the text of a model document's sections, without headers, footers and notes. */
export function bodyText(doc: Node): string {
  const parts: string[] = [];
  doc.forEach((section) => {
    if (section.type.name !== 'section') return;
    section.forEach((block) => {
      if (block.type.name !== 'header_footer') parts.push(extractText(block));
    });
  });
  return parts.join('\n');
}

/**
 * Returns the first run of `runs` not found, in order, in `text` (both compared by
 * {@link normalizeText}), with what surrounds the place it was looked for; undefined when every
 * run is found after the previous one. Text between runs is allowed (symbols, numbering).
 */
export function findMissingRun(runs: readonly string[], text: string): string | undefined {
  const haystack = normalizeText(text);
  let position = 0;
  for (const run of runs) {
    const needle = normalizeText(run);
    if (needle === '') continue;
    const found = haystack.indexOf(needle, position);
    if (found === -1) return `${JSON.stringify(run)} after ${JSON.stringify(haystack.slice(Math.max(0, position - 40), position))}`;
    position = found + needle.length;
  }
  return undefined;
}
