declare module 'fontkit' {
  /** The font metrics the PDF tests compare drawings with, in font units. */
  interface Font {
    readonly unitsPerEm: number;
    readonly underlinePosition: number;
    readonly underlineThickness: number;
    readonly xHeight: number;
    readonly ascent: number;
    readonly descent: number;
    readonly lineGap: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  /** Opens a font file (TrueType, OpenType, WOFF). */
  export function create(bytes: Uint8Array): Font;
}
