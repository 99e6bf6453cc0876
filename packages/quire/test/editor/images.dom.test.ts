// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FontCatalog } from '../../src/layout/font-catalog.js';
import { layoutDocument } from '../../src/layout/layout-document.js';
import { build } from '../../src/model/index.js';
import { readDocx } from '../../src/readers/index.js';
import { writeDocx } from '../../src/writers/index.js';
import { asciiFontSource, halfEmMeasurer } from '../layout/fixed-width-fonts.js';
import { mount, mountFixture } from './editor-harness.js';

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

  it('are drawn at the size the layout sets them: one taller than its page shrinks to fit on the page, keeping its proportions', async () => {
    // A red PNG of 2 × 4 pixels, drawn 8.5 × 20 inches.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAAECAIAAAArjXluAAAAEElEQVR4nGP4z8AARAzYKAB3pAf53le34gAAAABJRU5ErkJggg==';
    const built = build.doc(build.p('Before. ', build.img({ src: `data:image/png;base64,${png}`, width: 8.5 * 1440, height: 20 * 1440 })));
    const docx = await writeDocx(built, { now: () => new Date(0) });
    const read = (await readDocx(docx)).value;
    const { pages } = layoutDocument(read, { catalog: new FontCatalog(asciiFontSource), measurer: halfEmMeasurer });
    const laidOut = pages.flatMap((page) => page.ops).find((op) => op.kind === 'image');
    if (laidOut?.kind !== 'image') throw new Error('The layout drew no picture.');
    const body = pages[0]!.geometry.height - pages[0]!.geometry.top - pages[0]!.geometry.bottom;
    expect(laidOut.height).toBeLessThan(body);
    const { editor, element } = mount({ document: docx });
    await editor.ready;
    const picture = element.querySelector<HTMLElement>('.quire-image')!;
    // Points are 4/3 CSS pixels; the view sets lengths to a hundredth of a pixel.
    expect(parseFloat(picture.style.getPropertyValue('--quire-image-height'))).toBeCloseTo((laidOut.height * 4) / 3, 1);
    expect(parseFloat(picture.style.getPropertyValue('--quire-image-width'))).toBeCloseTo((laidOut.width * 4) / 3, 1);
    editor.destroy();
  });

  it('float away from the side their text flows on, keeping their offset from the column edge as a margin, and inline ones stay inline', async () => {
    const { editor, element } = await mountFixture('superdoc-image-wrapping.docx');
    const pictures = [...element.querySelectorAll<HTMLElement>('.quire-image')];
    const placed = pictures.map((picture) => [picture.dataset['wrap'] ?? 'inline', picture.style.getPropertyValue('--quire-float-x')]);
    // A4 less 1134-twip margins: a 9638-twip column. Text on the larger (left) side of the first
    // picture: it floats right, 9638 - 3383 - 2955 twips (220 px) from the right edge.
    expect(placed[0]).toEqual(['right', '220px']);
    expect(placed[1]).toEqual(['inline', '']);
    // Text on its right only: floats left at its offset of 2365 twips.
    expect(placed[2]).toEqual(['left', '157.67px']);
    // Text on its left only: floats right, 9638 - 3045 - 2465 twips from the right edge.
    expect(placed[3]).toEqual(['right', '275.2px']);
    editor.destroy();
  });
});
