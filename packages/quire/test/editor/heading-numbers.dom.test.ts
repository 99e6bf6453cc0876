// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { buildNumberedHeadingsDocx } from '../../../../test/support/numbered-headings.js';
import { documentElement, mount } from './editor-harness.js';

afterEach(() => {
  document.body.replaceChildren();
});

describe('numbered headings in the editor', () => {
  it('show the number Word gives them outside their editable text', async () => {
    const { editor, element } = mount({ document: buildNumberedHeadingsDocx() });
    await editor.ready;
    const headings = [...documentElement(element).querySelectorAll<HTMLElement>('h1')];
    expect(headings.map((heading) => [heading.dataset['number'], heading.textContent])).toEqual([['Chapter 1', 'Scope'], ['Chapter 2', 'Payment']]);
    editor.destroy();
  });
});
