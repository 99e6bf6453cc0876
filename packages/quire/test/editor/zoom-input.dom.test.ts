// @vitest-environment happy-dom
// Ctrl/Cmd with the wheel, +, − and 0 zoom the editor, not the host page, and only when the
// pointer or the focus is in it.
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_ZOOM, MIN_ZOOM } from '../../src/editor/view/zoom.js';
import { keyZoom, stepZoom, wheelZoom, ZOOM_STEPS } from '../../src/editor/view/zoom-input.js';
import { documentElement, mountFixture } from './editor-harness.js';

afterEach(() => {
  document.body.replaceChildren();
});

const ctrl = { ctrlKey: true, metaKey: false, altKey: false, code: '' };

/** A wheel turn of `deltaY` pixels, with Ctrl held when `withCtrl` (which happy-dom's WheelEvent does not take from its init). */
function wheelEvent(deltaY: number, withCtrl: boolean): WheelEvent {
  const event = new WheelEvent('wheel', { deltaY, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'ctrlKey', { value: withCtrl });
  return event;
}

describe('zoom steps', () => {
  it('steps up and down through the browser’s levels, from a scale between two to the nearer one in that direction, and stops at the bounds', () => {
    expect(stepZoom(1, 1)).toBe(1.1);
    expect(stepZoom(1, -1)).toBe(0.9);
    expect(stepZoom(1.37, 1)).toBe(1.5);
    expect(stepZoom(1.37, -1)).toBe(1.25);
    expect(stepZoom(MAX_ZOOM, 1)).toBe(MAX_ZOOM);
    expect(stepZoom(MIN_ZOOM, -1)).toBe(MIN_ZOOM);
    for (const step of ZOOM_STEPS) expect(step >= MIN_ZOOM && step <= MAX_ZOOM).toBe(true);
  });

  it('reads Ctrl or Cmd with +, =, − and 0 (and the keypad’s), and no other key or Ctrl+Alt', () => {
    expect(keyZoom(1, { ...ctrl, key: '+' })).toBe(1.1);
    expect(keyZoom(1, { ...ctrl, key: '=' })).toBe(1.1);
    expect(keyZoom(1, { ...ctrl, key: '-' })).toBe(0.9);
    expect(keyZoom(2, { ...ctrl, key: '0' })).toBe(1);
    expect(keyZoom(1, { ...ctrl, ctrlKey: false, metaKey: true, key: 'Add', code: 'NumpadAdd' })).toBe(1.1);
    expect(keyZoom(1, { ...ctrl, key: '-', altKey: true })).toBeNull();
    expect(keyZoom(1, { ...ctrl, ctrlKey: false, key: '-' })).toBeNull();
    expect(keyZoom(1, { ...ctrl, key: 'b' })).toBeNull();
  });

  it('scales by the wheel’s distance: down makes it smaller, up larger, a pinch’s few pixels a little, within the bounds', () => {
    expect(wheelZoom(1, 100)).toBeLessThan(1);
    expect(wheelZoom(1, -100)).toBeGreaterThan(1);
    expect(wheelZoom(wheelZoom(1, 100), -100)).toBeCloseTo(1, 2);
    expect(Math.abs(wheelZoom(1, 3) - 1)).toBeLessThan(0.01);
    expect(wheelZoom(MAX_ZOOM, -1000)).toBe(MAX_ZOOM);
    expect(wheelZoom(MIN_ZOOM, 1000)).toBe(MIN_ZOOM);
  });
});

describe('zooming the editor from the keyboard and the wheel', () => {
  it('zooms the editor on Ctrl+wheel over it and on Ctrl with +, − and 0 in it, keeping the browser from zooming the page', async () => {
    const { editor, element } = await mountFixture('docxjs-header-footer.docx', { layout: 'flow' });
    const zooms: number[] = [];
    editor.on('zoom', ({ zoom }) => zooms.push(zoom));
    const wheel = wheelEvent(-100, true);
    documentElement(element).dispatchEvent(wheel);
    expect(wheel.defaultPrevented).toBe(true);
    expect(editor.getZoom()).toBeGreaterThan(1);

    const press = (key: string) => {
      const event = new KeyboardEvent('keydown', { key, ctrlKey: true, bubbles: true, cancelable: true });
      documentElement(element).dispatchEvent(event);
      return event;
    };
    expect(press('0').defaultPrevented).toBe(true);
    expect(editor.getZoom()).toBe(1);
    press('-');
    expect(editor.getZoom()).toBe(0.9);
    press('=');
    press('=');
    expect(editor.getZoom()).toBe(1.1);
    expect(zooms[0]).toBeGreaterThan(1);
    expect(zooms.slice(1)).toEqual([1, 0.9, 1, 1.1]);
    editor.destroy();
  });

  it('leaves the wheel and the keys of the rest of the page, and a plain wheel in the editor, to the browser', async () => {
    const { editor, element } = await mountFixture('docxjs-header-footer.docx', { layout: 'flow' });
    const outside = document.createElement('p');
    document.body.append(outside);
    const outsideWheel = wheelEvent(-100, true);
    outside.dispatchEvent(outsideWheel);
    const outsideKey = new KeyboardEvent('keydown', { key: '=', ctrlKey: true, bubbles: true, cancelable: true });
    outside.dispatchEvent(outsideKey);
    const plain = wheelEvent(-100, false);
    documentElement(element).dispatchEvent(plain);
    expect([outsideWheel.defaultPrevented, outsideKey.defaultPrevented, plain.defaultPrevented]).toEqual([false, false, false]);
    expect(editor.getZoom()).toBe(1);
    editor.destroy();
  });

  it('stops listening once destroyed', async () => {
    const { editor, element } = await mountFixture('docxjs-header-footer.docx', { layout: 'flow' });
    const root = element.querySelector<HTMLElement>('.quire-editor')!;
    editor.destroy();
    const wheel = wheelEvent(-100, true);
    root.dispatchEvent(wheel);
    expect(wheel.defaultPrevented).toBe(false);
  });
});
