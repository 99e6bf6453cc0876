import type { EmbeddableImageType } from '../../model/data-uri.js';

/** Image formats a DOCX may hold, recognised from their first bytes (never from names or content types). */
export type PackageImageType = EmbeddableImageType | 'emf' | 'wmf' | 'tiff' | 'svg';

/**
 * A light grey 1 × 1 PNG that stands in, stretched to the picture's size, for pictures the model
 * cannot show (EMF, WMF, TIFF...), so that the layout keeps their place.
 */
export const PLACEHOLDER_IMAGE_SRC =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGO4efMmAAUaAoy1sJipAAAAAElFTkSuQmCC';

function startsWith(bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + prefix.length && prefix.every((byte, index) => bytes[offset + index] === byte);
}

/** Returns the format of image bytes from their signature, or undefined when unrecognised. */
export function sniffImageType(bytes: Uint8Array): PackageImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(bytes, [0x42, 0x4d])) return 'bmp';
  // EMF: an EMR_HEADER record (type 1) whose signature at offset 40 is " EMF" ([MS-EMF] 2.2.9).
  if (startsWith(bytes, [0x01, 0x00, 0x00, 0x00]) && startsWith(bytes, [0x20, 0x45, 0x4d, 0x46], 40)) return 'emf';
  // WMF: a placeable header, or a plain META_HEADER in memory or on disk ([MS-WMF] 2.3.2).
  if (startsWith(bytes, [0xd7, 0xcd, 0xc6, 0x9a]) || startsWith(bytes, [0x01, 0x00, 0x09, 0x00]) || startsWith(bytes, [0x02, 0x00, 0x09, 0x00])) return 'wmf';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 512));
  if (/^\uFEFF?\s*</.test(head) && /<svg[\s>]/i.test(head)) return 'svg';
  return undefined;
}

/** Returns whether the model can embed images of `type` as `data:` URIs. */
export function isEmbeddable(type: PackageImageType | undefined): type is EmbeddableImageType {
  return type === 'png' || type === 'jpg' || type === 'gif' || type === 'bmp';
}
