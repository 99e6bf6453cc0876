// @vitest-environment happy-dom
// The DOM painter: a page laid out from a small document, painted as elements, checked against the
// paint operations the PDF writer draws (positions in points, fonts, colours, links).
import { describe, expect, it } from 'vitest';
import { build } from '../../src/model/index.js';
import { FontCatalog } from '../../src/layout/font-catalog.js';
import { layoutDocument } from '../../src/layout/layout-document.js';
import { paintPageElement } from '../../src/layout/paint-dom.js';
import type { LaidOutPage } from '../../src/layout/paginate.js';
import type { PaintOp } from '../../src/layout/paint-op.js';
import { asciiFontSource, halfEmMeasurer } from './fixed-width-fonts.js';

const { doc, section, header, p, b, a, highlight, hr } = build;

const HOSTILE = '<img src=x onerror="alert(1)">';

function layOut(): LaidOutPage {
  const model = doc(
    section(
      header('default', p('Running head')),
      p('Plain ', b('bold'), ' text'),
      p(highlight('FFFF00', 'marked')),
      hr(),
      p(a('https://example.com/a?b=1', 'a link')),
      p(HOSTILE),
    ),
  );
  const { pages } = layoutDocument(model, { catalog: new FontCatalog(asciiFontSource), measurer: halfEmMeasurer });
  expect(pages).toHaveLength(1);
  return pages[0]!;
}

type Op<K extends PaintOp['kind']> = Extract<PaintOp, { kind: K }>;
const opsOf = <K extends PaintOp['kind']>(page: LaidOutPage, kind: K): Op<K>[] => page.ops.filter((op): op is Op<K> => op.kind === kind);
const points = (value: number) => `${Math.round(value * 1000) / 1000}pt`;

