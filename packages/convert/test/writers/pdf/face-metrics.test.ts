// The face metrics table of quire/model against the font files it was generated from: layout in a
// browser takes ascent, underline and x-height from the table, the PDF writer from the fonts, and
// the two must not drift apart when a font package is updated.
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { FACE_METRICS, faceKey, faceLineMetrics, fileDecorationMetrics, fileLineMetrics } from 'quire/model';
import { embeddedFaces, fontUnitMetrics } from '../../../../../scripts/generate-face-metrics.js';
import { FontCatalog } from '../../../src/writers/pdf/font-catalog.js';
import { nodeFontSource } from '../../../src/writers/pdf/node-font-source.js';
import { PdfkitMeasurer } from '../../../src/writers/pdf/pdfkit-measurer.js';

const source = nodeFontSource();

describe('FACE_METRICS', () => {
  it('has an entry for each face the PDF writer embeds, and no other', () => {
    expect(Object.keys(FACE_METRICS).sort()).toEqual(embeddedFaces().map(faceKey).sort());
  });

  it('holds the metrics of every font file of each face, every Fontsource subset file of it included', () => {
    let files = 0;
    for (const face of embeddedFaces()) {
      for (const file of source.faceFiles(face) ?? []) {
        expect(fontUnitMetrics(source.load(file)), file.key).toEqual(FACE_METRICS[faceKey(face)]);
        files += 1;
      }
    }
    // The six Word font clones alone come in over a hundred files.
    expect(files).toBeGreaterThan(100);
  });

  it('gives the line and decoration metrics that pdfkit gives the PDF writer for the same files, Gelasio set as tall as Georgia', () => {
    const catalog = new FontCatalog();
    const measurer = new PdfkitMeasurer(new PDFDocument(), catalog);
    for (const face of embeddedFaces()) {
      const [segment] = catalog.segment(face.family === 'noto-sans-sc' ? '中' : face.family === 'noto-sans-arabic' ? 'ع' : 'x', face.family, { bold: face.weight === 700, italic: face.italic });
      const file = segment!.file;
      expect(file.face, faceKey(face)).toEqual(face);
      expect(faceLineMetrics(file.face), file.key).toEqual(measurer.lineMetrics(file));
      expect(fileLineMetrics(file), file.key).toEqual(file.lineMetrics ?? measurer.lineMetrics(file));
      expect(fileDecorationMetrics(file), file.key).toEqual(measurer.decorationMetrics(file));
    }
    const gelasio = catalog.segment('x', 'gelasio', { bold: false, italic: false })[0]!.file;
    expect(fileLineMetrics(gelasio)).toEqual({ ascent: 1878 / 2048, descent: 449 / 2048, gap: 0 });
  });
});
