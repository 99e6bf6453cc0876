import { normalizeReaderLimits, type ReaderLimits } from '../../model/reader-limits.js';
import type { OpenPackageOptions } from '../../package/open-package.js';

/**
 * Options of `readDocx`. From `ReaderLimits`: `maxLength`, the characters of text read (default
 * 10 000 000), and `maxDepth`, the nesting of lists, quotes and tables (default 100).
 */
export interface ReadDocxOptions extends Partial<ReaderLimits> {
  /** Limits of the zip container: entry count, inflated size and ratio per part (see `openPackage`). */
  readonly package?: OpenPackageOptions;
  /** Total bytes of pictures embedded in the model as `data:` URIs; pictures past it become placeholders. Default 64 MiB. */
  readonly maxImageBytes?: number;
  /**
   * Keep where each paragraph, table, row, cell and section came from in the main document part
   * (`sourceId` attributes and the result's `sources`), so that a writer can put untouched
   * content back byte for byte. Default false.
   */
  readonly keepSources?: boolean;
  /**
   * `embed` (default): pictures become `data:` URIs. `reference`: pictures keep the name of their
   * image part (`/word/media/image1.png`) and no image is read, for a viewer that loads them when shown.
   */
  readonly images?: 'embed' | 'reference';
}

/** {@link ReadDocxOptions} with every default filled in. */
export interface NormalizedReadDocxOptions {
  readonly limits: ReaderLimits;
  readonly package: OpenPackageOptions;
  readonly maxImageBytes: number;
  readonly keepSources: boolean;
  readonly images: 'embed' | 'reference';
}

/** Default of {@link ReadDocxOptions.maxImageBytes}: 64 MiB. */
export const DEFAULT_MAX_IMAGE_BYTES = 64 * 1024 * 1024;

/** Returns complete options; throws a `TypeError` naming the option for a wrong type or value. */
export function normalizeReadDocxOptions(options: ReadDocxOptions = {}): NormalizedReadDocxOptions {
  if (typeof options !== 'object' || options === null) throw new TypeError('readDocx: `options` must be an object.');
  const limits = normalizeReaderLimits(options);
  if (options.package !== undefined && (typeof options.package !== 'object' || options.package === null)) {
    throw new TypeError('readDocx: `package` must be an object.');
  }
  const maxImageBytes = options.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES;
  if (!Number.isSafeInteger(maxImageBytes) || maxImageBytes < 0) throw new TypeError('readDocx: `maxImageBytes` must be a non-negative integer.');
  const keepSources = options.keepSources ?? false;
  if (typeof keepSources !== 'boolean') throw new TypeError('readDocx: `keepSources` must be a boolean.');
  const images = options.images ?? 'embed';
  if (images !== 'embed' && images !== 'reference') throw new TypeError("readDocx: `images` must be 'embed' or 'reference'.");
  return { limits, package: { ...options.package }, maxImageBytes, keepSources, images };
}
