import { describe, expect, it } from 'vitest';
import { encodePng } from '../../fidelity/rgba-image.js';
import { scoreImageSimilarity, scoreSimilarity } from '../../fidelity/score-similarity.js';
import { drawPage, textLines } from './draw-page.js';

describe('scoreSimilarity', () => {
  it('scores identical renderings 1', () => {
    const page = encodePng(drawPage(120, 160, textLines(20, 10)));
    const result = scoreSimilarity(page, Uint8Array.from(page));
    expect(result.score).toBe(1);
    expect(result.sameSize).toBe(true);
  });

  it('scores a page whose text moved down clearly lower than one nearly identical', () => {
    const reference = drawPage(120, 160, textLines(20, 10));
    const oneBarLonger = drawPage(120, 160, [...textLines(20, 10), { x: 10, y: 20, width: 60, height: 4, grey: 20 }]);
    const shifted = drawPage(120, 160, textLines(27, 10));
    const near = scoreImageSimilarity(reference, oneBarLonger).score;
    const far = scoreImageSimilarity(reference, shifted).score;
    expect(near).toBeGreaterThan(0.95);
    expect(near).toBeLessThan(1);
    expect(far).toBeLessThan(0.8);
  });

  it('scores a blank page against a page of text far below 1', () => {
    const text = drawPage(120, 160, textLines(10, 14));
    const blank = drawPage(120, 160, []);
    expect(scoreImageSimilarity(text, blank).score).toBeLessThan(0.6);
  });

  it('scales a rendering of another page size to the reference size and says the sizes differed', () => {
    const design = textLines(20, 10);
    const reference = drawPage(240, 320, design, 120, 160);
    const larger = drawPage(264, 330, design, 120, 160);
    const result = scoreSimilarity(encodePng(reference), encodePng(larger));
    expect(result.sameSize).toBe(false);
    expect(result.reference).toEqual({ width: 240, height: 320 });
    expect(result.candidate).toEqual({ width: 264, height: 330 });
    expect(result.score).toBeGreaterThan(0.8);
    expect(result.score).toBeLessThan(1);
  });

  it('throws when an input is not a PNG', () => {
    const page = encodePng(drawPage(40, 40, []));
    expect(() => scoreSimilarity(page, new TextEncoder().encode('not a png'))).toThrow();
  });
});
