/** The part of pdfkit's document that writes content stream operators; its typings do not declare it. */
interface ContentWriter {
  addContent(data: string): unknown;
}

/**
 * Runs `draw` (one pdfkit `text` call) with its text object wrapped in a marked-content span whose
 * `ActualText` (ISO 32000-1, 14.9.4) is `actual`, so that extraction reads `actual` instead of the
 * glyphs' own Unicode mappings. The span is opened after pdfkit's `BT` coordinate change and closed
 * before its `Q`, because readers place the actual text with the transformation in force at `EMC`.
 */
export function drawWithActualText(pdf: PDFKit.PDFDocument, actual: string, draw: () => void): void {
  const writer = pdf as unknown as ContentWriter;
  const original = writer.addContent;
  writer.addContent = function (this: ContentWriter, data: string) {
    if (data === 'BT') original.call(this, `/Span <</ActualText <FEFF${utf16Hex(actual)}>>> BDC`);
    const result = original.call(this, data);
    if (data === 'ET') original.call(this, 'EMC');
    return result;
  };
  try {
    draw();
  } finally {
    writer.addContent = original;
  }
}

function utf16Hex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i += 1) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return hex.toUpperCase();
}
