// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { afterPaint, mount, mountFixture, readFixture, selectText } from './editor-harness.js';

afterEach(() => {
  document.body.replaceChildren();
});

const STYLE_MENU = 'button[aria-haspopup="menu"][aria-label^="Paragraph style"]';
const TABLE_MENU = 'button[aria-haspopup="menu"][aria-label="Table"]';

function button(element: HTMLElement, label: string): HTMLButtonElement {
  const found = [...element.querySelectorAll<HTMLButtonElement>('.quire-toolbar button')].find((candidate) => candidate.getAttribute('aria-label') === label || candidate.textContent === label);
  if (!found) throw new Error(`No "${label}" button.`);
  return found;
}

describe('the toolbar', () => {
  it('is a labelled toolbar of named native buttons that are one stop in the Tab order', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    const toolbar = element.querySelector('[role="toolbar"]')!;
    expect(toolbar.getAttribute('aria-label')).toBe('Formatting');
    expect(toolbar.querySelector('select')).toBeNull();
    const controls = [...toolbar.querySelectorAll<HTMLElement>('.quire-toolbar-group button')];
    expect(controls.length).toBeGreaterThan(10);
    for (const control of controls) expect(control.getAttribute('aria-label') ?? control.textContent).not.toBe('');
    const stops = controls.filter((control) => control.tabIndex === 0);
    expect(stops).toHaveLength(1);
    // Undo and Redo are disabled with nothing to undo: the Tab stop is the first control that can take the focus.
    expect(stops[0]).toBe(toolbar.querySelector(STYLE_MENU));
    editor.destroy();
  });

  it('moves the focus between its controls with the arrow keys, Home and End, skipping disabled ones, and keeps the last one as the Tab stop', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    const styles = element.querySelector<HTMLElement>(STYLE_MENU)!;
    // The mode menu is the last control, usable in every mode.
    const last = element.querySelector<HTMLElement>('.quire-mode-button')!;
    const press = (key: string) => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    styles.focus();
    press('ArrowRight');
    expect(document.activeElement).toBe(button(element, 'Bold'));
    press('ArrowRight');
    expect(document.activeElement).toBe(button(element, 'Italic'));
    expect(button(element, 'Italic').tabIndex).toBe(0);
    expect(button(element, 'Bold').tabIndex).toBe(-1);
    press('ArrowLeft');
    press('ArrowLeft');
    expect(document.activeElement).toBe(styles);
    // Undo and Redo are disabled: from the first usable control, Left wraps round to the last.
    press('ArrowLeft');
    expect(document.activeElement).toBe(last);
    press('Home');
    expect(document.activeElement).toBe(styles);
    press('End');
    expect(document.activeElement).toBe(last);
    expect(last.tabIndex).toBe(0);
    editor.destroy();
  });

  it('keeps pressed states and names while the focus roves: Bold stays pressed and labelled', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    selectText(element, 'Bullets');
    editor.commands.bold();
    const bold = button(element, 'Bold');
    bold.focus();
    bold.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    expect(bold.getAttribute('aria-pressed')).toBe('true');
    expect(bold.getAttribute('aria-label')).toBe('Bold');
    expect(document.activeElement).toBe(button(element, 'Italic'));
    editor.destroy();
  });

  it('presses Bold when the selection is bold, and makes it bold when clicked', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    selectText(element, 'Bullets');
    const bold = button(element, 'Bold');
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    bold.click();
    expect(bold.getAttribute('aria-pressed')).toBe('true');
    expect(element.querySelector('.quire-document strong')?.textContent).toBe('Bullets');
    editor.destroy();
  });

  it('catches up with a selection made in the document once the frame is drawn, so that typing never waits for it', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    selectText(element, 'Bullets');
    editor.commands.bold();
    const bold = button(element, 'Bold');
    expect(bold.getAttribute('aria-pressed')).toBe('true');
    selectText(element, 'three');
    expect(bold.getAttribute('aria-pressed')).toBe('true');
    await afterPaint();
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    editor.destroy();
  });

  it('shows the paragraph style at the selection on its style menu button, checks it in the menu, and applies the one clicked', async () => {
    const { editor, element } = await mountFixture('superdoc-hummingbird.docx');
    selectText(element, 'Lets tightly');
    await afterPaint();
    const styles = element.querySelector<HTMLButtonElement>(STYLE_MENU)!;
    expect(styles.textContent).toBe('Normal');
    expect(styles.getAttribute('aria-label')).toBe('Paragraph style: Normal');
    styles.click();
    const items = [...element.querySelectorAll<HTMLElement>('[role="menu"][aria-label="Paragraph style"] > [role="menuitemradio"]')];
    expect(items.map((item) => item.textContent)).toEqual(editor.getParagraphStyles().map((style) => style.name));
    expect(items.filter((item) => item.getAttribute('aria-checked') === 'true').map((item) => item.textContent)).toEqual(['Normal']);
    expect(element.querySelector('.quire-document h1')).toBeNull();
    items.find((item) => item.textContent === 'Heading 1')!.click();
    expect(element.querySelector('.quire-document h1')).not.toBeNull();
    expect(styles.getAttribute('aria-label')).toBe('Paragraph style: Heading 1');
    expect(styles.getAttribute('aria-expanded')).toBe('false');
    editor.destroy();
  });

  it('applies nothing while the arrow keys move through its menus', async () => {
    const { editor, element } = await mountFixture('superdoc-hummingbird.docx');
    selectText(element, 'Lets tightly');
    await afterPaint();
    const before = element.querySelector('.quire-document')!.innerHTML;
    for (const selector of [STYLE_MENU, TABLE_MENU]) {
      element.querySelector<HTMLElement>(selector)!.focus();
      for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'End', 'Home', 'ArrowDown', 'Escape']) {
        document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      }
      expect(document.activeElement).toBe(element.querySelector(selector));
    }
    expect(element.querySelector('.quire-document')!.innerHTML).toBe(before);
    expect(editor.commands.undo()).toBe(false);
    editor.destroy();
  });

  it('offers the row and column actions only in a table, and inserts a 3 x 3 table', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    selectText(element, 'Bullets');
    const table = element.querySelector<HTMLButtonElement>(TABLE_MENU)!;
    const entries = () => [...element.querySelectorAll<HTMLElement>('[role="menu"][aria-label="Table"] > [role="menuitem"]')];
    table.click();
    expect(entries().map((item) => [item.textContent, item.getAttribute('aria-disabled')])).toEqual([
      ['Insert table', null], ['Insert row above', 'true'], ['Insert row below', 'true'], ['Delete row', 'true'],
      ['Insert column left', 'true'], ['Insert column right', 'true'], ['Delete column', 'true'],
    ]);
    entries()[0]!.click();
    expect(element.querySelectorAll('.quire-document table tr')).toHaveLength(3);
    expect(element.querySelectorAll('.quire-document table tr:first-child > td')).toHaveLength(3);
    table.click();
    expect(entries().filter((item) => item.getAttribute('aria-disabled') === 'true')).toEqual([]);
    entries().find((item) => item.textContent === 'Insert row below')!.click();
    expect(element.querySelectorAll('.quire-document table tr')).toHaveLength(4);
    editor.destroy();
  });

  it('disables its controls in view mode', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx', { mode: 'view' });
    expect(button(element, 'Bold').disabled).toBe(true);
    expect(element.querySelector<HTMLButtonElement>(STYLE_MENU)!.disabled).toBe(true);
    expect(element.querySelector<HTMLButtonElement>(TABLE_MENU)!.disabled).toBe(true);
    editor.setMode('edit');
    expect(button(element, 'Bold').disabled).toBe(false);
    editor.destroy();
  });

  it('is left out with toolbar: false, and built in the host element given as toolbar', async () => {
    const none = mount({ document: readFixture('docxjs-text.docx'), toolbar: false });
    expect(none.element.querySelector('.quire-toolbar')).toBeNull();
    const host = document.body.appendChild(document.createElement('nav'));
    const placed = mount({ document: readFixture('docxjs-text.docx'), toolbar: host });
    expect(host.querySelector('.quire-toolbar')).not.toBeNull();
    expect(placed.element.querySelector('.quire-toolbar')).toBeNull();
    placed.editor.destroy();
    expect(host.querySelector('.quire-toolbar')).toBeNull();
    none.editor.destroy();
  });

  it('opens the link form and links the selection', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    selectText(element, 'Bullets');
    button(element, 'Link').click();
    const form = element.querySelector<HTMLFormElement>('.quire-link-form')!;
    expect(form.hidden).toBe(false);
    form.querySelector('input')!.value = 'https://example.com/a';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(form.hidden).toBe(true);
    expect(element.querySelector('.quire-document a')?.getAttribute('href')).toBe('https://example.com/a');
    editor.destroy();
  });
});
