import type { DataImage, PaperSize } from 'quire/model';

/** Options of `writeDocx`. */
export interface WriteDocxOptions {
  /** Paper of sections that do not give their page size. Default `A4`. */
  readonly paperSize?: PaperSize;
  /**
   * Returns the image for a `src` that is not a `data:` URI (a part of the package the document was
   * read from), or `undefined` to leave it out. Never called with a URL to fetch: readers keep none.
   */
  readonly resolveImage?: (src: string) => DataImage | undefined;
  /** The clock for the creation timestamp. Default `() => new Date()`. */
  readonly now?: () => Date;
  /** Random source for the document GUID. Default `crypto.getRandomValues`. */
  readonly getRandomValues?: (array: Uint8Array) => Uint8Array;
  /** Author written to the core properties (`dc:creator`). Default none. */
  readonly creator?: string;
}

/** {@link WriteDocxOptions} with every default filled in. */
export interface NormalizedWriteDocxOptions {
  readonly paperSize: PaperSize;
  readonly resolveImage: (src: string) => DataImage | undefined;
  readonly now: () => Date;
  readonly getRandomValues: ((array: Uint8Array) => Uint8Array) | undefined;
  readonly creator: string | undefined;
}

/** Returns complete options; throws a `TypeError` naming the option for a wrong type or value. */
export function normalizeWriteDocxOptions(options: WriteDocxOptions = {}): NormalizedWriteDocxOptions {
  if (typeof options !== 'object' || options === null) throw new TypeError('writeDocx: `options` must be an object.');
  const paperSize = options.paperSize ?? 'A4';
  if (paperSize !== 'A4' && paperSize !== 'Letter') throw new TypeError('writeDocx: `paperSize` must be "A4" or "Letter".');
  for (const name of ['resolveImage', 'now', 'getRandomValues'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') throw new TypeError(`writeDocx: \`${name}\` must be a function.`);
  }
  if (options.creator !== undefined && typeof options.creator !== 'string') throw new TypeError('writeDocx: `creator` must be a string.');
  return {
    paperSize,
    resolveImage: options.resolveImage ?? (() => undefined),
    now: options.now ?? (() => new Date()),
    getRandomValues: options.getRandomValues,
    creator: options.creator,
  };
}
