import type { FaceDecorationMetrics, FaceLineMetrics } from '../model/index.js';
import type { FaceFile } from './font-catalog.js';

/** Vertical metrics of a font (ascent, descent positive below the baseline, line gap), in ems or in points. */
export type LineMetrics = FaceLineMetrics;

/**
 * Where a font draws its underline and strikethrough, in ems: the underline's top below the
 * baseline and its thickness (the `post` table), and the x-height, whose middle a strikethrough crosses.
 */
export type DecorationMetrics = FaceDecorationMetrics;

/**
 * How the layout measures text, whatever draws it: the PDF writer measures with the embedded
 * fonts' own tables, the editor with the same font files loaded as web fonts. Both must give the
 * same numbers for the same file, or the two would break lines differently.
 */
export interface TextMeasurer {
  /** The advance width of `text` set in `file` at 1 pt, in points (kerning and ligatures applied). */
  advance(text: string, file: FaceFile): number;
  /** The file's own ascent, descent and line gap at 1 pt. */
  lineMetrics(file: FaceFile): LineMetrics;
  /** Where the file draws underlines and strikethroughs. */
  decorationMetrics(file: FaceFile): DecorationMetrics;
  /** Whether `file` has a glyph for every character of `text`: a face's Unicode ranges can name characters it does not draw. */
  drawsAll(text: string, file: FaceFile): boolean;
}
