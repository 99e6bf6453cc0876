import { AuthorColourSlots } from '../../model/review/author-colour.js';

/**
 * The colours of a document's reviewers on screen, given as Word gives them: in the order it meets
 * them (see `AuthorColourSlots`), so that the first eight authors of a document never share one.
 * One rule per author, in a constructed style sheet (which a strict Content Security Policy
 * allows), sets `--quire-author` on everything of this editor that carries the author's
 * `data-author` (changes, avatars). Where the browser has no constructed style sheets, the colour
 * classes by name (`quire-author-N`) stay.
 */
export class AuthorColourSheet {
  readonly #page: Document;
  readonly #scope: string;
  #slots = new AuthorColourSlots();
  #sheet: CSSStyleSheet | null = null;

  /** `root` is the editor's element, which the rules are scoped to. */
  constructor(page: Document, root: HTMLElement, scope: string) {
    this.#page = page;
    this.#scope = scope;
    root.dataset['authorColours'] = scope;
  }

  /** Colours `authors` anew, in their order (a newly shown document's reviewers, then the user). */
  show(authors: Iterable<string>): void {
    this.#slots = new AuthorColourSlots();
    this.include(authors);
  }

  /** Gives each of `authors` without a colour the next one, keeping the others'. */
  include(authors: Iterable<string>): void {
    for (const author of authors) this.#slots.slotOf(author);
    this.#write();
  }

  /** Takes the rules off the page. */
  dispose(): void {
    const sheet = this.#sheet;
    this.#sheet = null;
    if (sheet) this.#page.adoptedStyleSheets = this.#page.adoptedStyleSheets.filter((each) => each !== sheet);
  }

  #write(): void {
    const window = this.#page.defaultView as (Window & { CSSStyleSheet?: typeof CSSStyleSheet }) | null;
    if (!window?.CSSStyleSheet || !Array.isArray(this.#page.adoptedStyleSheets)) return;
    if (!this.#sheet) {
      this.#sheet = new window.CSSStyleSheet();
      this.#page.adoptedStyleSheets = [...this.#page.adoptedStyleSheets, this.#sheet];
    }
    const scope = `[data-author-colours="${cssString(this.#scope)}"]`;
    this.#sheet.replaceSync(this.#slots.entries().map(([author, slot]) => `${scope} [data-author="${cssString(author)}"] { --quire-author: var(--quire-author-${slot}); }`).join('\n'));
  }
}

// `text` inside a double-quoted CSS string: backslashes, quotes and line ends escaped (CSS Syntax 4.3.5).
function cssString(text: string): string {
  return text.replace(/[\\"]/gu, '\\$&').replace(/[\n\r\f]/gu, (character) => `\\${character.charCodeAt(0).toString(16)} `);
}
