import { ImageRun } from 'docx';
import type { Node } from 'prosemirror-model';
import { decodeDataUriImage, twipsToPixels } from 'quire/model';
import { readImageSize } from './image-size.js';
import type { ImageSize } from './image-size.js';
import type { WriteContext } from './write-context.js';
import { removeInvalidXmlCharacters } from './xml-text.js';

/**
 * Returns an inline picture run for an `image` node, sized from its attributes (keeping the
 * image's proportions when only one side is given) and shrunk to the text width. Returns
 * `undefined` when the image cannot be resolved or its bytes are not the image they claim to be.
 */
export function writeImage(node: Node, context: WriteContext): ImageRun | undefined {
  const src = String(node.attrs['src']);
  const image = decodeDataUriImage(src) ?? context.options.resolveImage(src);
  if (!image) return undefined;
  const natural = readImageSize(image.type, image.bytes);
  if (!natural) return undefined;
  const size = fitToWidth(requestedSize(node, natural), twipsToPixels(context.contentWidth));
  const alt = typeof node.attrs['alt'] === 'string' ? removeInvalidXmlCharacters(node.attrs['alt']) : '';
  const title = typeof node.attrs['title'] === 'string' ? removeInvalidXmlCharacters(node.attrs['title']) : '';
  return new ImageRun({
    type: image.type,
    data: image.bytes,
    transformation: { width: Math.round(size.width), height: Math.round(size.height) },
    altText: { name: alt || 'Picture', description: alt, title },
  });
}

// Sizes in CSS pixels; model sizes are twips.
function requestedSize(node: Node, natural: ImageSize): ImageSize {
  const width = typeof node.attrs['width'] === 'number' ? twipsToPixels(node.attrs['width']) : undefined;
  const height = typeof node.attrs['height'] === 'number' ? twipsToPixels(node.attrs['height']) : undefined;
  if (width !== undefined && height !== undefined) return { width, height };
  if (width !== undefined) return { width, height: (width * natural.height) / natural.width };
  if (height !== undefined) return { width: (height * natural.width) / natural.height, height };
  return natural;
}

function fitToWidth(size: ImageSize, maxWidth: number): ImageSize {
  if (size.width <= maxWidth) return { width: Math.max(1, size.width), height: Math.max(1, size.height) };
  return { width: maxWidth, height: Math.max(1, (size.height * maxWidth) / size.width) };
}
