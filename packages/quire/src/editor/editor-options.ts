import type { DocumentInput } from '../input/read-document-input.js';
import { QuireOptionsError } from '../quire-options-error.js';
import type { TelemetryConfig } from '../telemetry/types.js';
import type { EditorEventHandlers } from './editor-events.js';
import { readFontsOption } from './fonts/read-fonts-option.js';
import { readCommentsView, type CommentsView } from './review/cards/editor-comments.js';
import { DEFAULT_USER, readUser, type EditorUser } from './review/suggest-user.js';
import { readZoom, type EditorZoom } from './view/zoom.js';

/** `edit` lets people change the document; `suggest` records every edit as a tracked change by the `user`; `view` shows it read-only. */
export type EditorMode = 'edit' | 'suggest' | 'view';

/** `pages` shows the document on pages of its paper, as printed; `flow` as one sheet per section that grows with its text. */
export type EditorLayout = 'pages' | 'flow';

/**
 * How tracked changes show: `simple` (default) and `none` as if every change were accepted
 * (`simple` highlights comment ranges), `all` with insertions underlined and deletions struck in
 * their author's colour, `original` as if every change were rejected. The pages are laid out in
 * the same markup as the PDF (`simple` as `none`), so they break where its pages do.
 */
export type EditorMarkup = 'simple' | 'all' | 'none' | 'original';

/** Options of the `Editor` constructor. `selector` or `element` is required. */
export interface EditorOptions extends TelemetryConfig, EditorEventHandlers {
  /** CSS selector of the element the editor fills, e.g. `#editor`. Give this or `element`. */
  selector?: string;
  /** The element the editor fills. Give this or `selector`. */
  element?: HTMLElement;
  /** The DOCX to open: a File, Blob, ArrayBuffer, Uint8Array, URL or URL string. Without it the editor starts with an empty document. */
  document?: DocumentInput;
  /** `edit` (default), `suggest` (edits are tracked changes, as Word's Track Changes) or `view` (read-only). Change it later with `setMode`. */
  mode?: EditorMode;
  /** Who uses the editor: the author of the changes made in `suggest` mode. Default `{ name: 'Quire user' }`. Change it later with `setUser`. */
  user?: EditorUser;
  /** `true` (default): a toolbar above the document; `false`: none; an element: the toolbar is built inside it. */
  toolbar?: boolean | HTMLElement;
  /** The fetch used for URL documents and telemetry reports. Default `globalThis.fetch`, looked up when used. */
  fetch?: typeof globalThis.fetch;
  /**
   * Where the web fonts standing in for missing Word fonts are loaded from: the URL of a folder
   * holding the package's dist/fonts/ files (a path is resolved against the page), or `false` to
   * load none. Default: dist/fonts/ next to the script (`quire.min.js`, or dist/esm/).
   */
  fonts?: string | URL | boolean;
  /**
   * `pages` (default): the document on pages of its paper size, each with its header, footer and
   * footnotes, broken where the PDF export breaks them; `flow`: one sheet per section that grows
   * with its text, for narrow screens. Pages need the web fonts (`fonts` not false): without them
   * the editor shows `flow`.
   */
  layout?: EditorLayout;
  /**
   * How large the document is shown: a scale from 0.25 to 4 (1, the default, is 100%), or
   * `fit-width`: the widest page fills the editor's width, following it as it changes. Change it
   * later with `setZoom`.
   */
  zoom?: EditorZoom;
  /** How tracked changes and comment ranges show (see {@link EditorMarkup}); default `simple`. */
  markup?: EditorMarkup;
  /**
   * `beside` (default): a document's comments are shown as cards in a column right of the pages,
   * as Word's markup area shows them (a document without comments gets none); `hidden`: not shown.
   * Change it later with `comments.setView`.
   */
  comments?: CommentsView;
}

/** {@link EditorOptions} after validation: what the editor works with. */
export interface NormalizedEditorOptions {
  readonly container: HTMLElement;
  readonly document: DocumentInput | undefined;
  readonly mode: EditorMode;
  readonly user: EditorUser;
  /** `inline`: a toolbar inside the container; an element: the toolbar goes there; `none`. */
  readonly toolbar: 'inline' | 'none' | HTMLElement;
  readonly handlers: EditorEventHandlers;
  readonly fetch: typeof globalThis.fetch | undefined;
  /** The folder URL (ending in `/`) web fonts are loaded from; null: none. */
  readonly fonts: string | null;
  readonly layout: EditorLayout;
  readonly zoom: EditorZoom;
  readonly markup: EditorMarkup;
  readonly comments: CommentsView;
}

const KNOWN_OPTIONS: ReadonlySet<string> = new Set([
  'selector', 'element', 'document', 'mode', 'toolbar', 'licenseKey', 'telemetry', 'fetch', 'fonts', 'layout', 'zoom', 'markup', 'comments', 'user', 'onReady', 'onChange', 'onDirty', 'onError', 'onExport', 'onPage', 'onZoom', 'onChanges', 'onComments',
]);
const HANDLER_OPTIONS = ['onReady', 'onChange', 'onDirty', 'onError', 'onExport', 'onPage', 'onZoom', 'onChanges', 'onComments'] as const;

/**
 * Validates the editor options once and fills in the defaults. Throws a {@link QuireOptionsError}
 * naming the option for an unknown key, a wrong type, a selector that matches nothing, or a
 * document of a kind the editor cannot open. `licenseKey` and `telemetry` are checked by the
 * telemetry module (`createTelemetry`).
 */
