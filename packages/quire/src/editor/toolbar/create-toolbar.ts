import type { Alignment } from '../../model/paragraph-attrs.js';
import type { EditorCommands, SimpleCommandName } from '../commands/editor-commands.js';
import type { ParagraphStyleOption } from '../commands/paragraph-style-options.js';
import type { SelectionState } from '../commands/selection-state.js';
import type { EditorMarkup, EditorMode } from '../editor-options.js';
import { NAVIGATION_SHORTCUTS } from '../review/review-navigation-keys.js';
import type { EditorChanges } from '../review/editor-changes.js';
import { afterNextPaint } from '../ui/after-next-paint.js';
import { createLinkForm } from './link-form.js';
import { createMenuButton } from './menu-button.js';
import { rovingFocus } from './roving-focus.js';
import { createIcon } from './toolbar-icons.js';

/** What the toolbar needs from its editor. */
export interface ToolbarHost {
  readonly commands: EditorCommands;
  /** The selection's state; null when no document is shown or in view mode. */
  selectionState(): SelectionState | null;
  /** Whether a command without arguments would apply now. */
  canRun(name: SimpleCommandName): boolean;
  paragraphStyles(): readonly ParagraphStyleOption[];
  /** The decisions on tracked changes the Review buttons make. */
  readonly changes: Pick<EditorChanges, 'acceptInSelection' | 'rejectInSelection' | 'next' | 'previous'>;
  /** Whether the selection touches a tracked change (see `selectionTouchesChange`). */
  canDecideChange(): boolean;
  /** Opens a new comment's card on the selection (see `CommentCards.startDraft`); whether it could. */
  newComment(): boolean;
  /** Whether a comment can be added: a document is editable and text is selected. */
  canComment(): boolean;
  /** Whether a document is shown that Next and Previous can go through, in any mode. */
  canNavigate(): boolean;
  /** The editor's mode, and the switch the mode menu makes (`Editor.setMode`). */
  mode(): EditorMode;
  setMode(mode: EditorMode): void;
  /** The editor's markup, and the switch the markup menu makes (`Editor.setMarkup`). */
  markup(): EditorMarkup;
  setMarkup(markup: EditorMarkup): void;
  /** A note shown at the toolbar's end, such as why its formatting controls are off; null for none. */
  note?(): string | null;
  /** Gives the keyboard focus back to the document. */
  focus(): void;
}

/** The built-in toolbar of an editor. */
export interface Toolbar {
  readonly element: HTMLElement;
  /** Shows the selection's state now: pressed buttons, the paragraph style, what is disabled. */
  update(): void;
  /** Shows the selection's state once the next frame is drawn, so that typing does not wait for it; calls made before then are merged. */
  updateAfterPaint(): void;
  /** Opens the link form; false when nothing is shown or the document is read-only. */
  openLinkForm(): boolean;
  destroy(): void;
}

interface ToggleButton {
  readonly element: HTMLButtonElement;
  readonly pressed?: (state: SelectionState) => boolean;
  readonly enabled: (state: SelectionState) => boolean;
  /** For a control usable in view mode too, where there is no selection state: whether it is enabled. */
  readonly available?: () => boolean;
}

// Word's Display for Review menu.
const MARKUPS: readonly { readonly markup: EditorMarkup; readonly label: string }[] = [
  { markup: 'simple', label: 'Simple Markup' },
  { markup: 'all', label: 'All Markup' },
  { markup: 'none', label: 'No Markup' },
  { markup: 'original', label: 'Original' },
];

const MODES: readonly { readonly mode: EditorMode; readonly label: string }[] = [
  { mode: 'edit', label: 'Editing' },
  { mode: 'suggest', label: 'Suggesting' },
  { mode: 'view', label: 'Viewing' },
];

// As a key is named in a tooltip: Alt-Shift-. as Alt+Shift+.
const keyLabel = (key: string) => key.replace(/-(?=.)/g, '+');

const TABLE_ACTIONS = [
  ['insertTable', 'Insert table'],
  ['addRowBefore', 'Insert row above'],
  ['addRowAfter', 'Insert row below'],
  ['deleteRow', 'Delete row'],
  ['addColumnBefore', 'Insert column left'],
  ['addColumnAfter', 'Insert column right'],
  ['deleteColumn', 'Delete column'],
] as const;

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/bmp';

/**
 * Builds the toolbar: buttons with visible or accessible names and `aria-pressed`, a paragraph
 * style menu, a table menu, a link form and an image picker. Every control is a native button
 * (the two menus are menu buttons, see `createMenuButton`: moving through a menu changes nothing
 * until an entry is chosen); together they are one Tab stop, and Left and Right move between them
 * (the WAI-ARIA toolbar pattern); the link form, when open, is reached with Tab. Buttons keep the
 * document's selection (they do not take the focus on mouse down) and give the focus back after acting.
 */
