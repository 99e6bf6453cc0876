import type { Mark } from 'prosemirror-model';
import { isRunFormattingMark, storeMarks, type ParagraphFormat, type StoredMark } from '../../model/review/format-change.js';

// The names of run formatting as Word's Reviewing Pane gives them (`Formatted: Font: Bold`), without the prefix.
const MARK_LABELS: Readonly<Record<string, string>> = {
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strike: 'Strikethrough',
  superscript: 'Superscript',
  subscript: 'Subscript',
  code: 'Code',
  highlight: 'Highlight',
};

/**
 * What a run's format change did, in plain words: each formatting the text has now and had not
 * (`Bold`, `Font: Arial`, `Font size: 14 pt`, `Font color: #C00000`), then each it lost
 * (`Not italic`), joined by commas; `Formatting` when only an attribute Quire does not name changed.
 */
export function describeRunFormatChange(before: readonly StoredMark[], marks: readonly Mark[]): string {
  const now = storeMarks(marks.filter(isRunFormattingMark));
  const has = (list: readonly StoredMark[], mark: StoredMark) => list.some((other) => other.type === mark.type && JSON.stringify(other.attrs) === JSON.stringify(mark.attrs));
  const added = now.filter((mark) => !has(before, mark)).flatMap(markLabels);
  const removed = before.filter((mark) => !now.some((other) => other.type === mark.type)).flatMap((mark) => markLabels(mark).map((label) => `Not ${lowerFirst(label)}`));
  const words = [...added, ...removed];
  return words.length > 0 ? words.join(', ') : 'Formatting';
}

function markLabels(mark: StoredMark): string[] {
  const attrs = mark.attrs;
  switch (mark.type) {
    case 'font': {
      const labels: string[] = [];
      if (typeof attrs['family'] === 'string') labels.push(`Font: ${attrs['family']}`);
      if (typeof attrs['size'] === 'number') labels.push(`Font size: ${attrs['size']} pt`);
      return labels.length > 0 ? labels : ['Font'];
    }
    case 'color':
      return [`Font color: #${String(attrs['color'])}`];
    case 'caps':
      return [attrs['variant'] === 'small' ? 'Small caps' : 'All caps'];
    case 'underline':
      return [attrs['style'] === 'single' || attrs['style'] === undefined ? 'Underline' : `Underline: ${String(attrs['style'])}`];
    default:
      return [MARK_LABELS[mark.type] ?? mark.type];
  }
}

/**
 * What a paragraph's format change did, in plain words: `Style: Heading 1`, `Alignment: center`,
 * `Indent`, `Spacing`, `Bulleted list`, `List level 2`, `Not a list`..., joined by commas, from
 * what `before` says against the paragraph's format now.
 */
export function describeParagraphFormatChange(before: ParagraphFormat, now: ParagraphFormat): string {
  const words: string[] = [];
  if (before.block !== now.block || before.level !== now.level || before.styleId !== now.styleId) words.push(`Style: ${styleName(now)}`);
  if (before.align !== now.align) words.push(`Alignment: ${now.align ?? 'left'}`);
  if (JSON.stringify(before.indent) !== JSON.stringify(now.indent)) words.push('Indent');
  if (JSON.stringify(before.spacing) !== JSON.stringify(now.spacing)) words.push('Spacing');
  if (before.keepNext !== now.keepNext) words.push(now.keepNext ? 'Keep with next' : 'Not keep with next');
  if (before.keepLines !== now.keepLines) words.push(now.keepLines ? 'Keep lines together' : 'Not keep lines together');
  if (before.pageBreakBefore !== now.pageBreakBefore) words.push(now.pageBreakBefore ? 'Page break before' : 'No page break before');
  if (before.direction !== now.direction) words.push(now.direction === 'rtl' ? 'Right-to-left' : 'Left-to-right');
  if (before.shading !== now.shading) words.push(now.shading === null ? 'No shading' : `Shading: #${now.shading}`);
  const list = now.list;
  if (list === null) {
    if (before.list !== null) words.push('Not a list');
  } else if (before.list === null || before.list.kind !== list.kind) words.push(list.kind === 'bullet' ? 'Bulleted list' : 'Numbered list');
  else if (before.list.level !== list.level) words.push(`List level ${list.level + 1}`);
  return words.length > 0 ? words.join(', ') : 'Paragraph formatting';
}

// A heading is named by its level, as Word's built-in heading styles are; another style by its id.
function styleName(format: ParagraphFormat): string {
  if (format.block === 'heading') return `Heading ${format.level ?? 1}`;
  return format.styleId ?? 'Normal';
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
