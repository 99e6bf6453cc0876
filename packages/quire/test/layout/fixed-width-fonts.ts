// Fonts for layout tests that read no font file: every face in one file covering printable ASCII,
// measured at half an em per character with each face's own line and decoration metrics.
import type { FontFile, FontSource } from '../../src/layout/font-catalog.js';
import type { TextMeasurer } from '../../src/layout/text-measurer.js';
import { faceKey, fileDecorationMetrics, fileLineMetrics, type FaceId } from '../../src/model/index.js';

/** Every face of every family in one file covering printable ASCII; nothing is ever read. */
export const asciiFontSource: FontSource = {
  hasFamily: () => true,
  faceFiles: (face: FaceId): FontFile[] => [{ key: faceKey(face), path: `memory:${faceKey(face)}`, ranges: [[0x20, 0x7e]] }],
  load: () => new Uint8Array(),
};

/** Half an em per character, and each face's own line and decoration metrics. */
export const halfEmMeasurer: TextMeasurer = {
  advance: (text) => [...text].length * 0.5,
  lineMetrics: (file) => fileLineMetrics(file),
  decorationMetrics: (file) => fileDecorationMetrics(file),
  drawsAll: () => true,
};
