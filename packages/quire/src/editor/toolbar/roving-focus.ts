/** The keyboard focus of a toolbar's controls, one tab stop for them all. */
export interface RovingFocus {
  /** Keeps the tab stop on a control that can take the focus: call after controls are enabled or disabled. */
  refresh(): void;
}

// The keys that move the focus, and where to (WAI-ARIA Authoring Practices, Toolbar pattern).
const MOVES: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * Makes the controls of `toolbar` (`controls()`, in visual order) one stop in the Tab sequence,
 * with a roving tabindex: the control that last had the focus keeps `tabindex="0"`, the others
 * `-1`; Left and Right arrows move the focus to the previous and next control that is not
 * disabled (wrapping around), Home and End to the first and last. Up and Down are left to the
 * controls (a select changes its value). Keys in other elements of the toolbar (the link form)
 * are left alone.
 */
export function rovingFocus(toolbar: HTMLElement, controls: () => readonly HTMLElement[]): RovingFocus {
  let current: HTMLElement | null = null;
  const focusable = (control: HTMLElement) => !(control as HTMLButtonElement).disabled && !control.hidden;

  const refresh = () => {
    const all = controls();
    if (current === null || !all.includes(current) || !focusable(current)) current = all.find(focusable) ?? all[0] ?? null;
    for (const control of all) {
      const tabIndex = control === current ? 0 : -1;
      if (control.tabIndex !== tabIndex) control.tabIndex = tabIndex;
    }
  };

  toolbar.addEventListener('focusin', (event) => {
    const target = event.target as HTMLElement;
    if (target === current || !controls().includes(target)) return;
    current = target;
    refresh();
  });

  toolbar.addEventListener('keydown', (event) => {
    const move = MOVES[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const all = controls();
    const from = all.indexOf(event.target as HTMLElement);
    if (from < 0) return;
    const usable = all.filter((control) => control === all[from] || focusable(control));
    const next = usable[move(usable.indexOf(all[from]!), usable.length)];
    event.preventDefault();
    if (!next || next === all[from]) return;
    current = next;
    refresh();
    next.focus();
  });

  refresh();
  return { refresh };
}
