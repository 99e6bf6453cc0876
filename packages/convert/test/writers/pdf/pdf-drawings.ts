import { inflateSync } from 'node:zlib';

/** A straight stroked line, in points from the page's top-left corner (as `pdftotext -bbox` measures). */
export interface DrawnLine {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly width: number;
  /** `RRGGBB` of the stroke. */
  readonly color: string;
  readonly dashed: boolean;
}

/** A filled rectangle, in points from the page's top-left corner. */
export interface FilledRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly color: string;
}

/** Where a text-showing operator draws, with the font size and fill colour it draws in. */
export interface DrawnText {
  readonly x: number;
  /** The baseline, in points from the page's top. */
  readonly baseline: number;
  readonly size: number;
  readonly color: string;
}

/** Where an XObject (a picture) is drawn: the unit square under the transformation matrix, in points from the page's top-left corner. */
export interface DrawnImage {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** What a page's content stream strokes, fills and shows. */
export interface PageDrawings {
  readonly lines: DrawnLine[];
  readonly rects: FilledRect[];
  readonly texts: DrawnText[];
  readonly images: DrawnImage[];
}

type Matrix = [number, number, number, number, number, number];

interface GraphicsState {
  ctm: Matrix;
  lineWidth: number;
  stroke: string;
  fill: string;
  dashed: boolean;
}

/**
 * Returns the lines and filled rectangles of each page of a PDF written by pdfkit (flate-compressed
 * content streams, one per page), read from its drawing operators with the transformation matrix applied.
 */
export function pageDrawings(pdf: Uint8Array): PageDrawings[] {
  const source = Buffer.from(pdf).toString('latin1');
  const streams = new Map<string, string>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*<<(?:(?!endobj)[\s\S])*?>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const data = Buffer.from(source.slice(start, source.indexOf('endstream', start)), 'latin1');
    try {
      streams.set(match[1]!, inflateSync(data).toString('latin1'));
    } catch {
      // Not a flate stream (an image or a font); it holds no drawing.
    }
  }
  const pages: PageDrawings[] = [];
  for (const match of source.matchAll(/<<\s*\/Type \/Page\b[\s\S]*?\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\][\s\S]*?\/Contents (\d+) 0 R[\s\S]*?>>/g)) {
    pages.push(readDrawings(streams.get(match[3]!) ?? '', Number(match[2])));
  }
  return pages;
}

function readDrawings(content: string, pageHeight: number): PageDrawings {
  const lines: DrawnLine[] = [];
  const rects: FilledRect[] = [];
  const texts: DrawnText[] = [];
  const images: DrawnImage[] = [];
  let textMatrix: Matrix = [1, 0, 0, 1, 0, 0];
  let fontSize = 0;
  const stack: GraphicsState[] = [];
  let state: GraphicsState = { ctm: [1, 0, 0, 1, 0, 0], lineWidth: 1, stroke: '000000', fill: '000000', dashed: false };
  let operands: string[] = [];
  let path: { x: number; y: number }[][] = [];
  let boxes: [number, number, number, number][] = [];
  const at = (x: number, y: number): { x: number; y: number } => {
    const [a, b, c, d, e, f] = state.ctm;
    return { x: a * x + c * y + e, y: pageHeight - (b * x + d * y + f) };
  };
  const numbers = (count: number): number[] => operands.slice(-count).map(Number);
  const inText = { value: false };
  for (const token of content.match(/\[[^\]]*\]|<[^>]*>|\([^)]*\)|\/?[^\s[\]<>()/]+/g) ?? []) {
    if (/^[-\d.]/.test(token) || token.startsWith('/') || token.startsWith('[') || token.startsWith('<') || token.startsWith('(')) {
      operands.push(token);
      continue;
    }
    switch (token) {
      case 'q': stack.push({ ...state, ctm: [...state.ctm] }); break;
      case 'Q': state = stack.pop() ?? state; break;
      case 'cm': state.ctm = multiply(numbers(6) as Matrix, state.ctm); break;
      case 'w': state.lineWidth = numbers(1)[0]!; break;
      case 'd': state.dashed = !/^\[\s*\]$/.test(operands.at(-2) ?? '[]'); break;
      case 'SCN': case 'RG': state.stroke = hex(numbers(3)); break;
      case 'scn': case 'rg': state.fill = hex(numbers(3)); break;
      case 'BT': inText.value = true; textMatrix = [1, 0, 0, 1, 0, 0]; break;
      case 'Tm': textMatrix = numbers(6) as Matrix; break;
      case 'Tf': fontSize = numbers(1)[0]!; break;
      case 'Tj': case 'TJ': {
        const origin = at(textMatrix[4], textMatrix[5]);
        texts.push({ x: origin.x, baseline: origin.y, size: fontSize * Math.abs(textMatrix[3]), color: state.fill });
        break;
      }
      case 'ET': inText.value = false; break;
      case 'm': if (!inText.value) path.push([at(...(numbers(2) as [number, number]))]); break;
      case 'l': if (!inText.value) path.at(-1)?.push(at(...(numbers(2) as [number, number]))); break;
      case 're': boxes.push(numbers(4) as [number, number, number, number]); break;
      case 'S':
        for (const points of path) {
          for (let index = 1; index < points.length; index += 1) {
            const from = points[index - 1]!;
            const to = points[index]!;
            lines.push({ x1: from.x, y1: from.y, x2: to.x, y2: to.y, width: state.lineWidth, color: state.stroke, dashed: state.dashed });
          }
        }
        path = [];
        boxes = [];
        break;
      case 'f': case 'f*':
        for (const [x, y, width, height] of boxes) {
          const corner = at(x, y);
          const opposite = at(x + width, y + height);
          rects.push({ x: Math.min(corner.x, opposite.x), y: Math.min(corner.y, opposite.y), width: Math.abs(opposite.x - corner.x), height: Math.abs(opposite.y - corner.y), color: state.fill });
        }
        path = [];
        boxes = [];
        break;
      case 'n': path = []; boxes = []; break;
      case 'Do': {
        const corner = at(0, 0);
        const opposite = at(1, 1);
        images.push({ x: Math.min(corner.x, opposite.x), y: Math.min(corner.y, opposite.y), width: Math.abs(opposite.x - corner.x), height: Math.abs(opposite.y - corner.y) });
        break;
      }
      default: break;
    }
    operands = [];
  }
  return { lines, rects, texts, images };
}

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

function hex(rgb: readonly number[]): string {
  return rgb.map((channel) => Math.round(channel * 255).toString(16).padStart(2, '0')).join('').toUpperCase();
}
