import { BorderStyle } from 'docx';
import type { IBorderOptions, ITableBordersOptions, ITableCellBorders } from 'docx';
import type { BorderLine, Borders } from 'quire/model';

const STYLES = new Map<string, (typeof BorderStyle)[keyof typeof BorderStyle]>([
  ['single', BorderStyle.SINGLE],
  ['double', BorderStyle.DOUBLE],
  ['dashed', BorderStyle.DASHED],
  ['dotted', BorderStyle.DOTTED],
  ['none', BorderStyle.NONE],
]);

// Border widths are eighths of a point (ECMA-376 Part 1, 17.18.2 ST_EighthPointMeasure), 2 to 96.
function writeLine(line: BorderLine | undefined): IBorderOptions | undefined {
  if (!line) return undefined;
  const style = STYLES.get(line.style) ?? BorderStyle.SINGLE;
  const size = Math.min(96, Math.max(2, Math.round((Number(line.width) || 0.5) * 8)));
  const color = /^[0-9A-Fa-f]{6}$/.test(line.color) ? line.color : 'auto';
  return { style, size, color };
}

function compact<T extends object>(value: T): T | undefined {
  const entries = Object.entries(value).filter(([, line]) => line !== undefined);
  return entries.length > 0 ? (Object.fromEntries(entries) as T) : undefined;
}

/** Returns the docx borders of a table's `borders` attribute, or `undefined` to keep the table style's. */
export function writeTableBorders(borders: Borders | null | undefined): ITableBordersOptions | undefined {
  if (!borders) return undefined;
  return compact<ITableBordersOptions>({
    top: writeLine(borders.top),
    right: writeLine(borders.right),
    bottom: writeLine(borders.bottom),
    left: writeLine(borders.left),
    insideHorizontal: writeLine(borders.insideH),
    insideVertical: writeLine(borders.insideV),
  });
}

/** Returns the docx borders of a cell's `borders` attribute, or `undefined` to keep the table's. */
export function writeCellBorders(borders: Borders | null | undefined): ITableCellBorders | undefined {
  if (!borders) return undefined;
  return compact<ITableCellBorders>({
    top: writeLine(borders.top),
    right: writeLine(borders.right),
    bottom: writeLine(borders.bottom),
    left: writeLine(borders.left),
  });
}
