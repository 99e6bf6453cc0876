import { AlignmentType, ShadingType } from 'docx';
import type { IParagraphOptions } from 'docx';
import type { Indentation, Spacing } from 'quire/model';

type MutableParagraphOptions = { -readonly [K in keyof IParagraphOptions]: IParagraphOptions[K] };

const ALIGNMENTS = new Map([
  ['left', AlignmentType.LEFT],
  ['center', AlignmentType.CENTER],
  ['right', AlignmentType.RIGHT],
  ['justify', AlignmentType.JUSTIFIED],
]);

/** Returns the paragraph properties that a paragraph's or heading's attributes set directly. */
export function readParagraphOptions(attrs: Record<string, unknown>): MutableParagraphOptions {
  const options: MutableParagraphOptions = {};
  if (typeof attrs['styleId'] === 'string') options.style = attrs['styleId'];
  const alignment = ALIGNMENTS.get(String(attrs['align']));
  if (alignment) options.alignment = alignment;
  const indent = attrs['indent'] as Indentation | null;
  if (indent) options.indent = pickNumbers(indent, ['left', 'right', 'firstLine', 'hanging']);
  const spacing = attrs['spacing'] as Spacing | null;
  if (spacing) {
    options.spacing = {
      ...pickNumbers(spacing, ['before', 'after', 'line']),
      ...(spacing.lineRule ? { lineRule: spacing.lineRule } : {}),
    };
  }
  if (attrs['keepNext'] === true) options.keepNext = true;
  if (attrs['keepLines'] === true) options.keepLines = true;
  if (attrs['pageBreakBefore'] === true) options.pageBreakBefore = true;
  // w:bidi (ECMA-376 Part 1, 17.3.1.6): a right-to-left paragraph. Left-to-right is Word's default.
  if (attrs['direction'] === 'rtl') options.bidirectional = true;
  const shading = attrs['shading'];
  if (typeof shading === 'string' && /^[0-9A-Fa-f]{6}$/.test(shading)) options.shading = { type: ShadingType.CLEAR, color: 'auto', fill: shading };
  return options;
}

function pickNumbers<T extends object>(value: T, keys: readonly (keyof T & string)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of keys) {
    const number = value[key];
    if (typeof number === 'number' && Number.isFinite(number)) out[key] = Math.round(number);
  }
  return out;
}
