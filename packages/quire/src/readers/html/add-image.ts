import type { Mark } from 'prosemirror-model';
import { isDataUri, readDataUriImageType } from '../../model/data-uri.js';
import type { DocumentBuilder } from '../../model/document-builder.js';
import type { WarningLog } from '../../model/read-result.js';
import { schema } from '../../model/schema.js';
import { pixelsToTwips } from '../../model/units.js';

/** The attributes of an image as a reader found them (HTML `<img>`, Markdown `![alt](src "title")`). */
export interface ImageSource {
  readonly src: string;
  readonly alt: string;
  readonly title?: string | undefined;
  /** Width and height in CSS pixels, when the source gives them. */
  readonly width?: number | undefined;
  readonly height?: number | undefined;
}

/**
 * Adds an image to `builder`: an image node when `src` is a base64 `data:` URI of a type a DOCX
 * can embed, otherwise its alt text with a warning. Nothing is ever fetched: a URL or file name
 * is only mentioned in the warning.
 */
export function addImageSource(builder: DocumentBuilder, log: WarningLog, image: ImageSource, marks: readonly Mark[]): void {
  const src = image.src.trim();
  if (readDataUriImageType(src)) {
    const attrs = {
      src,
      alt: image.alt === '' ? null : image.alt,
      title: image.title ?? null,
      width: image.width === undefined ? null : pixelsToTwips(image.width),
      height: image.height === undefined ? null : pixelsToTwips(image.height),
    };
    builder.addInline(schema.nodes['image']!.create(attrs, null, marks));
    return;
  }
  if (isDataUri(src)) {
    log.warn('READER_IMAGE_UNSUPPORTED', 'An image of a type that cannot be embedded (only PNG, JPEG, GIF and BMP can) was replaced by its alt text.');
  } else if (src !== '') {
    log.warn('READER_IMAGE_NOT_FETCHED', `The image ${JSON.stringify(shorten(src))} was not fetched (only data: URIs are embedded); its alt text was kept.`);
  }
  builder.addText(image.alt, marks);
}

/** Adds the image of an HTML `<img>` element (see {@link addImageSource}). */
export function addImage(builder: DocumentBuilder, log: WarningLog, attributes: Readonly<Record<string, string>>, marks: readonly Mark[]): void {
  addImageSource(
    builder,
    log,
    {
      src: attributes['src'] ?? '',
      alt: attributes['alt'] ?? '',
      title: attributes['title'],
      width: readPixels(attributes['width'], attributes['style'], 'width'),
      height: readPixels(attributes['height'], attributes['style'], 'height'),
    },
    marks,
  );
}

// A size in CSS pixels from the HTML attribute (`width="120"`) or the style (`width: 120px`).
function readPixels(attribute: string | undefined, style: string | undefined, property: string): number | undefined {
  const fromStyle = new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*(\\d+(?:\\.\\d+)?)px`, 'i').exec(style ?? '');
  const value = fromStyle ? Number(fromStyle[1]) : /^\s*\d+(?:\.\d+)?\s*(?:px)?\s*$/i.test(attribute ?? '') ? parseFloat(attribute!) : undefined;
  return value !== undefined && value > 0 && value <= 20000 ? value : undefined;
}

function shorten(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
