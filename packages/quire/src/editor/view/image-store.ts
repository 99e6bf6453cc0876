import type { OpcPackage } from '../../package/open-package.js';

// What a browser can show in an <img>; pictures of other types (EMF, WMF, TIFF) get a placeholder.
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
};

/** Where images are loaded from the package and when; one per document shown. */
export interface ImageStore {
  /** Returns whether a browser can show the picture named `src` (a `data:` URI, or a part of a type it can draw). */
  canShow(src: string): boolean;
  /**
   * Resolves to an object URL of the image part `partName`, made once per part; to null when the
   * part is missing or cannot be read.
   */
  urlOf(partName: string): Promise<string | null>;
  /** Calls `load` once `element` comes near the screen (at once where IntersectionObserver is missing). Returns a function that stops watching. */
  whenVisible(element: Element, load: () => void): () => void;
  /** Revokes every object URL and stops watching; later loads resolve to null. */
  dispose(): void;
}

/** What {@link createImageStore} needs from the page. */
export interface ImageStoreEnvironment {
  readonly createObjectURL: (blob: Blob) => string;
  readonly revokeObjectURL: (url: string) => void;
  readonly IntersectionObserver: typeof IntersectionObserver | undefined;
}

/** Returns the media type of an image part name that a browser can show, or undefined. */
export function mediaTypeOf(partName: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(partName)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : MEDIA_TYPES[extension];
}

/**
 * Returns the image store of a document read from the opened package `pkg` (null for a document
 * without a package, whose images are all `data:` URIs). Parts are inflated only when their image
 * nears the screen, never all up front, and each once.
 */
export function createImageStore(pkg: OpcPackage | null, environment: ImageStoreEnvironment): ImageStore {
  const urls = new Map<string, Promise<string | null>>();
  const made: string[] = [];
  const pending = new Map<Element, () => void>();
  let observer: IntersectionObserver | undefined;
  let disposed = false;

  const load = async (partName: string): Promise<string | null> => {
    const type = mediaTypeOf(partName);
    if (!pkg || !type || !pkg.hasPart(partName)) return null;
    try {
      const data = await pkg.readPart(partName);
      if (disposed) return null;
      const url = environment.createObjectURL(new Blob([data as Uint8Array<ArrayBuffer>], { type }));
      made.push(url);
      return url;
    } catch {
      return null;
    }
  };

  const observe = (): IntersectionObserver | undefined => {
    if (!observer && environment.IntersectionObserver) {
      observer = new environment.IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            const callback = pending.get(entry.target);
            pending.delete(entry.target);
            observer?.unobserve(entry.target);
            callback?.();
          }
        },
        // Load a screen ahead, so that pictures are there when scrolled to.
        { rootMargin: '100% 0px' },
      );
    }
    return observer;
  };

  return {
    canShow: (src) => /^\s*data:image\//i.test(src) || mediaTypeOf(src) !== undefined,
    urlOf(partName) {
      if (disposed) return Promise.resolve(null);
      let url = urls.get(partName);
      if (!url) urls.set(partName, (url = load(partName)));
      return url;
    },
    whenVisible(element, callback) {
      const watcher = disposed ? undefined : observe();
      if (!watcher) {
        if (!disposed) callback();
        return () => undefined;
      }
      pending.set(element, callback);
      watcher.observe(element);
      return () => {
        pending.delete(element);
        watcher.unobserve(element);
      };
    },
    dispose() {
      disposed = true;
      observer?.disconnect();
      pending.clear();
      for (const url of made.splice(0)) environment.revokeObjectURL(url);
      urls.clear();
    },
  };
}
