/**
 * The vertical and decoration metrics of the font faces Quire embeds in PDF and loads as web
 * fonts, as the PDF writer reads them from each font (OpenType `head`, `hhea`, `post` and `OS/2`
 * tables, through fontkit): a browser measures advance widths with a canvas but cannot read these,
 * so layout code running there takes them from {@link FACE_METRICS} and gets the PDF writer's
 * numbers. Pure data and arithmetic.
 */
import { FACE_METRICS } from './face-metrics-table.js';
import type { OpenFontId } from './word-fonts.js';

export { FACE_METRICS };

/** A font family the PDF writer embeds, named as its npm package: a Word font's clone or a fallback for other scripts. */
export type FontFamilyId = OpenFontId | 'noto-sans-sc' | 'noto-sans-arabic';

/** One face of a family: its weight and slant. */
export interface FaceId {
  readonly family: FontFamilyId;
  readonly weight: 400 | 700;
  readonly italic: boolean;
}

/**
 * A face's metrics in font units, named as fontkit names them: units per em (`head`), ascent,
 * descent and line gap (`hhea`; descent negative), the top of the underline and its thickness
 * (`post`; the position negative below the baseline) and the x-height (`OS/2`).
 */
export interface FontUnitMetrics {
  readonly unitsPerEm: number;
  readonly ascent: number;
  readonly descent: number;
  readonly lineGap: number;
  readonly underlinePosition: number;
  readonly underlineThickness: number;
  readonly xHeight: number;
}

/** Ascent, descent (positive, below the baseline) and line gap, in ems. */
export interface FaceLineMetrics {
  readonly ascent: number;
  readonly descent: number;
  readonly gap: number;
}

/** The underline's top below the baseline, its thickness and the x-height (whose middle a strikethrough crosses), in ems. */
export interface FaceDecorationMetrics {
  readonly underlineTop: number;
  readonly underlineThickness: number;
  readonly xHeight: number;
}

/**
 * Vertical metrics of the Word fonts whose clones have the Word font's widths but not its ascent
 * and descent, in ems: lines set in the clone are as tall as Word's. Gelasio's are 1900 + 700
 * units of 2048, Georgia's 1878 + 449 (its hhea and OS/2 win values, no line gap). Arabic is set
 * in Noto Sans Arabic, whose lines (1374 + 738 units of 1000) are nearly twice as tall as those
 * of Arial, the Arabic font of Word's theme (`<a:font script="Arab" typeface="Arial"/>`): its
 * lines take Arial's height (Arimo's metrics), as Word's do.
 */
export const WORD_LINE_METRICS: Partial<Readonly<Record<FontFamilyId, FaceLineMetrics>>> = {
  gelasio: { ascent: 1878 / 2048, descent: 449 / 2048, gap: 0 },
  'noto-sans-arabic': { ascent: 1854 / 2048, descent: 434 / 2048, gap: 67 / 2048 },
};

/** Returns the key of a face in {@link FACE_METRICS}: the family, then the weight and `-italic` as Fontsource names its CSS files (`carlito/700-italic`). */
export function faceKey(face: FaceId): string {
  return `${face.family}/${face.weight}${face.italic ? '-italic' : ''}`;
}

/** Returns a face's metrics in font units, or undefined for a face the table does not have (the CJK and Arabic fallbacks have no italic). */
export function faceUnitMetrics(face: FaceId): FontUnitMetrics | undefined {
  const key = faceKey(face);
  return Object.hasOwn(FACE_METRICS, key) ? FACE_METRICS[key] : undefined;
}

/**
 * Returns a font's ascent, descent and line gap in ems, computed as pdfkit computes them
 * (scaled to 1000 units per em, then divided by 1000), so that the numbers are the same to the bit.
 */
export function lineMetricsOf(font: Pick<FontUnitMetrics, 'unitsPerEm' | 'ascent' | 'descent' | 'lineGap'>): FaceLineMetrics {
  const scale = 1000 / font.unitsPerEm;
  return { ascent: (font.ascent * scale) / 1000, descent: -(font.descent * scale) / 1000, gap: (font.lineGap * scale) / 1000 };
}

/**
 * Returns where a font draws underlines and strikethroughs, in ems; a font without the values
 * (zero, missing, an underline above the baseline) gets Word's usual proportions: an underline
 * 0.05 em thick whose top is 0.1 em below the baseline, and an x-height of 0.45 em.
 */
export function decorationMetricsOf(font: Partial<Pick<FontUnitMetrics, 'unitsPerEm' | 'underlinePosition' | 'underlineThickness' | 'xHeight'>> | undefined): FaceDecorationMetrics {
  const em = font?.unitsPerEm && font.unitsPerEm > 0 ? font.unitsPerEm : 1000;
  const underlineThickness = font?.underlineThickness && font.underlineThickness > 0 ? font.underlineThickness / em : 0.05;
  // The OpenType post table's underlinePosition is the top of the underline, negative below the baseline.
  const underlineTop = typeof font?.underlinePosition === 'number' && font.underlinePosition < 0 ? -font.underlinePosition / em : 0.1;
  const xHeight = font?.xHeight && font.xHeight > 0 ? font.xHeight / em : 0.45;
  return { underlineTop, underlineThickness, xHeight };
}

/**
 * Returns a face's own ascent, descent and line gap in ems, as the PDF writer reads them from its font.
 * Throws for a face the table does not have, a programmer error (run scripts/generate-face-metrics.ts).
 */
export function faceLineMetrics(face: FaceId): FaceLineMetrics {
  return lineMetricsOf(requireFace(face));
}

/** A font file of a face, as far as its metrics go: its face and the line metrics it is laid out with instead of its own, if any. */
export interface FaceOfFile {
  readonly face: FaceId;
  readonly lineMetrics?: FaceLineMetrics;
}

/**
 * Returns the ascent, descent and line gap, in ems, that the PDF writer lays out lines of `file`
 * with: the file's own override (a Word font's height, see {@link WORD_LINE_METRICS}) or its face's.
 * Throws for a face the table does not have.
 */
export function fileLineMetrics(file: FaceOfFile): FaceLineMetrics {
  return file.lineMetrics ?? faceLineMetrics(file.face);
}

/** Returns where the PDF writer draws underlines and strikethroughs of text in `file`, in ems (see {@link decorationMetricsOf}). Throws for a face the table does not have. */
export function fileDecorationMetrics(file: FaceOfFile): FaceDecorationMetrics {
  return decorationMetricsOf(requireFace(file.face));
}

function requireFace(face: FaceId): FontUnitMetrics {
  const metrics = faceUnitMetrics(face);
  if (!metrics) throw new Error(`No metrics for the font face ${faceKey(face)}: regenerate src/model/face-metrics-table.ts`);
  return metrics;
}
