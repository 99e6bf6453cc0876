import type { XmlElement } from '@rgrove/parse-xml';
import type { ImageFloat, ImageWrap, RelativeFromH, RelativeFromV, WrapContour, WrapDistance } from '../../model/image-float.js';
import { directText, type OoxmlNames } from './ooxml-names.js';
import { parseInteger } from './ooxml-values.js';

const EMUS_PER_TWIP = 635;
const WRAPS: Readonly<Record<string, ImageWrap>> = {
  'wp:wrapSquare': 'square',
  'wp:wrapTight': 'square',
  'wp:wrapThrough': 'square',
  'wp:wrapTopAndBottom': 'topAndBottom',
  'wp:wrapNone': 'none',
};

const RELATIVE_H = new Set<string>(['page', 'margin', 'character', 'leftMargin', 'rightMargin', 'insideMargin', 'outsideMargin']);
const RELATIVE_V = new Set<string>(['page', 'margin', 'topMargin', 'bottomMargin', 'insideMargin', 'outsideMargin']);

/**
 * Returns the float of an anchored drawing (`wp:anchor`, ECMA-376 Part 1, 20.4.2.3): its wrapping,
 * the sides text flows on, and its offsets. Offsets are kept as written, in twips; a vertical
 * position not relative to the paragraph (the page, the margin) is read as the top of the
 * paragraph (`y` 0) for writers that know no pages, and kept as written in `pageY` or `alignV`
 * with what it is relative to (`relativeV`), as is a horizontal one's (`relativeH`) when not the column.
 * Tight and through wrapping keep their wrap polygon as the `contour` text runs up to; the room
 * text keeps from the drawing (`distT`, `distR`, `distB`, `distL`) is kept as its `distance`.
 */
export function readAnchorFloat(anchor: XmlElement, names: OoxmlNames): ImageFloat {
  let wrap: ImageWrap = 'none';
  let wrapText: ImageFloat['wrapText'];
  let contour: WrapContour | undefined;
  for (const child of names.children(anchor)) {
    const found = WRAPS[names.name(child)];
    if (!found) continue;
    wrap = found;
    const sides = names.attr(child, 'wrapText');
    wrapText = found === 'square' && (sides === 'left' || sides === 'right' || sides === 'largest') ? sides : undefined;
    contour = readContour(names.child(child, 'wp:wrapPolygon'), names);
  }
  const horizontal = names.child(anchor, 'wp:positionH');
  const vertical = names.child(anchor, 'wp:positionV');
  const align = horizontal && names.child(horizontal, 'wp:align');
  const alignment = align ? directText(align).trim() : '';
  const verticalFrom = vertical && names.attr(vertical, 'relativeFrom');
  const horizontalFrom = horizontal && names.attr(horizontal, 'relativeFrom');
  const onPage = verticalFrom !== undefined && RELATIVE_V.has(verticalFrom);
  const alignV = onPage ? verticalAlign(vertical, names) : undefined;
  const distance = readDistance(anchor, names);
  return {
    wrap,
    x: readOffset(horizontal, names),
    y: verticalFrom === 'paragraph' || verticalFrom === 'line' ? readOffset(vertical, names) : 0,
    align: alignment === 'left' || alignment === 'center' || alignment === 'right' ? alignment : alignment === 'inside' ? 'left' : alignment === 'outside' ? 'right' : null,
    ...(wrapText ? { wrapText } : {}),
    ...(horizontalFrom !== undefined && RELATIVE_H.has(horizontalFrom) ? { relativeH: horizontalFrom as RelativeFromH } : {}),
    ...(verticalFrom !== undefined && RELATIVE_V.has(verticalFrom) ? { relativeV: verticalFrom as RelativeFromV } : {}),
    ...(onPage ? (alignV ? { alignV } : { pageY: readOffset(vertical, names) }) : {}),
    ...(names.attr(anchor, 'behindDoc') === '1' || names.attr(anchor, 'behindDoc') === 'true' ? { behind: true } : {}),
    ...(contour ? { contour } : {}),
    ...(distance ? { distance } : {}),
  };
}

// The room text keeps from each side of the drawing, in twips; none when every side has none.
function readDistance(anchor: XmlElement, names: OoxmlNames): WrapDistance | undefined {
  const side = (name: string) => Math.max(0, Math.round((parseInteger(names.attr(anchor, name)) ?? 0) / EMUS_PER_TWIP));
  const distance = { top: side('distT'), right: side('distR'), bottom: side('distB'), left: side('distL') };
  return Object.values(distance).some((value) => value > 0) ? distance : undefined;
}

// The corners of a tight or through wrap's polygon (`wp:start`, then `wp:lineTo`), when it has three or more.
function readContour(polygon: XmlElement | undefined, names: OoxmlNames): WrapContour | undefined {
  if (!polygon) return undefined;
  const corners: [number, number][] = [];
  for (const corner of names.children(polygon)) {
    const x = parseInteger(names.attr(corner, 'x'));
    const y = parseInteger(names.attr(corner, 'y'));
    if (x !== undefined && y !== undefined) corners.push([x, y]);
  }
  return corners.length >= 3 ? corners : undefined;
}

// `wp:align` of a vertical position: inside and outside (of facing pages) read as top and bottom.
function verticalAlign(position: XmlElement | undefined, names: OoxmlNames): 'top' | 'center' | 'bottom' | undefined {
  const align = position && names.child(position, 'wp:align');
  const value = align ? directText(align).trim() : '';
  if (value === 'top' || value === 'inside') return 'top';
  if (value === 'bottom' || value === 'outside') return 'bottom';
  return value === 'center' ? 'center' : undefined;
}

function readOffset(position: XmlElement | undefined, names: OoxmlNames): number {
  const offset = position && names.child(position, 'wp:posOffset');
  const emus = offset ? parseInteger(directText(offset).trim()) : undefined;
  return emus === undefined ? 0 : Math.round(emus / EMUS_PER_TWIP);
}
