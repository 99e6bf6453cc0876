import { faceLineMetrics, fileDecorationMetrics } from '../../model/index.js';
import type { FaceFile, FontFile } from '../font-catalog.js';
import { inRanges } from '../sfnt-coverage.js';
import type { DecorationMetrics, LineMetrics, TextMeasurer } from '../text-measurer.js';

/** The font size text is measured at, in CSS pixels: large enough that hinting, which rounds advances at small sizes, does not change them. */
export const MEASURE_SIZE = 1000;

type MeasuringProperties = 'font' | 'fontKerning' | 'measureText';

/** What measuring in a browser needs: a 2D canvas context, the page's (or worker's) font set and its `FontFace`. */
export interface CanvasEnvironment {
  readonly context: Pick<CanvasRenderingContext2D, MeasuringProperties> | Pick<OffscreenCanvasRenderingContext2D, MeasuringProperties>;
  readonly fonts: Pick<FontFaceSet, 'add'>;
  readonly FontFace: typeof FontFace;
}

/** The CSS family under which a font file is added to the font set: one family per file, so that the canvas draws with that file only. */
export function fileFamily(file: Pick<FontFile, 'key'>): string {
  return `quire-measure-${file.key}`;
}

/**
 * Measures text in a browser with the same font files the PDF writer embeds, loaded as web fonts:
 * a canvas at 1000 px gives fontkit's advance widths (kerning and ligatures applied) to six
 * decimals; at small pixel sizes hinting rounds them. Line and decoration metrics, which a canvas
 * does not give, come from the face metrics table (quire/model), generated from the same fonts.
 * Files must be loaded ({@link loadFaceFiles}) before text in them is measured.
 */
export class CanvasTextMeasurer implements TextMeasurer {
  private readonly loaded = new Map<string, Promise<void>>();
  private readonly ready = new Set<string>();
  private currentFont = '';

  constructor(private readonly environment: CanvasEnvironment) {
    // Kerning asked for explicitly: with the default (`auto`) Chromium shapes word by word, apart
    // from the spaces, and loses the kerning pairs with a space that fontkit applies (Arimo's
    // "A " and " T", Caladea's); asked for, it shapes across spaces in fonts that kern them.
    environment.context.fontKerning = 'normal';
  }

  /**
   * Adds each file to the font set as a face of its own family and resolves once all have loaded;
   * rejects when one fails to. Files already added are not fetched again. A file of installed
   * fonts (`localNames`) that none of them is counts as loaded: its text is measured in the
   * browser's fallback font, which the pages show it in too.
   */
  async loadFaceFiles(files: Iterable<FontFile>): Promise<void> {
    const pending: Promise<void>[] = [];
    for (const file of files) {
      let loading = this.loaded.get(file.key);
      if (!loading) {
        const local = file.localNames;
        const source = local ? local.map((name) => `local(${JSON.stringify(name)})`).join(', ') : `url(${JSON.stringify(file.path)})`;
        const face = new this.environment.FontFace(fileFamily(file), source);
        this.environment.fonts.add(face);
        const loaded = face.load().then(() => undefined);
        loading = (local ? loaded.catch(() => undefined) : loaded).then(() => void this.ready.add(file.key));
        this.loaded.set(file.key, loading);
      }
      pending.push(loading);
    }
    await Promise.all(pending);
  }

  /** Whether `file` has loaded (see {@link loadFaceFiles}), so that text in it can be measured. */
  hasLoaded(file: Pick<FontFile, 'key'>): boolean {
    return this.ready.has(file.key);
  }

  advance(text: string, file: FaceFile): number {
    if (!this.ready.has(file.key)) throw new Error(`The font file ${file.key} is measured before it has loaded: call loadFaceFiles first.`);
    const font = `${MEASURE_SIZE}px ${JSON.stringify(fileFamily(file))}`;
    // Set only on a change: a canvas parses the font shorthand each time it is set.
    if (this.currentFont !== font) this.environment.context.font = this.currentFont = font;
    return this.environment.context.measureText(text).width / MEASURE_SIZE;
  }

  lineMetrics(file: FaceFile): LineMetrics {
    return faceLineMetrics(file.face);
  }

  decorationMetrics(file: FaceFile): DecorationMetrics {
    return fileDecorationMetrics(file);
  }

  /**
   * Approximate: whether the file's Unicode range has every character of `text`. A range can name
   * characters the font has no glyph for, which the PDF writer (reading the font's cmap) would
   * know; a canvas cannot tell.
   */
  drawsAll(text: string, file: FaceFile): boolean {
    return [...text].every((char) => inRanges(file.ranges, char.codePointAt(0) ?? 0));
  }
}
