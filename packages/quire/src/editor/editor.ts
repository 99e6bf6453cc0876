import { redo, undo } from 'prosemirror-history';
import { afterNextPaint } from './ui/after-next-paint.js';
import type { Command, Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { DocumentError } from '../document-error.js';
import type { DocumentInput } from '../input/read-document-input.js';
import { schema } from '../model/schema.js';
import { createTelemetry, type Telemetry } from '../telemetry/create-telemetry.js';
import { QuireOptionsError } from '../quire-options-error.js';
import { createEditorCommands, simpleCommands, type EditorCommands, type SimpleCommandName } from './commands/editor-commands.js';
import type { ParagraphStyleOption } from './commands/paragraph-style-options.js';
import { readSelectionState, type SelectionState } from './commands/selection-state.js';
import { declaredImportFormat, detectImportFormat } from './document/detect-import-format.js';
import type { DocumentSession } from './document/document-session.js';
import { DOCX_MEDIA_TYPE, exportDocx } from './document/export-docx.js';
import { createdSession, importTextSession } from './document/import-text-session.js';
import { openDocxSession } from './document/open-docx-session.js';
import { createEditorEmitter, type EditorEmitter, type EditorEventName, type EditorListener } from './editor-events.js';
import { normalizeEditorOptions, readMarkup, readMode, type EditorMarkup, type EditorMode, type EditorOptions, type NormalizedEditorOptions } from './editor-options.js';
import { createDocumentFonts, type DocumentFonts } from './fonts/document-fonts.js';
import { createToolbar, type Toolbar } from './toolbar/create-toolbar.js';
import { createStatus, describeOpenError } from './ui/status-message.js';
import { createFileSaver, downloadFileName, type FileSaver } from './ui/save-file.js';
import { showDocument, type ShownDocument } from './view/shown-document.js';
import { ViewportZoom } from './view/viewport-zoom.js';
import { listenForZoomInput } from './view/zoom-input.js';
import { readZoom, type EditorZoom } from './view/zoom.js';
import type { PagedDocument } from './pages/paged-document.js';
import type { Node as ModelNode } from 'prosemirror-model';
import { ChangeListWatch, createEditorChanges, type DecisionTarget, type EditorChanges } from './review/editor-changes.js';
import { selectionTouchesChange } from './review/selection-touches-change.js';
import { CommentCards, type EditorComments } from './review/cards/editor-comments.js';
import { createSuggester } from './review/suggest-mode.js';
import { SUGGEST_REFUSAL, SUGGESTABLE_COMMANDS } from './review/suggest-transaction.js';
import { readUser, type EditorUser } from './review/suggest-user.js';
import { AuthorColourSheet } from './review/author-colour-sheet.js';
import { documentAuthors } from '../model/review/author-colour.js';

let editorCount = 0;

/**
 * A DOCX editor in an element of the page. It opens the document given as `document` (or starts
 * empty), shows it as pages close to Word's, lets people edit it (or only read it, in `view`
 * mode) and exports it as DOCX with its identity metadata. Each open or import sends one
 * telemetry report once the document is on screen, unless `telemetry.enabled` is false.
 *
 * The constructor throws a `QuireOptionsError` naming the option for invalid options; everything
 * else is reported through `ready`, the events and the returned promises. Editors on one page
 * share nothing: each has its own document, undo history, styles and images.
 */
// How long the first pages of a long document wait for a frame before the rest is read.
const HIDDEN_PAGE_WAIT_MS = 100;

export class Editor {
  /** The editing commands (bold, lists, tables, links, undo...), usable with or without the toolbar. */
  readonly commands: EditorCommands;
  /** The document's tracked changes: `list()` as plain data, accept and reject one, those in the selection, or all (see the `changes` event). */
  readonly changes: EditorChanges;
  /** The document's comments: `list()` as plain data; `add`, `reply`, `update`, `resolve`, `reopen` and `remove`, each one undo step; `setView` shows or hides their cards (see the `comments` option and event). */
  readonly comments: EditorComments;

  readonly #options: NormalizedEditorOptions;
  readonly #telemetry: Telemetry;
  readonly #events: EditorEmitter;
  readonly #page: Document;
  readonly #root: HTMLElement;
  readonly #viewport: HTMLElement;
  readonly #toolbar: Toolbar | null;
  readonly #simple = simpleCommands(schema);
  readonly #files: FileSaver;
  readonly #fonts: DocumentFonts;
  readonly #zoom: ViewportZoom;
  readonly #stopZoomInput: () => void;
  readonly #changeList = new ChangeListWatch();
  readonly #cards: CommentCards;
  #mode: EditorMode;
  #markup: EditorMarkup;
  readonly #authorColours: AuthorColourSheet;
  #user: EditorUser;
  readonly #suggest = createSuggester(() => this.#user.name);
  #shown: ShownDocument | null = null;
  #paged: PagedDocument | null = null;
  // In the flow layout: pages laid out only to print, kept for the next print of the same document.
  #printer: PagedDocument | null = null;
  readonly #idPrefix = `quire-${++editorCount}-`;
  #status: HTMLElement | null = null;
  #ready: Promise<void>;
  #dirty = false;
  #generation = 0;
  #destroyed = false;

  /** Validates `options` (throwing a `QuireOptionsError`), fills the element and starts opening the document. */
  constructor(options: EditorOptions) {
    const page = (globalThis as { document?: Document }).document;
    this.#options = normalizeEditorOptions(options, page);
    this.#telemetry = createTelemetry({ licenseKey: options.licenseKey, telemetry: options.telemetry, ...(options.fetch ? { fetch: options.fetch } : {}) });
    const { container } = this.#options;
    if (container.hasAttribute('data-quire-editor')) throw new QuireOptionsError(options.selector !== undefined ? 'selector' : 'element', 'already holds a Quire editor; destroy it first.');
    this.#page = container.ownerDocument;
    this.#mode = this.#options.mode;
    this.#markup = this.#options.markup;
    this.#user = this.#options.user;
    this.#events = createEditorEmitter(this.#options.handlers);
    this.#fonts = createDocumentFonts(this.#page, this.#options.fonts);
    this.commands = createEditorCommands({ schema, run: (command) => this.#run(command), paragraphStyles: () => this.#shown?.styles ?? [] });
    this.changes = createEditorChanges({
      state: () => this.#shown?.view.state ?? null,
      run: (command, target) => this.#run(command, target),
      select: (tr) => this.#shown?.view.dispatch(tr),
    });

    this.#root = this.#page.createElement('div');
    this.#root.className = 'quire-editor';
    this.#root.dataset['mode'] = this.#mode;
    this.#root.dataset['markup'] = this.#markup;
    this.#authorColours = new AuthorColourSheet(this.#page, this.#root, this.#idPrefix);
    this.#viewport = this.#page.createElement('div');
    this.#viewport.className = 'quire-viewport';
    this.#toolbar = this.#options.toolbar === 'none' ? null : this.#createToolbar();
    if (this.#toolbar && this.#options.toolbar === 'inline') this.#root.append(this.#toolbar.element);
    else if (this.#toolbar && typeof this.#options.toolbar === 'object') this.#options.toolbar.append(this.#toolbar.element);
    this.#root.append(this.#viewport);
    this.#zoom = new ViewportZoom({
      viewport: this.#viewport,
      zoom: this.#options.zoom,
      onChange: (zoom, fitWidth) => this.#events.emit('zoom', { editor: this, zoom, fitWidth }),
    });
    // Ctrl/Cmd with the wheel, +, − or 0 zooms the editor rather than the host page.
    this.#stopZoomInput = listenForZoomInput(this.#root, { scale: () => this.#zoom.scale, set: (scale) => this.setZoom(scale) });
    this.#files = createFileSaver(this.#root);
    this.comments = this.#cards = new CommentCards(this.#viewport, this.#options.comments, {
      user: () => this.#user,
      editable: () => this.#isEditable() && this.#shown !== null,
      now: () => new Date(),
    });
    container.setAttribute('data-quire-editor', '');
    container.append(this.#root);

    const input = this.#options.document;
    this.#ready = this.#start((showStart) =>
      input === undefined ? createdSession({ value: emptyDocument(), messages: [] }, 'document.docx', false) : this.#read(input, showStart),
    );
  }

  /**
   * Resolves when the most recent document (the initial one, or the last `open` or `import`) is
   * on screen; rejects with a `DocumentError` when it could not be read, or with an `AbortError`
   * when another open replaced it first. An open that fails while a document is shown leaves
   * that document on screen, and `ready` resolves again once the failure has been reported.
   */
  get ready(): Promise<void> {
    return this.#ready;
  }

  /** The current mode: `edit`, `suggest` or `view`. */
  get mode(): EditorMode {
    return this.#mode;
  }

  /** Adds a listener of `ready`, `change`, `dirty`, `export` or `error`. */
  on<K extends EditorEventName>(event: K, listener: EditorListener<K>): void {
    this.#events.on(event, listener);
  }

  /** Removes a listener added with `on` (or given as an option). */
  off<K extends EditorEventName>(event: K, listener: EditorListener<K>): void {
    this.#events.off(event, listener);
  }

  /**
   * Opens another DOCX in place of the current document; resolves when it is on screen (see
   * `ready`). A File whose name or type says Markdown or HTML is imported (see `import`). When the
   * file cannot be read, the promise rejects with a `DocumentError`, `error` is emitted and a
   * message is shown above the current document, which stays as it was: its edits, undo history
   * and `documentId` are kept.
   */
  open(document: DocumentInput): Promise<void> {
    return this.#start((showStart) => this.#read(document, showStart));
  }

  // A property rather than a method: the script-tag build is checked for `import(` (a dynamic
  // import a classic script cannot run), which a method of this name would look like.
  /**
   * Opens a file of another kind in place of the current document: DOCX, Markdown or HTML, told
   * apart by name, type or content. Markdown and HTML become a new document with a fresh identity.
   */
  readonly import: (file: Blob) => Promise<void> = (file) => this.#importFile(file);

  /**
   * Resolves to the edited document as a DOCX Blob with its identity metadata written in; emits
   * `export`, and clears `isDirty()` unless the document was edited while it was being written.
   */
  async export(): Promise<Blob> {
    await this.#ready;
    const shown = this.#requireShown();
    const doc = shown.view.state.doc;
    try {
      const bytes = await exportDocx(shown.session, doc);
      const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: DOCX_MEDIA_TYPE });
      if (this.#destroyed) return blob;
      this.#events.emit('export', { editor: this, blob, documentId: shown.session.identity.documentId });
      if (this.#shown === shown && shown.view.state.doc === doc) this.#setDirty(false);
      return blob;
    } catch (error) {
      if (!this.#destroyed) this.#events.emit('error', { editor: this, error: asError(error) });
      throw error;
    }
  }

  /** Exports the document and saves it through the browser as `fileName` (default: the opened file's name). */
  async download(fileName?: string): Promise<void> {
    const blob = await this.export();
    if (!this.#destroyed) this.#files.save(blob, downloadFileName(fileName, this.#requireShown().session.fileName));
  }

  /**
   * Whether the document on screen has edits that no export holds: true from the first change
   * after an open, an import or an export, false again after `export()` or `download()`. A page can
   * ask before it is left or before another file replaces the document.
   */
  isDirty(): boolean {
    return this.#dirty;
  }

  /** Returns the `documentId` of the document on screen (the one reported), or undefined while none is. */
  getDocumentId(): string | undefined {
    return this.#shown?.session.identity.documentId;
  }

  /** Returns the paragraph styles the document offers: ids for `commands.setParagraphStyle` and names to show. */
  getParagraphStyles(): readonly ParagraphStyleOption[] {
    return this.#shown?.styles ?? [];
  }

  /**
   * Returns what the selection is and holds (marks, style, alignment, list, link), for a toolbar of
   * the host's own: the selection of the header, footer or note open for editing, if one is (undo
   * and redo stay the document's); null when no document is shown.
   */
  getSelectionState(): SelectionState | null {
    const shown = this.#shown;
    if (!shown || this.#destroyed) return null;
    return readSelectionState((shown.parts.view ?? shown.view).state, shown.styles, shown.view.state);
  }

  /**
   * Opens the header or footer of the page at the caret for editing in place, as a double-click on
   * it does, and puts the keyboard in it (Alt+Shift+H and Alt+Shift+F do the same; Escape leaves
   * it). In the `flow` layout, the one shown on the caret's section; while a part is open, of the
   * page it is on. On pages, a page without one gets an empty one (gone again if left empty).
   * Resolves to false in view mode, with no document shown, or in `flow` where the section has none.
   */
  async editPart(kind: 'header' | 'footer'): Promise<boolean> {
    const shown = this.#shown;
    if (!shown || this.#destroyed || (kind !== 'header' && kind !== 'footer')) return false;
    return shown.parts.openAtCaret(shown.view, kind);
  }

  /** The author of the changes made in `suggest` mode (see the `user` option). */
  get user(): EditorUser {
    return this.#user;
  }

  /** Sets the author of the changes made from now on. Throws a `QuireOptionsError` for a user without a name. */
  setUser(user: EditorUser): void {
    this.#user = readUser(user, 'user');
    this.#authorColours.include([this.#user.name]);
    // The cards offer Edit on the user's own comments.
    this.#cards.refresh();
  }

  /** Switches between `edit`, `suggest` (edits are tracked changes by the `user`) and `view` (read-only). Throws a `QuireOptionsError` for another value. */
  setMode(mode: EditorMode): void {
    this.#mode = readMode(mode, 'mode');
    this.#root.dataset['mode'] = this.#mode;
    this.#shown?.view.setProps({ editable: () => this.#isEditable() });
    this.#toolbar?.update();
    this.#cards.refresh();
  }

  /** How tracked changes show: `simple`, `all`, `none` or `original` (see the `markup` option and {@link setMarkup}). */
  get markup(): EditorMarkup {
    return this.#markup;
  }

  /**
   * Switches how tracked changes show, as Word's Display for Review menu does: `simple`, `all`,
   * `none` or `original`. The pages are laid out again in the new markup. Throws a
   * `QuireOptionsError` for another value.
   */
  setMarkup(markup: EditorMarkup): void {
    const next = readMarkup(markup, 'setMarkup');
    if (next === this.#markup) return;
    this.#markup = next;
    this.#root.dataset['markup'] = next;
    this.#toolbar?.update();
    this.#printer?.dispose();
    this.#printer = null;
    const shown = this.#shown;
    const paged = this.#paged;
    if (!shown || !paged) return;
    this.#paged = null;
    const { view } = shown;
    if (paged.view) view.updateState(view.state.reconfigure({ plugins: view.state.plugins.filter((plugin) => plugin !== paged.view!.plugin) }));
    paged.dispose();
    void this.#showPages(shown);
  }

  /**
   * Returns the number of pages of the document as last laid out in the `pages` layout; 0 in the
   * `flow` layout and until the first layout of the whole document is done (the `page` event says
   * when it is; a long document's first pages are on screen before).
   */
  getPageCount(): number {
    // The first pages of a long document are not its page count.
    return this.#shown?.session.partial ? 0 : (this.#paged?.view?.pageCount ?? 0);
  }

  /** Puts the caret at the start of page `page` (from 1; clamped to the pages there are) and scrolls it into view; does nothing in the `flow` layout. */
  goToPage(page: number): void {
    if (!this.#destroyed && Number.isFinite(page)) this.#paged?.view?.goToPage(page);
  }

  /**
   * Prints the document's pages, exactly as the `pages` layout shows them and as the PDF export
   * draws them: each page on a sheet of its paper size, without the browser's own headers and
   * margins, nothing of the host page. In the `flow` layout the pages are laid out to print.
   * Resolves once the browser's print dialog is done; rejects when no web fonts are loaded
   * (`fonts: false`), which the pages are laid out in, or where the browser cannot measure text.
   */
  async print(): Promise<void> {
    await this.#ready;
    const shown = this.#requireShown();
    const fontsBase = this.#options.fonts;
    if (fontsBase === null) throw new Error('Printing lays the pages out in the web fonts, which the `fonts: false` option turns off.');
    let printer = this.#paged ?? this.#printer;
    if (!printer) {
      const { createPagedDocument } = await import('./pages/paged-document.js');
      printer = createPagedDocument({ page: this.#page, fontsBase, idPrefix: this.#idPrefix, paragraphStyles: shown.session.paragraphStyles, rooms: null, markup: this.#markup, onPage: () => undefined, onError: () => undefined });
      if (!printer) throw new Error('This browser cannot measure text (no canvas or CSS Font Loading API), which printing pages needs.');
      if (this.#shown === shown) this.#printer = printer;
    }
    await printer.print(shown.view.state.doc);
  }

  /**
   * Shows the document at `zoom`: a scale from 0.25 to 4 (1 is 100%), or `fit-width`, the widest
   * page filling the editor's width as it changes. Emits `zoom` when the scale changes. Throws a
   * `QuireOptionsError` for another value. Printing and exports are not scaled.
   */
  setZoom(zoom: EditorZoom): void {
    const checked = readZoom(zoom, 'zoom');
    if (!this.#destroyed) this.#zoom.set(checked);
  }

  /** Returns the scale the document is shown at, 1 being 100%; in `fit-width`, the scale that fits it now. */
  getZoom(): number {
    return this.#zoom.scale;
  }

  /** Puts the keyboard focus in the document. */
  focus(): void {
    if (!this.#destroyed) this.#shown?.view.focus();
  }

  /**
   * Removes the editor from the page: its view, toolbar and listeners, its images' object URLs,
   * and pending downloads. Opens in progress are abandoned. Calling it again does nothing.
   */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#generation++;
    this.#dispose();
    this.#toolbar?.destroy();
    this.#root.remove();
    this.#options.container.removeAttribute('data-quire-editor');
    this.#events.clear();
    this.#files.dispose();
    this.#fonts.dispose();
    this.#zoom.dispose();
    this.#authorColours.dispose();
    this.#stopZoomInput();
  }

  // A File or Blob declared Markdown or HTML (by name or type) is imported; anything else is read as a DOCX.
  #read(input: DocumentInput, onStart: (start: DocumentSession) => Promise<void>): Promise<DocumentSession> {
    const declared = isBlob(input) ? declaredImportFormat(input) : undefined;
    return declared === 'md' || declared === 'html' ? importTextSession(input as Blob, declared) : openDocxSession(input, { fetch: this.#options.fetch, onStart });
  }

  #importFile(file: Blob): Promise<void> {
    return this.#start(async (showStart) => {
      if (!isBlob(file)) {
        throw new DocumentError('INPUT_INVALID', 'Only a File or Blob can be imported.');
      }
      const format = await detectImportFormat(file);
      return format === 'docx' ? openDocxSession(file, { fetch: this.#options.fetch, onStart: showStart }) : importTextSession(file, format);
    });
  }

  // A failed open leaves the document on screen as it was; the message is shown above it. The
  // first pages of a long document are shown while the rest is read, into an empty editor only,
  // and cannot be edited until the whole document is there.
  #start(load: (showStart: (start: DocumentSession) => Promise<void>) => Promise<DocumentSession>): Promise<void> {
    const generation = ++this.#generation;
    // First pages shown for an earlier open go: that open is replaced.
    this.#dropFirstPages();
    if (!this.#shown) this.#setStatus(createStatus(this.#page, 'Opening the document…', 'loading'));
    const showStart = async (start: DocumentSession): Promise<void> => {
      if (this.#shown || generation !== this.#generation || this.#destroyed) return;
      try {
        await this.#show(start);
        await painted(this.#page.defaultView);
      } catch (error) {
        // Showing the first pages is a head start, never a reason for the open to fail: the whole
        // document is shown as any other once read.
        this.#dropFirstPages();
        this.#events.emit('error', { editor: this, error: asError(error) });
      }
    };
    const shown = (async () => {
      if (this.#destroyed) throw abortError();
      let session: DocumentSession;
      try {
        session = await load(showStart);
      } catch (error) {
        if (generation === this.#generation && !this.#destroyed) {
          this.#dropFirstPages();
          this.#fail(error);
        }
        throw error;
      }
      if (generation !== this.#generation || this.#destroyed) throw abortError();
      if (!this.#shown?.session.partial || !this.#complete(this.#shown, session)) void this.#show(session);
      this.#events.emit('ready', { editor: this, documentId: session.identity.documentId });
      return session;
    })();
    const ready = shown.then(() => undefined);
    // The page may never look at `ready`: a failure is reported through the events and the container.
    ready.catch(() => {
      // The document that stayed on screen is ready again: exports and commands wait on it.
      if (generation === this.#generation && this.#shown) this.#ready = Promise.resolve();
    });
    // The report goes once the document is on screen; it is fire-and-forget and never throws.
    shown.then(
      (session) => {
        if (session.reported && this.#shown?.session === session) this.#telemetry.reportOpen({ documentId: session.identity.documentId, documentCreatedAt: session.identity.createdAt });
      },
      () => undefined,
    );
    this.#ready = ready;
    return ready;
  }

  // Removes the first pages of a long document from the screen, if they are what is shown.
  #dropFirstPages(): void {
    if (this.#shown?.session.partial) this.#dispose();
  }

  // The whole of a long document whose first pages are on screen: the rest joins them.
  #complete(shown: ShownDocument, whole: DocumentSession): boolean {
    if (!shown.complete(whole)) return false;
    shown.view.dom.removeAttribute('aria-busy');
    this.#fonts.show(whole.doc, whole.paragraphStyles);
    this.#zoom.show(whole.doc);
    this.#authorColours.include(documentAuthors(whole.doc));
    // The comments come with the whole document. Their cards' plugin goes in first: adding a plugin
    // attaches the pages' plugin view again, which asks for a layout that restart() then replaces
    // with its own, after the next paint.
    this.#cards.show(shown.view, whole);
    this.#paged?.view?.restart();
    this.#announceChanges(shown.view.state.doc);
    this.#toolbar?.update();
    this.#announceComments();
    return true;
  }

  // Resolves once the document is on screen, with its pages in the `pages` layout (or once they
  // cannot be laid out).
  #show(session: DocumentSession): Promise<void> {
    this.#dispose();
    this.#shown = showDocument(session, {
      place: this.#viewport,
      // Asked while the view is made too, before it is the one shown.
      isEditable: () => this.#isEditable() && !(this.#shown?.session ?? session).partial,
      openLinkForm: () => this.#toolbar?.openLinkForm() ?? false,
      dispatch: (view, tr) => this.#apply(view, tr),
      onPartChange: () => this.#toolbar?.updateAfterPaint(),
    });
    this.#fonts.show(session.doc, session.paragraphStyles);
    this.#zoom.show(session.doc);
    // The user's own changes take the colour after the document's reviewers'.
    this.#authorColours.show([...documentAuthors(session.doc), this.#user.name]);
    this.#toolbar?.update();
    this.#setDirty(false);
    // Assistive technology waits for the rest of a document whose first pages are shown.
    if (session.partial) this.#shown.view.dom.setAttribute('aria-busy', 'true');
    this.#announceChanges(session.doc);
    this.#cards.show(this.#shown.view, session);
    this.#announceComments();
    return this.#showPages(this.#shown);
  }

  // The document is on screen as one flow at once; its pages follow once the layout (a lazy
  // chunk) has loaded and measured its fonts.
  #showPages(shown: ShownDocument): Promise<void> {
    const fontsBase = this.#options.fonts;
    if (this.#options.layout !== 'pages' || fontsBase === null) return Promise.resolve();
    let pagesShown = () => {};
    const shownOrNot = new Promise<void>((resolve) => (pagesShown = resolve));
    const failed = (error: unknown) => {
      pagesShown();
      if (this.#shown === shown && !this.#destroyed) this.#events.emit('error', { editor: this, error: new Error(`The pages could not be laid out: ${asError(error).message}`) });
    };
    import('./pages/paged-document.js').then(({ createPagedDocument }) => {
      if (this.#shown !== shown || this.#destroyed) return pagesShown();
      const paged = createPagedDocument({
        page: this.#page,
        fontsBase,
        idPrefix: this.#idPrefix,
        paragraphStyles: shown.session.paragraphStyles,
        rooms: shown.rooms,
        markup: this.#markup,
        onPage: (page, pageCount) => {
          pagesShown();
          // The first pages of a long document are not all its pages: the count comes once it is whole.
          if (this.#shown === shown && !this.#destroyed && !shown.session.partial) this.#events.emit('page', { editor: this, page, pageCount });
        },
        onError: failed,
      });
      if (!paged?.view) return pagesShown();
      this.#paged = paged;
      const { view } = shown;
      view.updateState(view.state.reconfigure({ plugins: [...view.state.plugins, paged.view.plugin] }));
    }, failed);
    return shownOrNot;
  }

  // Returns false when the transaction was refused (view mode, read-only parts).
  #apply(view: EditorView, made: Transaction): boolean {
    if (this.#destroyed || view !== this.#shown?.view) return false;
    // In suggest mode an edit is recorded as tracked changes, or refused when it cannot be.
    const tr = this.#mode === 'suggest' ? this.#suggest(made, view.state) : made;
    if (!tr) return false;
    const before = view.state;
    const state = before.apply(tr);
    if (state === before) return false;
    view.updateState(state);
    this.#fonts.edit(tr);
    if (tr.docChanged) {
      this.#zoom.show(state.doc);
      this.#events.emit('change', { editor: this });
      this.#announceChanges(state.doc);
      if (this.#cards.followEdit(before.doc, state.doc)) this.#announceComments();
      this.#setDirty(true);
    }
    // Typing and selecting do not wait for the toolbar: it catches up once the frame is drawn.
    this.#toolbar?.updateAfterPaint();
    return true;
  }

  // Without a document on screen the message takes its place; otherwise it stands above the
  // document, which keeps its edits, until it is dismissed or another document is opened.
  #fail(error: unknown): void {
    if (this.#shown) {
      const text = `${describeOpenError(error, 'That file')} The document you were editing is unchanged.`;
      this.#setStatus(createStatus(this.#page, text, 'notice', () => this.#setStatus(null)));
    } else {
      this.#setStatus(createStatus(this.#page, describeOpenError(error), 'error'));
    }
    this.#toolbar?.update();
    this.#events.emit('error', { editor: this, error: asError(error) });
  }

  #setDirty(dirty: boolean): void {
    if (this.#dirty === dirty || this.#destroyed) return;
    this.#dirty = dirty;
    this.#events.emit('dirty', { editor: this, dirty });
  }

  #dispose(): void {
    this.#setStatus(null);
    this.#cards.hide();
    this.#shown?.dispose();
    this.#shown = null;
    this.#paged?.dispose();
    this.#paged = null;
    this.#printer?.dispose();
    this.#printer = null;
  }

  #setStatus(status: HTMLElement | null): void {
    this.#status?.remove();
    this.#status = status;
    if (status) this.#viewport.prepend(status);
  }

  // The change list is made only for a listener: it costs a walk of the document.
  #announceChanges(doc: ModelNode): void {
    if (!this.#events.listens('changes')) return;
    const changes = this.#changeList.update(doc);
    if (changes) this.#events.emit('changes', { editor: this, changes });
  }

  // The comments as plain data, for a listener only: `list()` walks the document for the anchored text.
  #announceComments(): void {
    if (this.#events.listens('comments')) this.#events.emit('comments', { editor: this, comments: this.comments.list() });
  }

  // A decision on the whole document (`changes.accept`) runs on the document's view even while a header is open.
  #run(command: Command, target: DecisionTarget = 'selection'): boolean {
    const view = this.#shown ? (target === 'document' ? this.#shown.view : this.#commandView(this.#shown, command)) : undefined;
    if (!view || this.#destroyed || !this.#isEditable()) return false;
    let applied = false;
    const ran = command(
      view.state,
      (tr) => {
        const before = view.state;
        view.dispatch(tr);
        applied = view.state !== before || applied;
      },
      view,
    );
    // A command (a toolbar button, a host's call) shows its effect on the toolbar at once.
    if (applied) this.#toolbar?.update();
    return ran && applied;
  }

  // A command acts on the header, footer or note open in the part editor, if any; undo and redo on
  // the document's history, which holds the part's changes too.
  #commandView(shown: ShownDocument, command: Command): EditorView {
    return command === undo || command === redo ? shown.view : (shown.parts.view ?? shown.view);
  }

  #isEditable(): boolean {
    return this.#mode !== 'view' && !this.#destroyed && !this.#shown?.session.partial;
  }

  #requireShown(): ShownDocument {
    if (this.#destroyed) throw new Error('This editor has been destroyed.');
    if (!this.#shown) throw new Error('No document is shown.');
    return this.#shown;
  }

  #createToolbar(): Toolbar {
    return createToolbar(this.#page, {
      commands: this.commands,
      selectionState: () => (this.#isEditable() ? this.getSelectionState() : null),
      canRun: (name: SimpleCommandName) => {
        const command = this.#simple[name];
        const view = this.#shown ? this.#commandView(this.#shown, command) : undefined;
        // Suggest mode records text, paragraph marks, formatting, links and table rows, not table columns (SUGGEST_REFUSAL says why, in the toolbar).
        const recordable = this.#mode !== 'suggest' || SUGGESTABLE_COMMANDS.has(name);
        return view !== undefined && this.#isEditable() && recordable && command(view.state);
      },
      note: () => (this.#mode === 'suggest' ? SUGGEST_REFUSAL : null),
      paragraphStyles: () => this.getParagraphStyles(),
      changes: this.changes,
      canDecideChange: () => this.#isEditable() && this.#shown !== null && selectionTouchesChange((this.#shown.parts.view ?? this.#shown.view).state),
      canNavigate: () => this.#shown !== null && !this.#shown.session.partial && !this.#destroyed,
      mode: () => this.#mode,
      setMode: (mode) => this.setMode(mode),
      markup: () => this.#markup,
      setMarkup: (markup) => this.setMarkup(markup),
      newComment: () => this.#cards.startDraft(),
      canComment: () => this.#cards.canStartDraft(),
      focus: () => this.focus(),
    });
  }
}

function emptyDocument() {
  return schema.node('doc', null, [schema.node('section', null, [schema.node('paragraph')])]);
}

function abortError(): Error {
  const error = new Error('Another document was opened, or the editor destroyed, before this one was shown.');
  error.name = 'AbortError';
  return error;
}

function isBlob(value: unknown): value is Blob {
  return typeof value === 'object' && value !== null && typeof (value as Blob).arrayBuffer === 'function' && typeof (value as Blob).size === 'number';
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

// Resolves after the next frame is drawn, or soon in a page that draws none (a hidden tab).
function painted(window: Window | null): Promise<void> {
  return new Promise((resolve) => {
    const cancel = afterNextPaint(window, resolve);
    setTimeout(() => {
      cancel();
      resolve();
    }, HIDDEN_PAGE_WAIT_MS);
  });
}
