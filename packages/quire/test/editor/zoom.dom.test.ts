// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { EditorZoomEvent } from '../../src/editor/index.js';
import { fitWidthScale, MAX_ZOOM, MIN_ZOOM, widestPageWidth } from '../../src/editor/view/zoom.js';
import { doc, p, section } from '../../src/model/builders.js';
import { PAPER_SIZES } from '../../src/model/section-types.js';
import { twipsToPixels } from '../../src/model/units.js';
import { isQuireOptionsError, type QuireOptionsError } from '../../src/quire-options-error.js';
import { mount, mountFixture } from './editor-harness.js';

const A4 = PAPER_SIZES.A4;

function zoomError(run: () => unknown): QuireOptionsError {
  try {
    run();
  } catch (error) {
    if (isQuireOptionsError(error)) return error;
    throw error;
  }
  throw new Error('The zoom was accepted.');
}

function viewportOf(element: HTMLElement): HTMLElement {
  return element.querySelector<HTMLElement>('.quire-viewport')!;
}

/** happy-dom lays nothing out: the viewport is given the inner width a browser would report. */
function giveWidth(viewport: HTMLElement, width: number): void {
  Object.defineProperty(viewport, 'clientWidth', { configurable: true, get: () => width });
}

/** A ResizeObserver whose observers the test calls, as a browser does when an observed element changes size. */
class ManualResizeObserver {
  static readonly live = new Set<ManualResizeObserver>();
  constructor(private readonly callback: () => void) {}
  observe(): void {
    ManualResizeObserver.live.add(this);
  }
  disconnect(): void {
    ManualResizeObserver.live.delete(this);
  }
  static resize(): void {
    for (const observer of ManualResizeObserver.live) observer.callback();
  }
}

const originalObserver = window.ResizeObserver;

afterEach(() => {
  document.body.replaceChildren();
  window.ResizeObserver = originalObserver;
  ManualResizeObserver.live.clear();
});

describe('widestPageWidth', () => {
  it('takes the widest section’s page, turned to its orientation, with the gaps that stand out beside it', () => {
    const portrait = section({ pageSize: A4 }, p('portrait'));
    const landscape = section({ pageSize: A4, orientation: 'landscape' }, p('landscape'));
    const portraitOnly = widestPageWidth(doc(portrait));
    const mixed = widestPageWidth(doc(portrait, landscape));
    expect(portraitOnly - twipsToPixels(A4.width)).toBeGreaterThan(0);
    expect(mixed - portraitOnly).toBeCloseTo(twipsToPixels(A4.height - A4.width), 6);
  });
});

describe('fitWidthScale', () => {
  it('fits the content into the width, never a pixel wider, within the zoom bounds', () => {
    for (const [available, content] of [[600, 818], [1000, 818], [977, 1147]] as const) {
      const scale = fitWidthScale(available, content)!;
      expect(scale * content).toBeLessThanOrEqual(available);
      expect((scale + 0.001) * content).toBeGreaterThan(available);
    }
    expect(fitWidthScale(10, 818)).toBe(MIN_ZOOM);
    expect(fitWidthScale(100_000, 818)).toBe(MAX_ZOOM);
  });

  it('has nothing to fit in an editor that is not laid out', () => {
    expect(fitWidthScale(0, 818)).toBeNull();
    expect(fitWidthScale(600, 0)).toBeNull();
  });
});

describe('the editor’s zoom', () => {
  it('refuses zooms outside 25% to 400%, or not a number or fit-width, naming the zoom option', () => {
    for (const zoom of [0, 0.2, 4.5, Number.NaN, Number.POSITIVE_INFINITY, '150%', 'fit', '1.5']) {
      expect(zoomError(() => mount({ zoom: zoom as never })).option).toBe('zoom');
    }
    const { editor } = mount({ zoom: 1.5 });
    expect(zoomError(() => editor.setZoom(5)).option).toBe('zoom');
    expect(editor.getZoom()).toBe(1.5);
  });

  it('shows the document at the scale of the zoom option, and at 100% without one', async () => {
    const scaled = mount({ zoom: 1.5 });
    const plain = mount();
    await Promise.all([scaled.editor.ready, plain.editor.ready]);
    expect(scaled.editor.getZoom()).toBe(1.5);
    expect(viewportOf(scaled.element).style.getPropertyValue('--quire-zoom')).toBe('1.5');
    expect(plain.editor.getZoom()).toBe(1);
    expect(viewportOf(plain.element).style.getPropertyValue('--quire-zoom')).toBe('');
  });

  it('changes the scale with setZoom and says so once in a zoom event', async () => {
    const events: Pick<EditorZoomEvent, 'zoom' | 'fitWidth'>[] = [];
    const { editor, element } = mount({ onZoom: ({ zoom, fitWidth }) => events.push({ zoom, fitWidth }) });
    await editor.ready;
    editor.setZoom(0.5);
    editor.setZoom(0.5);
    expect(editor.getZoom()).toBe(0.5);
    expect(viewportOf(element).style.getPropertyValue('--quire-zoom')).toBe('0.5');
    expect(events).toEqual([{ zoom: 0.5, fitWidth: false }]);
  });

  it('fits the widest page of the document into the editor’s width in fit-width', async () => {
    window.ResizeObserver = ManualResizeObserver as unknown as typeof ResizeObserver;
    const events: number[] = [];
    const { editor, element } = mount({ zoom: 1, onZoom: ({ zoom, fitWidth }) => fitWidth && events.push(zoom) });
    await editor.ready;
    const viewport = viewportOf(element);
    giveWidth(viewport, 600);
    editor.setZoom('fit-width');
    const { widest, zoom } = { widest: widestPageWidth(doc(section({ pageSize: A4 }, p('')))), zoom: editor.getZoom() };
    expect(zoom * widest).toBeLessThanOrEqual(600);
    expect(zoom * widest).toBeGreaterThan(599);
    expect(viewport.dataset['zoom']).toBe('fit-width');

    giveWidth(viewport, 900);
    ManualResizeObserver.resize();
    expect(editor.getZoom() * widest).toBeLessThanOrEqual(900);
    expect(editor.getZoom() * widest).toBeGreaterThan(899);
    expect(events).toEqual([zoom, editor.getZoom()]);

    editor.setZoom(1);
    expect(viewport.dataset['zoom']).toBeUndefined();
    expect(ManualResizeObserver.live.size).toBe(0);
  });

  it('fits the widest page of a document with a landscape section when it opens', async () => {
    // No ResizeObserver: the editor still fits the page when the zoom is set and when a document opens.
    delete (window as { ResizeObserver?: unknown }).ResizeObserver;
    const { editor, element } = await mountFixture('docxjs-page-layout.docx', { zoom: 'fit-width' });
    const viewport = viewportOf(element);
    giveWidth(viewport, 800);
    editor.setZoom(1);
    editor.setZoom('fit-width');
    const landscapeWidth = twipsToPixels(A4.height);
    expect(editor.getZoom() * landscapeWidth).toBeLessThan(800);
    expect(editor.getZoom()).toBeCloseTo(800 / widestPageWidth(doc(section({ pageSize: A4, orientation: 'landscape' }, p('')))), 2);
  });

  it('stops following the editor’s width when destroyed', async () => {
    window.ResizeObserver = ManualResizeObserver as unknown as typeof ResizeObserver;
    const { editor } = mount({ zoom: 'fit-width' });
    await editor.ready;
    expect(ManualResizeObserver.live.size).toBe(1);
    editor.destroy();
    expect(ManualResizeObserver.live.size).toBe(0);
  });
});
