import { OPEN_FONTS, type DataImage, type FontFamilyId } from '../model/index.js';
import { toDataUri } from '../model/data-uri.js';
import type { FaceFile } from './font-catalog.js';
import type { LaidOutPage } from './paginate.js';
import type { PaintOp } from './paint-op.js';

type TextOp = Extract<PaintOp, { kind: 'text' }>;

/** How {@link paintPageElement} shows pictures and names bookmarks. */
export interface PaintPageOptions {
  /** The URL a picture is shown from (a blob URL the caller owns); a `data:` URI of its bytes by default. */
  readonly imageUrl?: (image: DataImage) => string;
  /** Put before each bookmark's element id, so that two documents on one web page keep apart (default none). */
  readonly idPrefix?: string;
  /**
   * The CSS family under which each font file is loaded as a face of its own (as `CanvasTextMeasurer`
   * loads them): text is then drawn with exactly the file the layout measured, in its own weight and
   * style. By default text names its open font, and the page's fonts of that name draw it.
   */
  readonly fileFamily?: (file: FaceFile) => string;
}

// The CSS families of the fallbacks that are not Word clones; the editor loads no web font for
// them, so the reader's own Noto fonts (or the generic family) draw those characters.
const FALLBACK_FAMILIES: Readonly<Record<string, string>> = { 'noto-sans-arabic': 'Noto Sans Arabic', 'noto-sans-sc': 'Noto Sans SC' };

/**
 * Returns one element per laid-out page: a box of the page's size (in CSS points, 1 pt = 4/3 px)
 * holding each paint operation as an absolutely positioned child, the same things at the same
 * places as the PDF writer draws them (@quire/convert's paint-pdf.ts). Text goes in as text
 * nodes, never as markup; links other than http(s), mailto and the document's own bookmarks are left out.
 */
export function paintPageElement(page: LaidOutPage, doc: Document, options: PaintPageOptions = {}): HTMLElement {
  const settings: Settings = {
    imageUrl: options.imageUrl ?? ((image: DataImage) => toDataUri(image.type, image.bytes)),
    idPrefix: options.idPrefix ?? '',
    fileFamily: options.fileFamily ?? null,
  };
  const { width, height } = page.geometry;
  const element = doc.createElement('div');
  element.className = 'quire-page';
  setStyle(element, { position: 'relative', overflow: 'hidden', width: pt(width), height: pt(height), background: '#ffffff' });
  for (const op of page.ops) {
    const child = paintOp(op, doc, height, settings);
    if (child) element.append(child);
  }
  return element;
}

interface Settings {
  readonly imageUrl: (image: DataImage) => string;
  readonly idPrefix: string;
  readonly fileFamily: ((file: FaceFile) => string) | null;
}

function paintOp(op: PaintOp, doc: Document, pageHeight: number, settings: Settings): HTMLElement | null {
  switch (op.kind) {
    case 'rect':
      return box(doc, 'div', op, { background: `#${op.color}` });
    case 'line':
      return line(op, doc);
    case 'text':
      return text(op, doc, pageHeight, settings.fileFamily);
    case 'image': {
      if (!op.image) return box(doc, 'div', op, { border: '0.5pt solid #999999', boxSizing: 'border-box' });
      const image = box(doc, 'img', op, {}) as HTMLImageElement;
      image.alt = '';
      image.src = settings.imageUrl(op.image);
      return image;
    }
    case 'link': {
      const href = op.href.startsWith('#') ? `#${settings.idPrefix}${op.href.slice(1)}` : /^(https?|mailto):/i.test(op.href) ? op.href : null;
      if (href === null) return null;
      const link = box(doc, 'a', op, {}) as HTMLAnchorElement;
      link.href = href;
      if (!href.startsWith('#')) {
        link.target = '_blank';
        link.rel = 'noopener noreferrer';
      }
      return link;
    }
    case 'anchor': {
      const anchor = box(doc, 'span', { x: op.x, y: op.y, width: 0, height: 0 }, {});
      anchor.id = `${settings.idPrefix}${op.name}`;
      return anchor;
    }
    // Where a comment's range is painted: the editor shows comments as cards of its own.
    case 'comment':
      return null;
  }
}

