// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createMenuButton, type MenuEntry } from '../../src/editor/toolbar/menu-button.js';

afterEach(() => {
  document.body.replaceChildren();
});

const STYLES: readonly MenuEntry[] = [
  { label: 'Normal', value: 'Normal', checked: false },
  { label: 'Heading 1', value: 'Heading1', checked: true },
  { label: 'Heading 2', value: 'Heading2', checked: false },
  { label: 'Title', value: 'Title', checked: false },
];

/** A menu button in the page, with the values it chose. */
function mountMenu(entries: readonly MenuEntry[] = STYLES) {
  const chosen: string[] = [];
  const menu = createMenuButton(document, 'Paragraph style', () => entries, (value) => chosen.push(value));
  document.body.append(menu.element);
  return { menu, chosen, items: () => [...menu.element.querySelectorAll<HTMLElement>('[role="menu"] > *')] };
}

function press(key: string): void {
  document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}

const focusedLabel = () => document.activeElement?.textContent;

describe('createMenuButton', () => {
  it('is a button that says it opens a menu, and whether the menu is open', () => {
    const { menu } = mountMenu();
    expect(menu.button.getAttribute('aria-haspopup')).toBe('menu');
    expect(menu.button.getAttribute('aria-expanded')).toBe('false');
    expect(menu.button.getAttribute('aria-label')).toBe('Paragraph style');
    const popup = menu.element.querySelector<HTMLElement>('[role="menu"]')!;
    expect(popup.hidden).toBe(true);
    expect(popup.getAttribute('aria-label')).toBe('Paragraph style');
    menu.button.click();
    expect(popup.hidden).toBe(false);
    expect(menu.button.getAttribute('aria-expanded')).toBe('true');
  });

  it('opens on the current choice, with menuitemradio entries that say which one is checked', () => {
    const { menu, items } = mountMenu();
    menu.button.focus();
    press('ArrowDown');
    expect(items().map((item) => [item.getAttribute('role'), item.getAttribute('aria-checked'), item.tabIndex])).toEqual([
      ['menuitemradio', 'false', -1], ['menuitemradio', 'true', -1], ['menuitemradio', 'false', -1], ['menuitemradio', 'false', -1],
    ]);
    expect(focusedLabel()).toBe('Heading 1');
  });

  it('opens on the last entry with ArrowUp, and on the first with ArrowDown when none is checked', () => {
    const plain = STYLES.map(({ label, value }) => ({ label, value }));
    const { menu, items } = mountMenu(plain);
    menu.button.focus();
    press('ArrowUp');
    expect(focusedLabel()).toBe('Title');
    expect(items()[0]!.getAttribute('role')).toBe('menuitem');
    press('Escape');
    press('ArrowDown');
    expect(focusedLabel()).toBe('Normal');
  });

  it('moves through the entries with the arrow keys (wrapping round), Home, End and letters, choosing nothing', () => {
    const { menu, chosen } = mountMenu();
    menu.button.focus();
    press('ArrowDown');
    const visited: (string | null | undefined)[] = [];
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp', 'Home', 'End', 't', 'h', 'h', 'H', 'x']) {
      press(key);
      visited.push(focusedLabel());
    }
    expect(visited).toEqual(['Heading 2', 'Title', 'Normal', 'Title', 'Normal', 'Title', 'Title', 'Heading 1', 'Heading 2', 'Heading 1', 'Heading 1']);
    expect(chosen).toEqual([]);
    expect(menu.button.getAttribute('aria-expanded')).toBe('true');
  });

  it('chooses the entry clicked (as Enter and Space do on a button), after closing the menu', () => {
    const { menu, chosen, items } = mountMenu();
    menu.button.click();
    items()[2]!.click();
    expect(chosen).toEqual(['Heading2']);
    expect(menu.button.getAttribute('aria-expanded')).toBe('false');
    expect(menu.element.querySelector<HTMLElement>('[role="menu"]')!.hidden).toBe(true);
  });

  it('shows a disabled entry with aria-disabled, keeps it in the arrow-key sequence, and does not choose it', () => {
    const { menu, chosen, items } = mountMenu([{ label: 'Insert table', value: 'insertTable' }, { label: 'Delete row', value: 'deleteRow', disabled: true }]);
    menu.button.focus();
    press('ArrowDown');
    press('ArrowDown');
    expect(focusedLabel()).toBe('Delete row');
    expect(items()[1]!.getAttribute('aria-disabled')).toBe('true');
    items()[1]!.click();
    expect(chosen).toEqual([]);
    expect(menu.button.getAttribute('aria-expanded')).toBe('true');
  });

  it('closes on Escape and gives the focus back to the button, choosing nothing', () => {
    const { menu, chosen } = mountMenu();
    menu.button.focus();
    menu.button.click();
    press('Escape');
    expect(document.activeElement).toBe(menu.button);
    expect(menu.button.getAttribute('aria-expanded')).toBe('false');
    expect(chosen).toEqual([]);
  });

  it('closes when the focus leaves it, and when the button is clicked again', () => {
    const { menu } = mountMenu();
    const outside = document.body.appendChild(document.createElement('button'));
    menu.button.click();
    outside.focus();
    expect(menu.button.getAttribute('aria-expanded')).toBe('false');
    menu.button.click();
    expect(menu.button.getAttribute('aria-expanded')).toBe('true');
    menu.button.click();
    expect(menu.button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu.button);
  });

  it('asks for its entries each time it opens', () => {
    let entries: MenuEntry[] = [{ label: 'One', value: '1' }];
    const menu = createMenuButton(document, 'Menu', () => entries, () => undefined);
    document.body.append(menu.element);
    menu.button.click();
    menu.close();
    entries = [{ label: 'Two', value: '2' }, { label: 'Three', value: '3' }];
    menu.button.click();
    expect([...menu.element.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent)).toEqual(['Two', 'Three']);
  });
});
