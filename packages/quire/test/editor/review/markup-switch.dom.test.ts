// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { isQuireOptionsError } from '../../../src/quire-options-error.js';
import { mountFixture } from '../editor-harness.js';

const WORD = 'superdoc-msword-tracked-changes.docx';

afterEach(() => {
  document.body.replaceChildren();
});

describe('switching the markup', () => {
  it('shows what setMarkup sets on the editor and on its toolbar’s markup menu, and names a wrong value', async () => {
    const { editor, element } = await mountFixture(WORD, { fonts: false });
    const menu = element.querySelector<HTMLButtonElement>('.quire-toolbar button.quire-markup-button')!;
    expect(editor.markup).toBe('simple');
    expect(menu.getAttribute('aria-label')).toBe('Markup: Simple Markup');

    editor.setMarkup('original');
    expect(editor.markup).toBe('original');
    expect(element.querySelector<HTMLElement>('.quire-editor')!.dataset['markup']).toBe('original');
    expect(menu.textContent).toBe('Original');

    let thrown: unknown;
    try {
      editor.setMarkup('everything' as never);
    } catch (error) {
      thrown = error;
    }
    expect(isQuireOptionsError(thrown) && thrown.option).toBe('setMarkup');
    expect(editor.markup).toBe('original');
    editor.destroy();
  });

  it('switches the markup from the toolbar’s menu of Word’s four views, usable in view mode', async () => {
    const { editor, element } = await mountFixture(WORD, { fonts: false });
    const menu = element.querySelector<HTMLButtonElement>('.quire-toolbar button.quire-markup-button')!;
    editor.setMode('view');
    expect(menu.disabled).toBe(false);
    menu.click();
    const items = [...element.querySelectorAll<HTMLElement>('[role="menu"][aria-label="Markup"] > [role="menuitemradio"]')];
    expect(items.map((item) => item.textContent)).toEqual(['Simple Markup', 'All Markup', 'No Markup', 'Original']);
    expect(items.filter((item) => item.getAttribute('aria-checked') === 'true').map((item) => item.textContent)).toEqual(['Simple Markup']);
    items.find((item) => item.textContent === 'All Markup')!.click();
    expect(editor.markup).toBe('all');
    expect(menu.getAttribute('aria-label')).toBe('Markup: All Markup');
    editor.destroy();
  });
});
