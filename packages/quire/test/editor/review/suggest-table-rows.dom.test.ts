// @vitest-environment happy-dom
// The toolbar's Table menu in suggest mode: rows are suggested, columns are refused.
import { afterEach, describe, expect, it } from 'vitest';
import { documentElement, mountFixture, selectText } from '../editor-harness.js';

const FIXTURE = 'pandoc-tables.docx';
const TABLE_MENU = 'button[aria-haspopup="menu"][aria-label="Table"]';

afterEach(() => {
  document.body.replaceChildren();
});

function tableEntries(element: HTMLElement): HTMLElement[] {
  return [...element.querySelectorAll<HTMLElement>('[role="menu"][aria-label="Table"] > [role="menuitem"]')];
}

function openTableMenu(element: HTMLElement): void {
  element.querySelector<HTMLButtonElement>(TABLE_MENU)!.click();
}

// The text of each row of the document's first table, as drawn.
function rowTexts(element: HTMLElement): string[] {
  return [...documentElement(element).querySelector('table')!.querySelectorAll('tr')].map((row) => row.textContent!.trim());
}

describe('the Table menu in suggest mode', () => {
  it('offers the row actions and not the column actions, saying why in the toolbar', async () => {
    const { editor, element } = await mountFixture(FIXTURE, { fonts: false, mode: 'suggest' });
    selectText(element, 'Ryan Braun');
    openTableMenu(element);
    const off = tableEntries(element)
      .filter((item) => item.getAttribute('aria-disabled') === 'true')
      .map((item) => item.textContent);
    expect(off).toEqual(['Insert column left', 'Insert column right', 'Delete column']);
    const note = element.querySelector<HTMLElement>('.quire-toolbar-note')!;
    expect(note.textContent).toMatch(/Table columns cannot be suggested/);
    expect(editor.commands.addColumnAfter()).toBe(false);
    editor.destroy();
  });

  it('keeps a row deleted from the menu as a row deletion by the user, which accepting removes', async () => {
    const { editor, element } = await mountFixture(FIXTURE, { fonts: false, mode: 'suggest', user: { name: 'Ann' } });
    const before = rowTexts(element);
    selectText(element, 'Ryan Braun');
    openTableMenu(element);
    tableEntries(element).find((item) => item.textContent === 'Delete row')!.click();
    expect(rowTexts(element)).toEqual(before);
    // Drawn as a deleted row, which style.css hides in simple and no markup as the pages leave it out.
    expect([...documentElement(element).querySelectorAll('tr[data-change="deletion"]')].map((tr) => tr.textContent!.trim())).toEqual(before.filter((text) => text.includes('Ryan Braun')));
    const row = editor.changes.list().find((change) => change.target === 'row')!;
    expect(row).toMatchObject({ kind: 'deletion', author: 'Ann' });
    expect(row.text).toContain('Ryan Braun');
    expect(editor.changes.accept(row.id)).toBe(true);
    expect(rowTexts(element)).toEqual(before.filter((text) => !text.includes('Ryan Braun')));
    editor.destroy();
  });

  it('marks a row inserted from the menu as inserted by the user, which rejecting removes', async () => {
    const { editor, element } = await mountFixture(FIXTURE, { fonts: false, mode: 'suggest', user: { name: 'Ann' } });
    const before = rowTexts(element);
    selectText(element, 'Ryan Braun');
    openTableMenu(element);
    tableEntries(element).find((item) => item.textContent === 'Insert row below')!.click();
    expect(rowTexts(element)).toHaveLength(before.length + 1);
    const row = editor.changes.list().find((change) => change.target === 'row')!;
    expect(row).toMatchObject({ kind: 'insertion', author: 'Ann' });
    expect(editor.changes.reject(row.id)).toBe(true);
    expect(rowTexts(element)).toEqual(before);
    editor.destroy();
  });
});
