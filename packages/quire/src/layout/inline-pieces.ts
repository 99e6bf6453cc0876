import type { Node } from 'prosemirror-model';
import { decodeDataUriImage, isShownInMarkup, readImageFloat, readImageSize } from '../model/index.js';
import type { ImageSize } from '../model/index.js';
import type { FloatImage } from './float-wrap.js';
import { isEndnote, type LayoutContext } from './layout-context.js';
import type { Piece } from './line-layout.js';
import { withReviewMarks } from './review-style.js';
import { applyMarks } from './text-style.js';
import type { TextStyle } from './text-style.js';

/**
 * Returns the inline content of a textblock as pieces, with footnote references as superscript
 * numbers. Floating images go to `floats` when it is given, and are set inline otherwise.
 * Tracked changes show as the context's markup says (see `isShownInMarkup`): deletions are left
 * out in `none` markup (as if accepted), insertions in `original` (as if rejected); in `all` both
 * are set, drawn with their review look (see `withReviewMarks`).
 */
export function collectPieces(context: LayoutContext, block: Node, base: TextStyle, maxImage: ImageSize, floats?: FloatImage[]): Piece[] {
  const pieces: Piece[] = [];
  const { markup } = context;
  block.forEach((child, offset) => {
    if (child.marks.length > 0 && !isShownInMarkup(child, markup)) return;
    const style = markup === 'all' && child.marks.length > 0 ? withReviewMarks(applyMarks(base, child.marks, context.look.fontClasses), child.marks, context.authorColours) : applyMarks(base, child.marks, context.look.fontClasses);
    const from = { offset, literal: child.isText };
    switch (child.type.name) {
      case 'text':
        pieces.push({ kind: 'text', text: child.text ?? '', style, from });
        break;
      case 'hard_break':
        pieces.push(child.attrs['kind'] === 'column' ? { kind: 'break', column: true, from } : { kind: 'break', from });
        break;
      case 'footnote_reference': {
        const id = String(child.attrs['id']);
        // Endnotes are set after the text, not at the foot of the page that refers to them.
        const placed = isEndnote(id) ? {} : { footnoteId: id };
        pieces.push({ kind: 'text', text: context.noteMark(id), style: { ...style, script: 'superscript' }, ...placed, from });
        break;
      }
      case 'field':
        pieces.push({ kind: 'text', text: context.fieldText(child), style, from });
        break;
      case 'opaque_inline':
        pieces.push({ kind: 'text', text: String(child.attrs['text']), style, from });
        break;
      case 'image': {
        const piece = { ...imagePiece(context, child, maxImage), from };
        const float = readImageFloat(child.attrs['float']);
        if (float && floats && piece.kind === 'image') floats.push({ float, width: piece.width, height: piece.height, paint: piece.paint });
        else pieces.push(piece);
        break;
      }
      default:
        if (child.textContent) pieces.push({ kind: 'text', text: child.textContent, style, from });
    }
  });
  return pieces;
}

function imagePiece(context: LayoutContext, node: Node, max: ImageSize): Piece {
  const src = String(node.attrs['src']);
  const decoded = src.startsWith('data:') ? (decodeDataUriImage(src) ?? null) : null;
  const pixels = decoded ? readImageSize(decoded.type, decoded.bytes) : undefined;
  if (!decoded) context.warn({ code: 'PDF_IMAGE_UNSUPPORTED', message: 'An image without embedded data is shown as a placeholder.' });
  else if (!pixels) context.warn({ code: 'PDF_IMAGE_UNREADABLE', message: `An image (${decoded.type.toUpperCase()}) could not be decoded; a placeholder is shown.` });
  // Pixels count as 1/96 inch, as in Word and CSS.
  const natural = sizeInPoints(node) ?? (pixels ? { width: pixels.width * 0.75, height: pixels.height * 0.75 } : { width: 72, height: 72 });
  const scale = Math.min(1, max.width / Math.max(natural.width, 1), max.height / Math.max(natural.height, 1));
  const width = Math.max(1, natural.width * scale);
  const height = Math.max(1, natural.height * scale);
  const image = pixels ? decoded : null;
  return { kind: 'image', width, height, paint: (target, x, top) => void target.ops.push({ kind: 'image', x, y: top, width, height, image }) };
}

function sizeInPoints(node: Node): ImageSize | null {
  const width = node.attrs['width'];
  const height = node.attrs['height'];
  if (typeof width !== 'number' || typeof height !== 'number' || width <= 0 || height <= 0) return null;
  return { width: width / 20, height: height / 20 };
}
