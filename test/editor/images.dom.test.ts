// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountFixture } from './editor-harness.js';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

/** An IntersectionObserver that reports only what a test says is visible. */
function controllableObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Set<Element> }[] = [];
  class FakeObserver {
    readonly targets = new Set<Element>();
    constructor(readonly callback: IntersectionObserverCallback) {
      observers.push(this);
    }
    observe(target: Element) {
      this.targets.add(target);
    }
    unobserve(target: Element) {
      this.targets.delete(target);
    }
    disconnect() {
      this.targets.clear();
    }
  }
  return {
    Observer: FakeObserver,
    show(target: Element) {
      for (const observer of observers) {
        if (observer.targets.has(target)) observer.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
      }
    },
  };
}

describe('pictures', () => {
  it('are read from the package only when they come into view', async () => {
    const observer = controllableObserver();
    vi.stubGlobal('IntersectionObserver', observer.Observer);
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test/1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { editor, element } = await mountFixture('python-docx-having-images.docx');
    const pictures = element.querySelectorAll('.quire-image');
    expect(pictures.length).toBeGreaterThan(1);
    expect(created).not.toHaveBeenCalled();
    observer.show(pictures[0]!);
    await vi.waitFor(() => expect(pictures[0]!.querySelector('img')?.getAttribute('src')).toBe('blob:test/1'));
    expect(created).toHaveBeenCalledTimes(1);
    expect(pictures[1]!.querySelector('img')).toBeNull();
    editor.destroy();
  });

  it('show a placeholder of their size for formats a browser cannot draw', async () => {
    const { editor, element } = await mountFixture('superdoc-wmf-emf.docx');
    const placeholders = element.querySelectorAll<HTMLElement>('.quire-image-placeholder');
    expect(placeholders).toHaveLength(2);
    expect(placeholders[0]!.textContent).toBe('EMF picture');
    // 8160 × 5940 twips at 15 twips a pixel.
    const box = placeholders[0]!.parentElement!;
    expect(box.style.getPropertyValue('--quire-image-width')).toBe('544px');
    expect(box.style.getPropertyValue('--quire-image-height')).toBe('396px');
    editor.destroy();
  });
});