export function createToolbar(page: Document, host: ToolbarHost): Toolbar {
  const element = page.createElement('div');
  element.className = 'quire-toolbar';
  element.setAttribute('role', 'toolbar');
  element.setAttribute('aria-label', 'Formatting');
  const buttons: ToggleButton[] = [];
  const group = (label: string) => {
    const div = page.createElement('div');
    div.className = 'quire-toolbar-group';
    div.setAttribute('role', 'group');
    div.setAttribute('aria-label', label);
    element.append(div);
    return div;
  };
  const button = (parent: HTMLElement, label: string, content: string | SVGElement, action: () => unknown, options: Omit<ToggleButton, 'element'>) => {
    const control = page.createElement('button');
    control.type = 'button';
    control.className = 'quire-button';
    control.title = label;
    if (typeof content === 'string') {
      control.textContent = content;
      if (content !== label) control.setAttribute('aria-label', label);
    } else {
      control.append(content);
      control.setAttribute('aria-label', label);
    }
    if (options.pressed) control.setAttribute('aria-pressed', 'false');
    control.addEventListener('mousedown', (event) => event.preventDefault());
    control.addEventListener('click', () => {
      action();
      host.focus();
    });
    parent.append(control);
    buttons.push({ element: control, ...options });
    return control;
  };
  const simple = (parent: HTMLElement, name: SimpleCommandName, label: string, content: string | SVGElement, pressed?: (state: SelectionState) => boolean) =>
    button(parent, label, content, () => host.commands[name](), { enabled: () => host.canRun(name), ...(pressed ? { pressed } : {}) });

  const history = group('History');
  simple(history, 'undo', 'Undo', '↶');
  simple(history, 'redo', 'Redo', '↷');

  const styles = createMenuButton(page, 'Paragraph style', () => {
    const current = host.selectionState()?.paragraphStyle;
    return host.paragraphStyles().map((style) => ({ label: style.name, value: style.id, checked: style.id === current }));
  }, (id) => {
    host.commands.setParagraphStyle(id);
    host.focus();
  });
  styles.button.classList.add('quire-style-button');
  group('Paragraph style').append(styles.element);
  buttons.push({ element: styles.button, enabled: () => true });

  const format = group('Character format');
  simple(format, 'bold', 'Bold', 'B', (state) => state.bold).classList.add('quire-bold');
  simple(format, 'italic', 'Italic', 'I', (state) => state.italic).classList.add('quire-italic');
  simple(format, 'underline', 'Underline', 'U', (state) => state.underline).classList.add('quire-underline');
  simple(format, 'strike', 'Strikethrough', 'S', (state) => state.strike).classList.add('quire-strike');

  const align = group('Alignment');
  for (const [value, label, icon] of [['left', 'Align left', 'alignLeft'], ['center', 'Center', 'alignCenter'], ['right', 'Align right', 'alignRight'], ['justify', 'Justify', 'alignJustify']] as const) {
    button(align, label, createIcon(page, icon), () => host.commands.align(value as Alignment), { enabled: () => true, pressed: (state) => state.align === value });
  }

  const lists = group('Lists');
  simple(lists, 'bulletList', 'Bulleted list', createIcon(page, 'bulletList'), (state) => state.list === 'bullet');
  simple(lists, 'numberedList', 'Numbered list', createIcon(page, 'numberedList'), (state) => state.list === 'numbered');
  simple(lists, 'outdent', 'Decrease indent', createIcon(page, 'outdent'));
  simple(lists, 'indent', 'Increase indent', createIcon(page, 'indent'));

  const insert = group('Insert');
  const linkForm = createLinkForm(page, {
    apply: (href) => host.commands.setLink(href),
    remove: () => host.commands.removeLink(),
    closed: () => host.focus(),
  });
  const openLinkForm = () => {
    const state = host.selectionState();
    if (!state) return false;
    linkForm.open(state.link);
    return true;
  };
  button(insert, 'Link', 'Link', openLinkForm, { enabled: () => true, pressed: (state) => state.link !== null });
  const picker = page.createElement('input');
  picker.type = 'file';
  picker.accept = IMAGE_TYPES;
  picker.hidden = true;
  picker.tabIndex = -1;
  picker.addEventListener('change', () => {
    const file = picker.files?.[0];
    picker.value = '';
    if (file) void host.commands.insertImage(file).then(() => host.focus());
  });
  button(insert, 'Insert picture', 'Picture', () => picker.click(), { enabled: () => true });
  insert.append(picker);

  const table = createMenuButton(page, 'Table', () => TABLE_ACTIONS.map(([value, label]) => ({ label, value, disabled: value !== 'insertTable' && !host.canRun(value) })), (action) => {
    if (action === 'insertTable') host.commands.insertTable(3, 3);
    else host.commands[action as SimpleCommandName]();
    host.focus();
  });
  table.button.textContent = 'Table';
  insert.append(table.element);
  buttons.push({ element: table.button, enabled: () => true });

  const review = group('Review');
  const decide = { enabled: () => host.canDecideChange() };
  button(review, 'Accept change (Alt+Shift+A)', 'Accept', () => host.changes.acceptInSelection(), decide);
  button(review, 'Reject change (Alt+Shift+R)', 'Reject', () => host.changes.rejectInSelection(), decide);
  const navigate = { enabled: () => true, available: () => host.canNavigate() };
  button(review, `Previous change (${keyLabel(NAVIGATION_SHORTCUTS.previous)})`, 'Previous', () => host.changes.previous(), navigate);
  button(review, `Next change (${keyLabel(NAVIGATION_SHORTCUTS.next)})`, 'Next', () => host.changes.next(), navigate);
  button(review, 'New comment (Ctrl+Alt+M)', 'Comment', () => host.newComment(), { enabled: () => host.canComment() });
  const markups = createMenuButton(page, 'Markup', () => MARKUPS.map(({ markup, label }) => ({ label, value: markup, checked: markup === host.markup() })), (markup) => {
    host.setMarkup(markup as EditorMarkup);
    host.focus();
  });
  markups.button.classList.add('quire-markup-button');
  review.append(markups.element);
  buttons.push({ element: markups.button, enabled: () => true, available: () => host.canNavigate() });
  // Word's Editing, Suggesting and Viewing menu.
  const modes = createMenuButton(page, 'Mode', () => MODES.map(({ mode, label }) => ({ label, value: mode, checked: mode === host.mode() })), (mode) => {
    host.setMode(mode as EditorMode);
    host.focus();
  });
  modes.button.classList.add('quire-mode-button');
  group('Mode').append(modes.element);
  buttons.push({ element: modes.button, enabled: () => true, available: () => host.canNavigate() });
  element.append(linkForm.element);
  const note = page.createElement('span');
  note.className = 'quire-toolbar-note';
  note.setAttribute('role', 'status');
  note.hidden = true;
  element.append(note);
  // The menus are empty until opened: every button in a group now is a control.
  const controls = [...element.querySelectorAll<HTMLElement>('.quire-toolbar-group button')];
  const focus = rovingFocus(element, () => controls);

  let cancelPending: (() => void) | null = null;
  const update = () => {
    cancelPending?.();
    cancelPending = null;
    const state = host.selectionState();
    for (const { element: control, pressed, enabled, available } of buttons) {
      setFlag(control, 'disabled', available ? !available() : state === null || !enabled(state));
      if (pressed) setAttribute(control, 'aria-pressed', String(state !== null && pressed(state)));
    }
    const name = host.paragraphStyles().find((style) => style.id === state?.paragraphStyle)?.name ?? '';
    if (styles.button.textContent !== name) {
      styles.button.textContent = name;
      styles.button.setAttribute('aria-label', name ? `Paragraph style: ${name}` : 'Paragraph style');
    }
    const markupName = MARKUPS.find(({ markup }) => markup === host.markup())?.label ?? '';
    if (markups.button.textContent !== markupName) {
      markups.button.textContent = markupName;
      markups.button.setAttribute('aria-label', `Markup: ${markupName}`);
    }
    const modeName = MODES.find(({ mode }) => mode === host.mode())?.label ?? '';
    if (modes.button.textContent !== modeName) {
      modes.button.textContent = modeName;
      modes.button.setAttribute('aria-label', `Mode: ${modeName}`);
    }
    if (state === null) {
      linkForm.close();
      styles.close();
      table.close();
    }
    const noteText = host.note?.() ?? '';
    if (note.textContent !== noteText) note.textContent = noteText;
    note.hidden = noteText === '';
    focus.refresh();
  };

  return {
    element,
    update,
    updateAfterPaint() {
      cancelPending ??= afterNextPaint(page.defaultView, update);
    },
    openLinkForm,
    destroy() {
      cancelPending?.();
      cancelPending = null;
      element.remove();
    },
  };
}

function setFlag(element: HTMLButtonElement, name: 'disabled', value: boolean): void {
  if (element[name] !== value) element[name] = value;
}

function setAttribute(element: HTMLElement, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}
