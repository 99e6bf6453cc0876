import { describe, expect, it } from 'vitest';
import { CanvasTextMeasurer, webFontSource, type CanvasEnvironment, type FaceFile } from '../../../src/layout/index.js';
import { faceLineMetrics, fileDecorationMetrics } from '../../../src/model/index.js';

/**
 * A canvas that reports the font it measures in and gives each character 0.5 of its pixel size,
 * and a font set that records the faces added; faces of installed fonts (`local()`) fail to load
 * unless `installed`.
 */
function fakeEnvironment(installed = false) {
  const added: { family: string; source: string }[] = [];
  const measured: string[] = [];
  const context = {
    font: '',
    fontKerning: 'auto',
    measureText(text: string) {
      measured.push(this.font);
      return { width: [...text].length * 0.5 * Number.parseFloat(this.font) } as TextMetrics;
    },
  };
  class FakeFontFace {
    constructor(readonly family: string, readonly source: string) {}
    load() {
      added.push({ family: this.family, source: this.source });
      return this.source.startsWith('local(') && !installed ? Promise.reject(new DOMException('no such font', 'NetworkError')) : Promise.resolve(this);
    }
  }
  const environment = { context, fonts: { add: () => undefined }, FontFace: FakeFontFace } as unknown as CanvasEnvironment;
  return { environment, added, measured };
}

const face = { family: 'carlito', weight: 400, italic: false } as const;
const [latinExt, latin] = webFontSource('https://example.test/fonts/').faceFiles(face)!.map((file): FaceFile => ({ ...file, face }));

describe('CanvasTextMeasurer', () => {
  it('measures at 1000 px in a family of its own per file, once the file has loaded', async () => {
    const { environment, added, measured } = fakeEnvironment();
    const measurer = new CanvasTextMeasurer(environment);
    expect(() => measurer.advance('Word', latin!)).toThrow(/before it has loaded/);
    await measurer.loadFaceFiles([latin!, latin!]);
    expect(added).toEqual([{ family: 'quire-measure-carlito-latin-400-normal', source: 'url("https://example.test/fonts/carlito-latin-400-normal.woff2")' }]);
    expect(measurer.advance('Word', latin!)).toBe(2);
    expect(measured).toEqual(['1000px "quire-measure-carlito-latin-400-normal"']);
    // Chromium loses kerning pairs with a space unless kerning is asked for.
    expect(environment.context.fontKerning).toBe('normal');
  });

  it("takes line and decoration metrics from the face metrics table, and whether it draws text from the file's range", () => {
    const measurer = new CanvasTextMeasurer(fakeEnvironment().environment);
    expect(measurer.lineMetrics(latin!)).toEqual(faceLineMetrics(face));
    expect(measurer.decorationMetrics(latin!)).toEqual(fileDecorationMetrics(latin!));
    expect(measurer.drawsAll('Ångström', latin!)).toBe(true);
    expect(measurer.drawsAll('Ångström ŭ', latin!)).toBe(false);
    expect(measurer.drawsAll('ŭ', latinExt!)).toBe(true);
  });

  it('measures the CJK fallback, which is not shipped, in the installed Noto Sans SC, or in the browser’s fallback font when it is not installed', async () => {
    const cjk = { family: 'noto-sans-sc', weight: 400, italic: false } as const;
    const [file] = webFontSource('https://example.test/fonts/').faceFiles(cjk)!.map((each): FaceFile => ({ ...each, face: cjk }));
    for (const installed of [true, false]) {
      const { environment, added } = fakeEnvironment(installed);
      const measurer = new CanvasTextMeasurer(environment);
      await measurer.loadFaceFiles([file!]);
      expect(added).toEqual([{ family: 'quire-measure-noto-sans-sc-400', source: expect.stringMatching(/^local\("Noto Sans SC Regular"\), local\("NotoSansSC-Regular"\), /) }]);
      expect(measurer.advance('漢字', file!)).toBe(1);
      expect(measurer.lineMetrics(file!)).toEqual(faceLineMetrics(cjk));
    }
  });

  it('rejects when a shipped file fails to load', async () => {
    const { environment } = fakeEnvironment();
    const failing = { ...latin!, path: 'https://example.test/fonts/missing.woff2' };
    (environment as unknown as { FontFace: unknown }).FontFace = class {
      load() {
        return Promise.reject(new DOMException('missing', 'NetworkError'));
      }
    };
    await expect(new CanvasTextMeasurer(environment).loadFaceFiles([failing])).rejects.toThrow('missing');
  });
});
