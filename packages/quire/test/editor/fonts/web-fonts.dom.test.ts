// @vitest-environment happy-dom
// The editor's web fonts with the CSS Font Loading API stubbed (happy-dom has none): which faces
// are added to the page's font set, from where, and when nothing is.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isQuireOptionsError } from '../../../src/quire-options-error.js';
import { buildTestDocx, paragraph, paragraphStyle } from '../../../../../test/support/docx-package.js';
import { documentElement, mount, mountFixture, readFixture, settle } from '../editor-harness.js';

const FONTS = 'https://cdn.example/quire/fonts/';

/**
 * A FontFace that records what it was given. `local()` sources load when the family is
 * "installed"; files never load, like missing ones.
 */
class StubFontFace {
  static created: StubFontFace[] = [];
  static installed = new Set<string>();
  /** When set, `load()` waits for it: a slow font lookup. */
  static gate: Promise<void> | null = null;
  readonly loaded: Promise<StubFontFace>;
  #settle: (found: boolean) => void = () => undefined;
  constructor(
    readonly family: string,
    readonly source: string,
    readonly descriptors: FontFaceDescriptors = {},
  ) {
    StubFontFace.created.push(this);
    this.loaded = new Promise((resolve, reject) => (this.#settle = (found) => (found ? resolve(this) : reject(new Error('NetworkError')))));
  }
  load(): Promise<StubFontFace> {
    void (async () => {
      await StubFontFace.gate;
      const local = /^local\("([^"]+)"\)$/.exec(this.source);
      this.#settle(local !== null && StubFontFace.installed.has(local[1]!));
    })();
    return this.loaded;
  }
  /** What a browser does when it draws text with the face: fetches its file, here a missing one. */
  fetchFile(): void {
    this.#settle(false);
  }
}

let added: StubFontFace[];

beforeEach(() => {
  added = [];
  StubFontFace.created = [];
  StubFontFace.installed = new Set();
  StubFontFace.gate = null;
  // A new font set per test: what was added is remembered per page (per font set).
  Object.defineProperty(document, 'fonts', { configurable: true, value: { add: (face: StubFontFace) => void (added.push(face), face.fetchFile()) } });
  Object.assign(window, { FontFace: StubFontFace });
});

afterEach(() => {
  document.body.replaceChildren();
  delete (document as { fonts?: unknown }).fonts;
  delete (window as { FontFace?: unknown }).FontFace;
});

const familiesAdded = () => [...new Set(added.map((face) => face.family))].sort();

describe('web fonts in the editor', () => {
  it("adds Carlito's regular, bold, italic and bold italic faces, Latin and Latin Extended, for a Calibri document", async () => {
    await mountFixture('docxjs-text.docx', { fonts: FONTS });
    await settle();
    expect(familiesAdded()).toEqual(['Carlito']);
    expect(added.map((face) => `${face.descriptors.weight} ${face.descriptors.style}`).sort()).toEqual(
      ['400 italic', '400 italic', '400 normal', '400 normal', '700 italic', '700 italic', '700 normal', '700 normal'],
    );
    const bold = added.find((face) => face.descriptors.weight === '700' && face.descriptors.style === 'normal' && face.source.includes('-latin-700'))!;
    // The installed Carlito first, then the file; shown with the fallback until the file arrives.
    expect(bold.source).toBe(`local("Carlito Bold"), local("Carlito-Bold"), url("${FONTS}carlito-latin-700-normal.woff2") format("woff2")`);
    expect(bold.descriptors.display).toBe('swap');
    expect(bold.descriptors.unicodeRange).toMatch(/^U\+0000-00FF,/);
  });

  it('adds the open fonts of every Word font the document uses, and none for fonts without one', async () => {
    await mountFixture('python-docx-txt-font-props.docx', { fonts: FONTS });
    await settle();
    // Cambria, Arial; Avenir Black has no metric-compatible open font.
    expect(familiesAdded()).toEqual(['Arimo', 'Caladea']);
  });

  it('adds Gelasio, Georgia\'s metric-compatible open font, for a Georgia document, and names it after Georgia', async () => {
    const styles = paragraphStyle('Normal', '<w:rPr><w:rFonts w:ascii="Georgia" w:hAnsi="Georgia"/></w:rPr>', { isDefault: true });
    const { editor, element } = mount({ fonts: FONTS, document: buildTestDocx({ styles, body: paragraph('Set in Georgia') }) });
    await editor.ready;
    await settle();
    expect(familiesAdded()).toEqual(['Gelasio']);
    expect(added.map((face) => face.source)).toContain(`local("Gelasio Bold Italic"), local("Gelasio-BoldItalic"), url("${FONTS}gelasio-latin-700-italic.woff2") format("woff2")`);
    expect(documentElement(element).getAttribute('style') ?? '').toContain('"Georgia", "Gelasio", serif');
  });

  it('reports no error when a font file fails to load', async () => {
    const errors: unknown[] = [];
    await mountFixture('docxjs-text.docx', { fonts: FONTS, onError: ({ error }) => void errors.push(error) });
    await settle();
    // Every face's file is missing here; an unhandled rejection of `loaded` would fail the run.
    expect(added).toHaveLength(8);
    expect(errors).toEqual([]);
  });

  it('adds nothing with `fonts: false`, and looks nothing up', async () => {
    await mountFixture('docxjs-text.docx', { fonts: false });
    await settle();
    expect(StubFontFace.created).toEqual([]);
    expect(added).toEqual([]);
  });

  it('adds nothing for a Word font installed on the computer', async () => {
    StubFontFace.installed.add('Calibri');
    await mountFixture('docxjs-text.docx', { fonts: FONTS });
    await settle();
    expect(StubFontFace.created.map((face) => face.source)).toEqual(['local("Calibri")']);
    expect(added).toEqual([]);
  });

  it('adds each face once per page, however many editors show the font', async () => {
    await mountFixture('docxjs-text.docx', { fonts: FONTS });
    await mountFixture('docxjs-text.docx', { fonts: FONTS });
    await settle();
    expect(added).toHaveLength(8);
  });

  it('shows the document before the fonts are looked up, and adds none once the editor is destroyed', async () => {
    let release = () => {};
    StubFontFace.gate = new Promise((done) => (release = done));
    const { editor, element } = await mountFixture('docxjs-text.docx', { fonts: FONTS });
    expect(documentElement(element).textContent).not.toBe('');
    editor.destroy();
    release();
    await settle();
    expect(added).toEqual([]);
  });

  it('adds the font of text pasted later', async () => {
    const { element } = await mountFixture('docxjs-text.docx', { fonts: FONTS });
    await settle();
    expect(familiesAdded()).toEqual(['Carlito']);
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    const html = '<p><span style="font-family: \'Times New Roman\'">pasted</span></p>';
    Object.assign(paste, { clipboardData: { getData: (type: string) => (type === 'text/html' ? html : type === 'text/plain' ? 'pasted' : ''), types: ['text/html', 'text/plain'] } });
    documentElement(element).dispatchEvent(paste);
    await settle();
    expect(documentElement(element).textContent).toContain('pasted');
    expect(familiesAdded()).toEqual(['Carlito', 'Tinos']);
  });

  it('loads nothing on a page without the CSS Font Loading API', async () => {
    delete (window as { FontFace?: unknown }).FontFace;
    const { editor } = mount({ fonts: FONTS, document: readFixture('docxjs-text.docx') });
    await editor.ready;
    await settle();
    expect(added).toEqual([]);
  });
});

describe('the fonts option', () => {
  it('names `fonts` for a value that is not false or a folder URL', () => {
    const element = document.body.appendChild(document.createElement('div'));
    for (const fonts of [42, '', 'javascript:alert(1)', 'data:font/woff2;base64,AA', {}]) {
      try {
        mount({ element, fonts } as never);
        expect.fail(`accepted ${JSON.stringify(fonts)}`);
      } catch (error) {
        expect(isQuireOptionsError(error) && error.option).toBe('fonts');
      }
    }
  });
});
