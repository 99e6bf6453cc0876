declare module 'omggif' {
  /** Reads a GIF's logical screen and frames (GIF89a). */
  interface GifReader {
    readonly width: number;
    readonly height: number;
    numFrames(): number;
    /** Writes frame `index` into `pixels` (RGBA, width × height × 4 bytes), leaving its transparent pixels as they were. */
    decodeAndBlitFrameRGBA(index: number, pixels: Uint8Array): void;
  }
  /** Writes a GIF from palette indices (used by tests to make fixtures). */
  interface GifWriter {
    addFrame(x: number, y: number, width: number, height: number, indices: number[], options?: { palette?: number[]; transparent?: number; delay?: number }): number;
    end(): number;
  }
  const omggif: {
    readonly GifReader: new (bytes: Uint8Array) => GifReader;
    readonly GifWriter: new (bytes: Uint8Array, width: number, height: number, options?: { palette?: number[]; loop?: number }) => GifWriter;
  };
  export default omggif;
}
