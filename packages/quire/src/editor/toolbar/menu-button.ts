/** One entry of a toolbar menu. */
export interface MenuEntry {
  readonly label: string;
  readonly value: string;
  /** Whether the entry is the current choice (a `menuitemradio`); omitted for a plain `menuitem`. */
  readonly checked?: boolean;
  /** Shown but not usable (`aria-disabled`): it stays in the arrow-key sequence, as the pattern asks. */
  readonly disabled?: boolean;
}

/** A button of the toolbar that opens a menu. */
export interface MenuButton {
  /** The button and its menu, to place in the toolbar. */
  readonly element: HTMLElement;
  readonly button: HTMLButtonElement;
  /** Hides the menu if it is open, leaving the focus where it is. */
  close(): void;
}

/**
 * Returns a menu button (WAI-ARIA Authoring Practices, Menu Button pattern): a button with
 * `aria-haspopup="menu"` and `aria-expanded` that opens a `role="menu"` of the entries `entries()`
 * gives at that moment. Enter, Space, a click or Down open it on the current choice (or the first
 * entry), Up on the last; in the menu Up and Down move (wrapping round), Home and End go to the
 * first and last entry, a letter to the next entry starting with it, Enter, Space or a click
 * chooses (`choose(value)`, after the menu closed), Escape closes it and gives the focus back to
 * the button, and the menu closes when the focus leaves it. Nothing is chosen by moving through
 * the entries: unlike a native select, which Chromium on Linux changes with every arrow key.
 */
export function createMenuButton(page: Document, label: string, entries: () => readonly MenuEntry[], choose: (value: string) => void): MenuButton {
  const element = page.createElement('div');
  element.className = 'quire-menu-button';
  const button = page.createElement('button');
  button.type = 'button';
  button.className = 'quire-button';
  button.setAttribute('aria-label', label);
  button.setAttribute('aria-haspopup', 'menu');
  button.setAttribute('aria-expanded', 'false');
  const menu = page.createElement('div');
  menu.className = 'quire-menu';
  menu.setAttribute('role', 'menu');
  menu.setAttribute('aria-label', label);
  menu.hidden = true;
  element.append(button, menu);
  const items = () => [...menu.children] as HTMLElement[];

  const close = (focusButton?: boolean) => {
    if (menu.hidden) return;
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (focusButton) button.focus();
  };
  const open = (last?: boolean) => {
    menu.replaceChildren(...entries().map((entry) => {
      const item = page.createElement('button');
      item.type = 'button';
      item.tabIndex = -1;
      item.textContent = entry.label;
      item.setAttribute('role', entry.checked === undefined ? 'menuitem' : 'menuitemradio');
      if (entry.checked !== undefined) item.setAttribute('aria-checked', String(entry.checked));
      if (entry.disabled) item.setAttribute('aria-disabled', 'true');
      // A button activates on Enter and Space as on a click.
      item.addEventListener('click', () => {
        if (entry.disabled) return;
        close();
        choose(entry.value);
      });
      return item;
    }));
    menu.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    const all = items();
    (last ? all.at(-1) : (all.find((item) => item.getAttribute('aria-checked') === 'true') ?? all[0]))?.focus();
  };

  // Neither takes the focus on mouse down: the document keeps its selection until a choice is made.
  button.addEventListener('mousedown', (event) => event.preventDefault());
  menu.addEventListener('mousedown', (event) => event.preventDefault());
  button.addEventListener('click', () => (menu.hidden ? open() : close(true)));
  button.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    open(event.key === 'ArrowUp');
  });
  menu.addEventListener('keydown', (event) => {
    const all = items();
    const at = all.indexOf(event.target as HTMLElement);
    const key = event.key;
    let next: number;
    if (key === 'ArrowDown') next = (at + 1) % all.length;
    else if (key === 'ArrowUp') next = (at - 1 + all.length) % all.length;
    else if (key === 'Home') next = 0;
    else if (key === 'End') next = all.length - 1;
    else if (key === 'Escape') return event.preventDefault(), close(true);
    else if (key.length === 1 && key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const starts = (index: number) => all[index % all.length]!.textContent!.toLowerCase().startsWith(key.toLowerCase());
      next = (at + 1 + [...all.keys()].findIndex((offset) => starts(at + 1 + offset))) % all.length;
    } else return;
    event.preventDefault();
    all[next]?.focus();
  });
  element.addEventListener('focusout', (event) => {
    if (!element.contains(event.relatedTarget as Node | null)) close();
  });
  return { element, button, close };
}
