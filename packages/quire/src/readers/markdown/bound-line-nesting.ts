import type { WarningLog } from '../../model/read-result.js';

// Container markers at the start of a line: a block quote `>` opens one level, a list marker two
// (markdown-it counts the list and its item).
const MARKER = /[ \t]{0,3}(?:(>)[ \t]?|(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)[ \t]*)/y;
// A thematic break (CommonMark 4.1) such as `- - - -` looks like list markers but is one rule.
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/**
 * Returns `text` with the container markers at the start of each line cut to `maxLevels` levels,
 * so that `>>>>…` or `- - - …` lines nest no deeper than the reader allows; the markers past the
 * limit are removed and their content joins the deepest container kept. Warns once when it cuts.
 */
export function boundLineNesting(text: string, maxLevels: number, log: WarningLog): string {
  // A line with more levels than `maxLevels` needs at least `maxLevels` characters of markers.
  if (!hasLongLine(text, maxLevels)) return text;
  let changed = false;
  const lines = text.split('\n').map((line) => {
    if (line.length <= maxLevels || THEMATIC_BREAK.test(line)) return line;
    let levels = 0;
    let keep = 0;
    MARKER.lastIndex = 0;
    for (let match = MARKER.exec(line); match && match[0] !== ''; match = MARKER.exec(line)) {
      levels += match[1] ? 1 : 2;
      if (levels > maxLevels) {
        let end = MARKER.lastIndex;
        for (let next = MARKER.exec(line); next && next[0] !== ''; next = MARKER.exec(line)) end = MARKER.lastIndex;
        changed = true;
        return line.slice(0, keep) + line.slice(end);
      }
      keep = MARKER.lastIndex;
    }
    return line;
  });
  if (!changed) return text;
  log.warn('READER_NESTING_FLATTENED', `Content nested deeper than ${maxLevels} levels was flattened into its ancestor.`);
  return lines.join('\n');
}

function hasLongLine(text: string, length: number): boolean {
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    if (stop - start > length) return true;
    start = stop + 1;
  }
  return false;
}
