/** Replaces `text.slice(start, end)` with `text`; an insertion has `start === end`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * Returns `text` with `edits` applied. Edits at the same position apply in the order given;
 * overlapping edits are a programmer error and throw a `RangeError`.
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const ordered = edits
    .map((edit, index) => ({ edit, index }))
    .sort((a, b) => a.edit.start - b.edit.start || a.index - b.index)
    .map(({ edit }) => edit);
  let result = '';
  let position = 0;
  for (const edit of ordered) {
    if (edit.start < position || edit.end < edit.start || edit.end > text.length) {
      throw new RangeError(`Overlapping or out-of-range text edit at ${edit.start}.`);
    }
    result += text.slice(position, edit.start) + edit.text;
    position = edit.end;
  }
  return result + text.slice(position);
}