// The span's bottom is the baseline, whatever the font's ascent: with a line height of 0 the text
// sits (ascent - descent) / 2 above the baseline, and the empty inline-block at the end rests on
// the baseline, so the line box (and the span) ends exactly there (CSS 2.1, 10.8.1 and 10.8).
function text(op: TextOp, doc: Document, pageHeight: number, fileFamily: Settings['fileFamily']): HTMLElement {
  const span = doc.createElement('span');
  const face = fileFamily
    ? { fontFamily: `${JSON.stringify(fileFamily(op.file))}, ${cssFamily(op.file.face.family)}`, fontWeight: 'normal', fontStyle: 'normal' }
    : { fontFamily: cssFamily(op.file.face.family), fontWeight: String(op.file.face.weight), fontStyle: op.file.face.italic ? 'italic' : 'normal' };
  setStyle(span, {
    position: 'absolute',
    left: pt(op.x),
    bottom: pt(pageHeight - op.y),
    lineHeight: '0',
    whiteSpace: 'pre',
    ...face,
    fontSize: pt(op.size),
    fontKerning: 'normal',
    color: `#${op.color}`,
    ...(op.wordSpacing > 0 ? { wordSpacing: pt(op.wordSpacing) } : {}),
    // The run is all at one right-to-left level, in logical order: the browser lays its glyphs
    // out from the right, shaping joined letters and mirroring brackets, as pdfkit does.
    ...(op.rtl ? { direction: 'rtl', unicodeBidi: 'bidi-override' } : {}),
  });
  span.append(doc.createTextNode(op.text));
  const strut = doc.createElement('span');
  strut.style.display = 'inline-block';
  span.append(strut);
  return span;
}

// A line is a thin box along it, as thick as its width and centred on it; a line neither level
// nor upright is a level box turned about its start. Its ends are cut square, as pdfkit's (butt
// caps). Dashes are a repeating gradient of the layout's own dash and gap lengths.
function line(op: Extract<PaintOp, { kind: 'line' }>, doc: Document): HTMLElement {
  const half = op.width / 2;
  const upright = op.x1 === op.x2;
  const level = op.y1 === op.y2;
  const length = Math.hypot(op.x2 - op.x1, op.y2 - op.y1);
  const color = `#${op.color}`;
  const paint = op.dash
    ? `repeating-linear-gradient(${upright ? 'to bottom' : 'to right'}, ${color} 0 ${pt(op.dash.length)}, transparent ${pt(op.dash.length)} ${pt(op.dash.length + op.dash.space)})`
    : color;
  if (upright) return box(doc, 'div', { x: op.x1 - half, y: Math.min(op.y1, op.y2), width: op.width, height: length }, { background: paint });
  if (level) return box(doc, 'div', { x: Math.min(op.x1, op.x2), y: op.y1 - half, width: length, height: op.width }, { background: paint });
  const angle = Math.atan2(op.y2 - op.y1, op.x2 - op.x1);
  return box(doc, 'div', { x: op.x1, y: op.y1 - half, width: length, height: op.width }, { background: paint, transform: `rotate(${round(angle)}rad)`, transformOrigin: '0 50%' });
}

function box(doc: Document, tag: string, area: { x: number; y: number; width: number; height: number }, style: Record<string, string>): HTMLElement {
  const element = doc.createElement(tag);
  setStyle(element, { position: 'absolute', left: pt(area.x), top: pt(area.y), width: pt(area.width), height: pt(area.height), ...style });
  return element;
}

function setStyle(element: HTMLElement, style: Record<string, string>): void {
  Object.assign(element.style, style);
}

function cssFamily(family: FontFamilyId): string {
  const open = Object.hasOwn(OPEN_FONTS, family) ? OPEN_FONTS[family as keyof typeof OPEN_FONTS] : null;
  return open ? `"${open.family}", ${open.generic}` : `"${FALLBACK_FAMILIES[family] ?? family}", sans-serif`;
}

function pt(points: number): string {
  return `${round(points)}pt`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
