import type { Indentation } from '../../model/paragraph-attrs.js';
import type { ListItemPlacement } from './block-flow.js';
import { toListNumberFormat } from './level-text.js';
import type { ResolvedNumbering } from './read-numbering.js';
import { decodeSymbolCharacter } from './symbol-characters.js';

// The bullets Word and the DOCX writer use by default, level by level: a list with them keeps
// `marker: null` (the writer's default) rather than naming the character.
const DEFAULT_BULLETS = ['•', '◦', '▪'] as const;
const TASK_STATES: Readonly<Record<string, boolean>> = { '☐': false, '☒': true, '☑': true };

/** The text before and after a number (see `splitLevelText`). */
export interface NumberSurroundings {
  readonly prefix: string;
  readonly suffix: string;
}

// The model's default: the number followed by a period.
const USUAL_SURROUNDINGS: NumberSurroundings = { prefix: '', suffix: '.' };

/**
 * Returns where a numbered paragraph goes in the model's lists, given the level it uses and the
 * number it shows with the text around it, at the indent its properties resolve to (numbering level, style and its own);
 * undefined for a level whose format is `none` (no number is shown: the paragraph is an ordinary
 * one). Check-box bullets make task items.
 */
export function describeListItem(numbering: ResolvedNumbering, value: number, indent: Indentation | undefined, around: NumberSurroundings = USUAL_SURROUNDINGS): ListItemPlacement | undefined {
  const { definition, level, numId } = numbering;
  if (definition.format === 'none') return undefined;
  const textIndent = indent?.left ?? 720 * (level + 1);
  // The number stands in the hanging indent; a first-line indent moves it right of the text's edge.
  const hanging = indent?.hanging ?? (indent?.firstLine !== undefined ? -indent.firstLine : 360);
  const placement = { level, numId, value, textIndent, hanging, prefix: around.prefix, suffix: around.suffix };
  if (definition.format !== 'bullet') {
    return { ...placement, kind: 'ordered', format: toListNumberFormat(definition.format), marker: null, checked: null };
  }
  const glyph = readBullet(definition.text, definition.font);
  const checked = TASK_STATES[glyph] ?? null;
  // A private-use glyph (a symbol font's character without a known equivalent) shows in no other font.
  const marker = checked !== null || glyph === '' || glyph === DEFAULT_BULLETS[level % 3] || /[\uE000-\uF8FF]/u.test(glyph) ? null : glyph;
  return { ...placement, kind: 'bullet', format: 'decimal', marker, checked };
}

// A bullet's first character, decoded from a symbol font; Word's second-level bullet is a
// Courier New "o", which stands for a hollow circle.
function readBullet(text: string, font: string | undefined): string {
  const first = [...text.trim()][0];
  if (first === undefined) return '';
  if (first === 'o' && /^courier/i.test(font ?? '')) return '◦';
  return decodeSymbolCharacter(first, font);
}
