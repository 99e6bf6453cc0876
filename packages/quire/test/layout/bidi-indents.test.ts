// A right-to-left paragraph (w:bidi) starts at the right margin: Word measures its start indent,
// its first line's indent and its tab stops from there, and its end indent from the left margin
// (ECMA-376 Part 1, 17.3.1.12 and 17.3.1.37).
import { describe, expect, it } from 'vitest';
import { build, type Indentation, type TabStop } from '../../src/model/index.js';
import { FontCatalog } from '../../src/layout/font-catalog.js';
import { layoutDocument } from '../../src/layout/layout-document.js';
import type { LaidOutPage } from '../../src/layout/paginate.js';
import { asciiFontSource, halfEmMeasurer } from './fixed-width-fonts.js';

const { doc, section, p } = build;

type TextOp = Extract<LaidOutPage['ops'][number], { kind: 'text' }>;

const HEBREW = 'משרד החינוך הודיע היום כי שנת הלימודים הבאה תיפתח כמתוכנן בראשון בספטמבר '.repeat(4).trim();

function layOut(direction: 'rtl' | 'ltr', text: string, indent: Indentation | null, tabs: TabStop[] | null = null): LaidOutPage {
  const paragraph = p({ direction, indent, tabs, align: 'justify' }, text);
  return layoutDocument(doc(section(paragraph)), { catalog: new FontCatalog(asciiFontSource), measurer: halfEmMeasurer }).pages[0]!;
}

/** The left and right edges of each line's text, top to bottom, in points from the page's left. */
function lineEdges(page: LaidOutPage): { left: number; right: number }[] {
  const byBaseline = new Map<number, TextOp[]>();
  for (const op of page.ops) if (op.kind === 'text' && op.text.trim() !== '') byBaseline.set(op.y, [...(byBaseline.get(op.y) ?? []), op]);
  return [...byBaseline.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, ops]) => ({ left: Math.min(...ops.map((op) => op.x)), right: Math.max(...ops.map((op) => op.x + op.width)) }));
}

describe('indents and tab stops of right-to-left paragraphs', () => {
  it('puts the start indent and the first line indent of a w:bidi paragraph at the right margin, the end indent at the left', () => {
    const page = layOut('rtl', HEBREW, { left: 1440, right: 720, firstLine: 360 });
    const { left: margin, width, right } = page.geometry;
    const edges = lineEdges(page);
    expect(edges.length).toBeGreaterThan(2);
    // The first line starts 72 + 18 pt in from the right margin, the others 72 pt.
    expect(edges[0]!.right).toBeCloseTo(width - right - 90, 1);
    for (const line of edges.slice(1)) expect(line.right).toBeCloseTo(width - right - 72, 1);
    // Justified lines but the last reach the end indent, 36 pt in from the left margin.
    for (const line of edges.slice(0, -1)) expect(line.left).toBeCloseTo(margin + 36, 1);
  });

  it('hangs the first line of a w:bidi paragraph out to the right, the others indented from the right margin', () => {
    const page = layOut('rtl', HEBREW, { left: 720, hanging: 360 });
    const { width, right } = page.geometry;
    const edges = lineEdges(page);
    expect(edges[0]!.right).toBeCloseTo(width - right - 18, 1);
    for (const line of edges.slice(1)) expect(line.right).toBeCloseTo(width - right - 36, 1);
  });

  it('measures the tab stops of a w:bidi paragraph from the right margin, the text after a start stop ending at it', () => {
    const page = layOut('rtl', 'שלום\tעולם', { left: 720, right: 1440 }, [{ position: 2880, align: 'left', leader: null }]);
    const { width, right } = page.geometry;
    const after = page.ops.find((op): op is TextOp => op.kind === 'text' && op.text === 'עולם')!;
    expect(after.x + after.width).toBeCloseTo(width - right - 144, 1);
  });

  it('keeps the indents of a left-to-right paragraph where they were', () => {
    const page = layOut('ltr', 'Word '.repeat(40), { left: 1440, right: 720, firstLine: 360 });
    const { left: margin } = page.geometry;
    const edges = lineEdges(page);
    expect(edges[0]!.left).toBeCloseTo(margin + 90, 1);
    for (const line of edges.slice(1)) expect(line.left).toBeCloseTo(margin + 72, 1);
  });
});
