// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { abstractNum, buildTestDocx, numbered, num } from '../../../../test/support/docx-package.js';
import { documentElement, mount } from './editor-harness.js';

afterEach(() => {
  document.body.replaceChildren();
});

describe('numbered lists in the editor', () => {
  it('draw the text Word puts around their numbers, and numbers padded with a zero', async () => {
    const numbering = abstractNum(1, [{ format: 'upperRoman', text: 'Article %1.' }, { format: 'decimalZero', text: '(%2)' }]) + num(1, 1);
    const { editor, element } = mount({ document: buildTestDocx({ numbering, body: numbered('first', 1) + numbered('inner', 1, 1) }) });
    await editor.ready;
    const lists = [...documentElement(element).querySelectorAll<HTMLElement>('ol')];
    expect(lists.map((list) => [list.dataset['format'], list.style.getPropertyValue('--quire-prefix'), list.style.getPropertyValue('--quire-suffix')])).toEqual([
      ['upperRoman', '"Article "', '"."'],
      ['decimalZero', '"("', '")"'],
    ]);
    editor.destroy();
  });
});