describe('paintPageElement', () => {
  const page = layOut();
  const element = paintPageElement(page, document);
  const children = [...element.children] as HTMLElement[];
  const spans = children.filter((child) => child.tagName === 'SPAN' && child.id === '');

  it('returns a box of the page size in points that its children are placed in', () => {
    // A4 is 210 mm by 297 mm.
    expect(parseFloat(element.style.width)).toBeCloseTo((210 / 25.4) * 72, 0);
    expect(parseFloat(element.style.height)).toBeCloseTo((297 / 25.4) * 72, 0);
    expect(element.style.width).toBe(points(page.geometry.width));
    expect(element.style.position).toBe('relative');
    expect(children.every((child) => child.style.position === 'absolute')).toBe(true);
  });

  it('paints each text run as a span whose bottom is its baseline, starting at its x', () => {
    const texts = opsOf(page, 'text');
    expect(spans.map((span) => span.textContent)).toEqual(texts.map((op) => op.text));
    spans.forEach((span, index) => {
      expect(span.style.left).toBe(points(texts[index]!.x));
      expect(span.style.bottom).toBe(points(page.geometry.height - texts[index]!.y));
      expect(span.style.lineHeight).toBe('0');
      expect(span.style.whiteSpace).toBe('pre');
    });
    // The body starts at the left margin (1 inch), below the header's text.
    const plain = spans.find((span) => span.textContent === 'Plain ')!;
    expect(plain.style.left).toBe('72pt');
    const head = spans.find((span) => span.textContent === 'Running head')!;
    expect(parseFloat(head.style.bottom)).toBeGreaterThan(parseFloat(plain.style.bottom));
  });

  it('names the web font of each run with its size, weight and slant', () => {
    const bold = spans.find((span) => span.textContent === 'bold')!;
    expect(bold.style.fontFamily).toMatch(/^"?Carlito"?, sans-serif$/);
    expect(bold.style.fontWeight).toBe('700');
    expect(bold.style.fontStyle).toBe('normal');
    expect(bold.style.fontSize).toBe('11pt');
    expect(spans.find((span) => span.textContent === 'Plain ')!.style.fontWeight).toBe('400');
  });

  it('paints a highlight as a filled box over its text', () => {
    const rect = opsOf(page, 'rect')[0]!;
    // Each operation of this page is one child, in order.
    expect(children).toHaveLength(page.ops.length);
    const box = children[page.ops.indexOf(rect)]!;
    expect(rect.color).toBe('FFFF00');
    expect(box.style.backgroundColor).toMatch(/^(#ffff00|rgb\(255, 255, 0\))$/i);
    expect([box.style.left, box.style.top, box.style.width, box.style.height]).toEqual([rect.x, rect.y, rect.width, rect.height].map(points));
  });

  it('paints a line as a box as thick as the line, centred on it', () => {
    const line = opsOf(page, 'line')[0]!;
    expect(line.y1).toBe(line.y2);
    const box = children[page.ops.indexOf(line)]!;
    expect([box.style.left, box.style.top, box.style.width, box.style.height]).toEqual([line.x1, line.y1 - line.width / 2, line.x2 - line.x1, line.width].map(points));
  });

  it('paints a link as an anchor over its text that opens the web page', () => {
    const link = opsOf(page, 'link')[0]!;
    const anchor = element.querySelector('a')!;
    expect(anchor.getAttribute('href')).toBe('https://example.com/a?b=1');
    expect(anchor.rel).toBe('noopener noreferrer');
    expect([anchor.style.left, anchor.style.top, anchor.style.width]).toEqual([link.x, link.y, link.width].map(points));
  });

  it('keeps markup in the document text as text', () => {
    expect(spans.some((span) => span.textContent === HOSTILE)).toBe(true);
    expect(element.querySelector('img')).toBeNull();
  });

  it('leaves out links of other schemes and points bookmark links at the bookmark element', () => {
    const geometry = { ...page.geometry };
    const ops: PaintOp[] = [
      { kind: 'link', x: 0, y: 0, width: 10, height: 10, href: 'javascript:alert(1)' },
      { kind: 'link', x: 0, y: 20, width: 10, height: 10, href: '#intro' },
      { kind: 'anchor', name: 'intro', x: 72, y: 300 },
    ];
    const painted = paintPageElement({ ...page, geometry, ops }, document, { idPrefix: 'doc1-' });
    const links = [...painted.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['#doc1-intro']);
    expect(painted.querySelector('#doc1-intro')?.getAttribute('style')).toContain('top: 300pt');
  });

  it('draws right-to-left runs from the right, dashed lines with the dash lengths of the layout, upright lines unturned and missing pictures as boxes', () => {
    const ops: PaintOp[] = [
      { kind: 'text', text: 'שלום', x: 100, y: 100, width: 20, file: opsOf(page, 'text')[0]!.file, size: 10, color: '000000', wordSpacing: 0, rtl: true },
      { kind: 'line', x1: 10, y1: 50, x2: 110, y2: 50, width: 1, color: '000000', dash: { length: 3, space: 2 } },
      { kind: 'image', x: 5, y: 5, width: 40, height: 30, image: null },
      { kind: 'line', x1: 200, y1: 80, x2: 200, y2: 20, width: 0.5, color: '000000', dash: null },
    ];
    const [text, line, placeholder, upright] = [...paintPageElement({ ...page, ops }, document).children] as HTMLElement[];
    expect(text!.style.direction).toBe('rtl');
    expect(text!.style.unicodeBidi).toBe('bidi-override');
    expect(line!.style.background).toContain('repeating-linear-gradient');
    expect(line!.getAttribute('style')).toMatch(/3pt.*5pt/);
    expect(placeholder!.tagName).toBe('DIV');
    expect(placeholder!.style.border).toContain('solid');
    // An upright line is a tall box centred on it, drawn from its upper end.
    expect([upright!.style.left, upright!.style.top, upright!.style.width, upright!.style.height]).toEqual(['199.75pt', '20pt', '0.5pt', '60pt']);
    expect(upright!.style.transform).toBe('');
  });
});
