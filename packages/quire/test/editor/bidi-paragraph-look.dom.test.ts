// @vitest-environment happy-dom
// A right-to-left paragraph (w:bidi) in the editor: its start indent stands at the right, as in
// Word and on the layout's pages (ECMA-376 Part 1, 17.3.1.12).
import { describe, expect, it } from 'vitest';
import { buildTestDocx, run } from '../../../../test/support/docx-package.js';
import { documentElement, mount } from './editor-harness.js';

async function shown(pPr: string, text: string): Promise<{ paragraph: HTMLElement; destroy: () => void }> {
  const { editor, element } = mount({ document: buildTestDocx({ body: `<w:p><w:pPr>${pPr}</w:pPr>${run(text, '<w:rtl/>')}</w:p>` }) });
  await editor.ready;
  const paragraph = [...documentElement(element).querySelectorAll<HTMLElement>('p')].find((p) => p.textContent === text)!;
  return { paragraph, destroy: () => editor.destroy() };
}

describe('the look of a right-to-left paragraph in the editor', () => {
  it('puts the start indent of a w:bidi paragraph on the right and its end indent on the left, its first line indented at its start', async () => {
    const { paragraph, destroy } = await shown('<w:bidi/><w:ind w:left="1440" w:right="720" w:firstLine="360"/>', 'שלום עולם');
    expect(paragraph.dir).toBe('rtl');
    expect(paragraph.style.getPropertyValue('margin-right')).toBe('96px');
    expect(paragraph.style.getPropertyValue('margin-left')).toBe('48px');
    expect(paragraph.style.getPropertyValue('text-indent')).toBe('24px');
    destroy();
  });

  it('keeps the start indent of a left-to-right paragraph on the left', async () => {
    const { paragraph, destroy } = await shown('<w:ind w:left="1440" w:right="720"/>', 'Hello');
    expect(paragraph.style.getPropertyValue('margin-left')).toBe('96px');
    expect(paragraph.style.getPropertyValue('margin-right')).toBe('48px');
    destroy();
  });
});
