import type { Node } from 'prosemirror-model';
import { decodeDataUriImage } from '../../model/index.js';
import type { Piece } from './line-layout.js';
import type { PdfContext } from './pdf-context.js';
import { applyMarks } from './text-style.js';
import type { TextStyle } from './text-style.js';

/** The part of pdfkit's image object used here; pdfkit's typings do not declare `openImage`. */
interface OpenedImage {
  readonly width: number;
  readonly height: number;
}

interface ImageOpener {
  openImage(src: Buffer): OpenedImage;
}

interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/** Returns the inline content of a textblock as pieces, with footnote references as superscript numbers. */
export function collectPieces(context: PdfContext, block: Node, base: TextStyle, maxImage: ImageSize): Piece[] {
  const pieces: Piece[] = [];
  block.forEach((child) => {
    const style = applyMarks(base, child.marks);
    switch (child.type.name) {
      case 'text':
        pieces.push({ kind: 'text', text: child.text ?? '', style });
        break;
      case 'hard_break':
        pieces.push({ kind: 'break' });
        break;
      case 'footnote_reference': {
        const number = context.footnoteNumber(String(child.attrs['id']));
        pieces.push({ kind: 'text', text: String(number), style: { ...style, script: 'superscript' }, footnoteId: String(child.attrs['id']) });
        break;
      }
      case 'opaque_inline':
        pieces.push({ kind: 'text', text: String(child.attrs['text']), style });
        break;
      case 'image':
        pieces.push(imagePiece(context, child, maxImage));
        break;
      default:
        if (child.textContent) pieces.push({ kind: 'text', text: child.textContent, style });
    }
  });
  return pieces;
}

function imagePiece(context: PdfContext, node: Node, max: ImageSize): Piece {
  const src = String(node.attrs['src']);
  const decoded = src.startsWith('data:') ? (decodeDataUriImage(src) ?? null) : null;
  const declared = sizeInPoints(node);
  let opened: OpenedImage | null = null;
  if (decoded && (decoded.type === 'png' || decoded.type === 'jpg')) {
    try {
      opened = (context.pdf as unknown as ImageOpener).openImage(Buffer.from(decoded.bytes));
    } catch {
      context.warn({ code: 'PDF_IMAGE_UNREADABLE', message: 'An image could not be decoded; a placeholder is shown.' });
    }
  } else {
    context.warn({ code: 'PDF_IMAGE_UNSUPPORTED', message: `Image ${decoded ? decoded.type.toUpperCase() : 'without data'} is shown as a placeholder.` });
  }
  // Pixels count as 1/96 inch, as in Word and CSS.
  const natural = declared ?? (opened ? { width: opened.width * 0.75, height: opened.height * 0.75 } : { width: 72, height: 72 });
  const scale = Math.min(1, max.width / Math.max(natural.width, 1), max.height / Math.max(natural.height, 1));
  const width = Math.max(1, natural.width * scale);
  const height = Math.max(1, natural.height * scale);
  const image = opened;
  return {
    kind: 'image',
    width,
    height,
    paint: (x, top) => {
      if (image) context.pdf.image(image as unknown as Buffer, x, top, { width, height });
      else context.pdf.save().lineWidth(0.5).strokeColor('#999999').rect(x, top, width, height).stroke().restore();
    },
  };
}

function sizeInPoints(node: Node): ImageSize | null {
  const width = node.attrs['width'];
  const height = node.attrs['height'];
  if (typeof width !== 'number' || typeof height !== 'number' || width <= 0 || height <= 0) return null;
  return { width: width / 20, height: height / 20 };
}
