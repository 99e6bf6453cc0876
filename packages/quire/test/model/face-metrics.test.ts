import { describe, expect, it } from 'vitest';
import {
  decorationMetricsOf,
  FACE_METRICS,
  faceKey,
  faceLineMetrics,
  faceUnitMetrics,
  fileDecorationMetrics,
  fileLineMetrics,
  lineMetricsOf,
  WORD_LINE_METRICS,
  type FaceId,
} from '../../src/model/face-metrics.js';
import { OPEN_FONTS } from '../../src/model/word-fonts.js';

const carlito: FaceId = { family: 'carlito', weight: 400, italic: false };

describe('faceKey', () => {
  it('names a face by family, weight and slant as Fontsource names its CSS files', () => {
    expect(faceKey(carlito)).toBe('carlito/400');
    expect(faceKey({ family: 'gelasio', weight: 700, italic: true })).toBe('gelasio/700-italic');
  });
});

describe('FACE_METRICS', () => {
  it('has the regular, bold, italic and bold italic face of every Word font clone, and the upright faces of the fallbacks', () => {
    const faces = Object.values(OPEN_FONTS).flatMap(({ id }) => [`${id}/400`, `${id}/400-italic`, `${id}/700`, `${id}/700-italic`]);
    expect(Object.keys(FACE_METRICS).sort()).toEqual([...faces, 'noto-sans-arabic/400', 'noto-sans-arabic/700', 'noto-sans-sc/400', 'noto-sans-sc/700'].sort());
  });

  it('has no entry for a face a family does not have, nor for names of object members', () => {
    expect(faceUnitMetrics({ family: 'noto-sans-sc', weight: 400, italic: true })).toBeUndefined();
    expect(faceUnitMetrics({ family: 'constructor' as 'carlito', weight: 400, italic: false })).toBeUndefined();
  });
});

describe('lineMetricsOf', () => {
  it("scales ascent, descent and line gap to ems as pdfkit does, bit for bit, with the descent made positive", () => {
    const font = { unitsPerEm: 2048, ascent: 1854, descent: -434, lineGap: 67 };
    const scale = 1000 / 2048;
    // pdfkit's EmbeddedFont keeps ascender = ascent * (1000 / unitsPerEm); the writer divides by 1000.
    expect(lineMetricsOf(font)).toEqual({ ascent: (1854 * scale) / 1000, descent: (434 * scale) / 1000, gap: (67 * scale) / 1000 });
  });
});

describe('decorationMetricsOf', () => {
  it("reads the underline's top, its thickness and the x-height in ems from the font's units", () => {
    expect(decorationMetricsOf({ unitsPerEm: 1000, underlinePosition: -75, underlineThickness: 50, xHeight: 467 })).toEqual({ underlineTop: 0.075, underlineThickness: 0.05, xHeight: 0.467 });
  });

  it("gives a font without the values Word's usual proportions: 0.1 em below the baseline, 0.05 em thick, an x-height of 0.45 em", () => {
    const usual = { underlineTop: 0.1, underlineThickness: 0.05, xHeight: 0.45 };
    expect(decorationMetricsOf(undefined)).toEqual(usual);
    expect(decorationMetricsOf({ unitsPerEm: 2048, underlinePosition: 0, underlineThickness: 0, xHeight: 0 })).toEqual(usual);
    // An underline above the baseline is a broken post table, not a design.
    expect(decorationMetricsOf({ unitsPerEm: 2048, underlinePosition: 120 }).underlineTop).toBe(0.1);
  });

  it('counts units per em as 1000 when the font says none', () => {
    expect(decorationMetricsOf({ unitsPerEm: 0, underlinePosition: -100, underlineThickness: 50, xHeight: 500 })).toEqual({ underlineTop: 0.1, underlineThickness: 0.05, xHeight: 0.5 });
  });
});

describe('fileLineMetrics', () => {
  it("lays a file's lines out with its face's own metrics from the table", () => {
    expect(fileLineMetrics({ face: carlito })).toEqual(lineMetricsOf(FACE_METRICS['carlito/400']!));
    expect(fileLineMetrics({ face: carlito })).toEqual(faceLineMetrics(carlito));
  });

  it("lays Gelasio's lines out as tall as Georgia's, not with Gelasio's taller ascent and descent", () => {
    const gelasio = { face: { family: 'gelasio', weight: 700, italic: true } as const, lineMetrics: WORD_LINE_METRICS.gelasio! };
    expect(fileLineMetrics(gelasio)).toEqual({ ascent: 1878 / 2048, descent: 449 / 2048, gap: 0 });
    const own = faceLineMetrics(gelasio.face);
    expect(own.ascent).toBeCloseTo(1900 / 2048, 12);
    expect(own.descent).toBeCloseTo(700 / 2048, 12);
  });

  it('throws for a face the table does not have, naming it', () => {
    expect(() => fileLineMetrics({ face: { family: 'noto-sans-sc', weight: 700, italic: true } })).toThrow('noto-sans-sc/700-italic');
  });
});

describe('fileDecorationMetrics', () => {
  it("gives a file its face's underline and x-height, which differ between a family's faces", () => {
    expect(fileDecorationMetrics({ face: { family: 'tinos', weight: 400, italic: false } }).underlineThickness).toBe(100 / 2048);
    expect(fileDecorationMetrics({ face: { family: 'tinos', weight: 700, italic: false } }).underlineThickness).toBe(195 / 2048);
  });
});
