import { isDocumentError, openPackage, readZipEntry } from 'quire/package';
import type { FormatCheck } from './detect-format.js';

/** Bounds of a DOCX package handed to an external engine. */
export interface PackageBounds {
  /** Most zip entries; default 10 000. */
  maxEntries: number;
  /** Largest inflated entry (a large image is one entry); default 100 MiB. */
  maxEntryBytes: number;
  /** Largest inflated total; default 256 MiB. */
  maxTotalBytes: number;
  /** Largest inflated-to-compressed ratio of an entry past 1 MiB; default 200. */
  maxRatio: number;
}

/** The bounds {@link checkPackageBounds} applies by default. */
export const DEFAULT_PACKAGE_BOUNDS: PackageBounds = {
  maxEntries: 10_000,
  maxEntryBytes: 100 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxRatio: 200,
};

/**
 * Inflates every entry of a DOCX package under caps (entry count, entry size, total size,
 * compression ratio; declared sizes are never trusted) and returns a reason when one is passed
 * or an entry is corrupt. Engines run this before LibreOffice or Gotenberg inflate the package,
 * so that a zip bomb never reaches them.
 */
export async function checkPackageBounds(bytes: Uint8Array, bounds: PackageBounds = DEFAULT_PACKAGE_BOUNDS): Promise<FormatCheck> {
  try {
    const { directory } = openPackage(bytes, { maxEntries: bounds.maxEntries });
    let total = 0;
    for (const entry of directory.entries) {
      const remaining = bounds.maxTotalBytes - total;
      const data = await readZipEntry(bytes, entry, { maxBytes: Math.min(bounds.maxEntryBytes, remaining), maxRatio: bounds.maxRatio });
      total += data.length;
    }
    return { ok: true };
  } catch (error) {
    if (!isDocumentError(error)) throw error;
    return { ok: false, reason: error.message };
  }
}
