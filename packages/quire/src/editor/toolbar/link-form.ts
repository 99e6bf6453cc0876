/** The link form of the toolbar: an address field with Apply, Remove and Cancel. */
export interface LinkForm {
  readonly element: HTMLFormElement;
  /** Shows the form with `href` (the link at the selection, or empty) and focuses the field. */
  open(href: string | null): void;
  close(): void;
  readonly isOpen: boolean;
}

/** What the form does when used. */
export interface LinkFormActions {
  /** Applies the address; returns false when it was refused (an unsafe scheme). */
  apply(href: string): boolean;
  remove(): void;
  /** Called after the form closes, to give the focus back to the document. */
  closed(): void;
}

/** Returns the toolbar's link form, hidden until opened (Mod-K or the Link button). */
export function createLinkForm(page: Document, actions: LinkFormActions): LinkForm {
  const form = page.createElement('form');
  form.className = 'quire-link-form';
  form.hidden = true;
  const label = page.createElement('label');
  label.textContent = 'Link address';
  const input = page.createElement('input');
  input.type = 'text';
  input.inputMode = 'url';
  input.spellcheck = false;
  input.placeholder = 'https://';
  label.append(input);
  const message = page.createElement('span');
  message.className = 'quire-link-message';
  message.setAttribute('role', 'status');
  const button = (text: string, type: 'submit' | 'button', onClick?: () => void) => {
    const element = page.createElement('button');
    element.type = type;
    element.textContent = text;
    if (onClick) element.addEventListener('click', onClick);
    return element;
  };
  const close = () => {
    if (form.hidden) return;
    form.hidden = true;
    message.textContent = '';
    actions.closed();
  };
  form.append(label, button('Apply', 'submit'), button('Remove link', 'button', () => (actions.remove(), close())), button('Cancel', 'button', close), message);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (actions.apply(input.value)) close();
    else message.textContent = 'Use a web, mail or telephone address.';
  });
  form.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  });
  return {
    element: form,
    open(href) {
      form.hidden = false;
      message.textContent = '';
      input.value = href ?? '';
      input.focus();
      input.select();
    },
    close,
    get isOpen() {
      return !form.hidden;
    },
  };
}
