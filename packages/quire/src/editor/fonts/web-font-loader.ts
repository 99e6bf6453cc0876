import { wordFontClone, type OpenFont, type OpenFontId } from '../../model/word-fonts.js';
import { cssString } from '../view/font-stack.js';
import { webFontFaces } from '../../model/web-font-faces.js';

/** What loading web fonts needs from a page: its font set and its `FontFace` (CSS Font Loading Module Level 3). */
export interface FontEnvironment {
  readonly fonts: Pick<FontFaceSet, 'add'>;
  readonly FontFace: typeof FontFace;
}

/** Loads the open fonts that stand in for a document's Word fonts, for one editor. */
export interface WebFontLoader {
  /**
   * Makes the open font standing in for each Word font of `families` available to the page,
   * unless the Word font is installed; returns at once and never throws. Families without an
   * open font (see src/model/word-fonts.ts) are ignored.
   */
  use(families: Iterable<string>): void;
  /** Stops: checks still running add nothing. Faces already added stay, for the page's other editors. */
  dispose(): void;
}

/** What a page has: the open fonts added to its font set and the Word fonts found installed or not. */
interface PageFonts {
  readonly added: Set<OpenFontId>;
  readonly installed: Map<string, Promise<boolean>>;
}

// Font sets belong to a page (a document), and so does what was added to them: several editors
// on one page share the faces, and each face is added once.
const pages = new WeakMap<object, PageFonts>();

/**
 * Returns a loader that adds, once per page, the faces of the open fonts a document needs to
 * `environment.fonts`, with their files under `base` (a folder URL ending in `/`). A face is added
 * as a `FontFace` whose sources are the face installed on the computer (`local()`), then the file;
 * the browser fetches the file only when it draws text with that face, that is when neither the
 * Word font nor the open font is installed, and shows the fallback until it arrives
 * (`font-display: swap`). A file that fails to load leaves the fallback, silently.
 */
export function createWebFontLoader(environment: FontEnvironment, base: string): WebFontLoader {
  const known = pageFonts(environment.fonts);
  let disposed = false;
  const addFaces = (font: OpenFont) => {
    if (disposed || known.added.has(font.id)) return;
    known.added.add(font.id);
    for (const face of webFontFaces(font)) {
      const sources = [...face.localNames.map((name) => `local(${cssString(name)})`), `url(${cssString(new URL(face.file, base).href)}) format("woff2")`];
      try {
        const fontFace = new environment.FontFace(face.family, sources.join(', '), { weight: face.weight, style: face.style, unicodeRange: face.unicodeRange, display: 'swap' });
        // A file that is missing or blocked is not the host's error: the fallback stays.
        fontFace.loaded.catch(() => undefined);
        environment.fonts.add(fontFace);
      } catch {
        // A browser that refuses the face shows the fallback font.
      }
    }
  };
  return {
    use(families) {
      for (const family of families) {
        const font = wordFontClone(family)?.openFont;
        if (disposed || !font || known.added.has(font.id)) continue;
        isInstalled(environment, known, family).then(
          (installed) => (installed ? undefined : addFaces(font)),
          () => undefined,
        );
      }
    },
    dispose() {
      disposed = true;
    },
  };
}

function pageFonts(fonts: object): PageFonts {
  let known = pages.get(fonts);
  if (!known) pages.set(fonts, (known = { added: new Set(), installed: new Map() }));
  return known;
}

/**
 * Resolves to whether the font `family` names is installed, by loading it as `local()` (which
 * fetches nothing). `FontFaceSet.check()` cannot tell: browsers answer true for any family they
 * do not hold as a web font, so that pages cannot list the fonts installed. An open font's own
 * name is never looked up: its faces try `local()` first anyway.
 */
function isInstalled(environment: FontEnvironment, page: PageFonts, family: string): Promise<boolean> {
  const name = family.trim();
  const key = name.toLowerCase();
  if (wordFontClone(name)?.openFont.family.toLowerCase() === key) return Promise.resolve(false);
  let answer = page.installed.get(key);
  if (!answer) {
    try {
      answer = new environment.FontFace('quire-installed-font', `local(${cssString(name)})`).load().then(() => true, () => false);
    } catch {
      answer = Promise.resolve(false);
    }
    page.installed.set(key, answer);
  }
  return answer;
}
