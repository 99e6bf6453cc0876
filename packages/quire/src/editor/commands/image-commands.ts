import type { Command } from 'prosemirror-state';
import { readDataUriImageType } from '../../model/data-uri.js';
import { pixelsToTwips } from '../../model/units.js';
import { textWidthAt } from '../view/render-context.js';

/** The picture types a DOCX can embed, by media type. */
const EMBEDDABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/bmp']);

/** A picture read from a file, ready to insert. */
export interface ImageData {
  readonly src: string;
  /** Natural size in CSS pixels, when the page could decode the picture. */
  readonly width: number | null;
  readonly height: number | null;
}

/**
 * Reads a PNG, JPEG, GIF or BMP file as a `data:` URI with its natural size (`createImageBitmap`,
 * where the page has it). Resolves to null for another type of file.
 */
export async function readImageFile(file: Blob): Promise<ImageData | null> {
  const type = file.type.toLowerCase();
  if (!EMBEDDABLE.has(type)) return null;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const src = `data:${type};base64,${toBase64(bytes)}`;
  if (readDataUriImageType(src) === undefined) return null;
  let width: number | null = null;
  let height: number | null = null;
  if (typeof globalThis.createImageBitmap === 'function') {
    try {
      const bitmap = await globalThis.createImageBitmap(file);
      width = bitmap.width;
      height = bitmap.height;
      bitmap.close();
    } catch {
      // Undecodable pictures are inserted at the size the writer decides.
    }
  }
  return { src, width, height };
}

/** Inserts a picture at the selection, scaled down to the width of the text column when wider. */
export function insertImage(image: ImageData): Command {
  return (state, dispatch) => {
    const type = state.schema.nodes['image']!;
    const { $from } = state.selection;
    if ($from.parent.type.spec.code) return false;
    if (dispatch) {
      let width = image.width === null ? null : pixelsToTwips(image.width);
      let height = image.height === null ? null : pixelsToTwips(image.height);
      const column = textWidthAt($from);
      if (width !== null && height !== null && width > column) {
        height = Math.round((height * column) / width);
        width = column;
      }
      dispatch(state.tr.replaceSelectionWith(type.create({ src: image.src, width, height })).scrollIntoView());
    }
    return true;
  };
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}