export function normalizeEditorOptions(options: EditorOptions, page: Pick<Document, 'querySelector'> | undefined): NormalizedEditorOptions {
  if (typeof options !== 'object' || options === null) throw new QuireOptionsError('options', 'must be an object.');
  for (const key of Object.keys(options)) {
    if (!KNOWN_OPTIONS.has(key)) throw new QuireOptionsError(key, `is not a known option (${[...KNOWN_OPTIONS].join(', ')}).`);
  }
  const handlers: EditorEventHandlers = {};
  for (const name of HANDLER_OPTIONS) {
    const handler = options[name];
    if (handler === undefined) continue;
    if (typeof handler !== 'function') throw new QuireOptionsError(name, 'must be a function.');
    (handlers as Record<string, unknown>)[name] = handler;
  }
  if (options.fetch !== undefined && typeof options.fetch !== 'function') throw new QuireOptionsError('fetch', 'must be a function.');
  const container = readContainer(options, page);
  return {
    container,
    document: readDocument(options.document),
    mode: readMode(options.mode ?? 'edit', 'mode'),
    user: options.user === undefined ? DEFAULT_USER : readUser(options.user, 'user'),
    toolbar: readToolbar(options.toolbar),
    handlers,
    fetch: options.fetch,
    fonts: readFontsOption(options.fonts, container.ownerDocument?.baseURI),
    layout: readLayout(options.layout),
    zoom: readZoom(options.zoom ?? 1, 'zoom'),
    markup: readMarkup(options.markup),
    comments: options.comments === undefined ? 'beside' : readCommentsView(options.comments, 'comments'),
  };
}

const MARKUPS: readonly EditorMarkup[] = ['simple', 'all', 'none', 'original'];

/** Returns `value` when it is a markup (`simple` for undefined, where `option` is the constructor's); throws a `QuireOptionsError` naming `option` otherwise. */
export function readMarkup(value: unknown, option = 'markup'): EditorMarkup {
  if (value === undefined && option === 'markup') return 'simple';
  if (!MARKUPS.includes(value as EditorMarkup)) throw new QuireOptionsError(option, `must be one of ${MARKUPS.map((name) => `'${name}'`).join(', ')}, got ${String(JSON.stringify(value))}.`);
  return value as EditorMarkup;
}

function readLayout(value: unknown): EditorLayout {
  if (value === undefined) return 'pages';
  if (value !== 'pages' && value !== 'flow') throw new QuireOptionsError('layout', `must be 'pages' or 'flow', got ${JSON.stringify(value)}.`);
  return value;
}

/** Returns `value` when it is an editor mode; throws a {@link QuireOptionsError} naming `option` otherwise. */
export function readMode(value: unknown, option: string): EditorMode {
  if (value !== 'edit' && value !== 'suggest' && value !== 'view') throw new QuireOptionsError(option, `must be 'edit', 'suggest' or 'view', got ${JSON.stringify(value)}.`);
  return value;
}

function readContainer(options: EditorOptions, page: Pick<Document, 'querySelector'> | undefined): HTMLElement {
  const { selector, element } = options;
  if (selector !== undefined && element !== undefined) throw new QuireOptionsError('selector', 'give either `selector` or `element`, not both.');
  if (element !== undefined) {
    if (!isElement(element)) throw new QuireOptionsError('element', 'must be an HTML element.');
    return element;
  }
  if (selector === undefined) throw new QuireOptionsError('element', 'is required: give the element to fill, or a `selector` for it.');
  if (typeof selector !== 'string' || selector.trim() === '') throw new QuireOptionsError('selector', 'must be a non-empty CSS selector.');
  if (!page) throw new QuireOptionsError('selector', 'needs a page (`document`) to look the element up in.');
  let found: Element | null;
  try {
    found = page.querySelector(selector);
  } catch {
    throw new QuireOptionsError('selector', `"${selector}" is not a valid CSS selector.`);
  }
  if (!found || !isElement(found)) throw new QuireOptionsError('selector', `"${selector}" matches no element on the page.`);
  return found;
}

function readDocument(value: unknown): DocumentInput | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') {
    if (value.trim() === '') throw new QuireOptionsError('document', 'must not be an empty URL.');
    return value;
  }
  if (typeof value === 'object' && value !== null) {
    const candidate = value as Partial<Blob & URL>;
    const isBytes = ArrayBuffer.isView(value) || Object.prototype.toString.call(value) === '[object ArrayBuffer]';
    const isBlob = typeof candidate.arrayBuffer === 'function' && typeof candidate.size === 'number';
    const isUrl = typeof candidate.href === 'string' && typeof candidate.protocol === 'string';
    if (isBytes || isBlob || isUrl) return value as DocumentInput;
  }
  throw new QuireOptionsError('document', 'must be a File, Blob, ArrayBuffer, Uint8Array, URL or URL string.');
}

function readToolbar(value: unknown): NormalizedEditorOptions['toolbar'] {
  if (value === undefined || value === true) return 'inline';
  if (value === false) return 'none';
  if (isElement(value)) return value;
  throw new QuireOptionsError('toolbar', 'must be true, false or an HTML element.');
}

// `instanceof HTMLElement` fails for elements of another realm (an iframe), so the check duck-types.
function isElement(value: unknown): value is HTMLElement {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Node).nodeType === 1 &&
    typeof (value as HTMLElement).appendChild === 'function' &&
    typeof (value as HTMLElement).style === 'object'
  );
}
