import { isDocumentError, openPackage, readZipEntry, type OpcPackage, type OpenPackageOptions } from 'quire/package';
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
 * Limits to open a package with that {@link checkPackageBounds} then checks: its entry count and
 * per-entry caps, so that any part the check lets through can be read.
 */
export const PACKAGE_BOUNDS_PART_LIMITS: OpenPackageOptions = {
  maxEntries: DEFAULT_PACKAGE_BOUNDS.maxEntries,
  maxBytes: DEFAULT_PACKAGE_BOUNDS.maxEntryBytes,
  maxRatio: DEFAULT_PACKAGE_BOUNDS.maxRatio,
};

/**
 * Inflates every entry of a DOCX package under caps (entry count, entry size, total size,
 * compression ratio; declared sizes are never trusted) and returns a reason when one is passed
 * or an entry is corrupt. Engines run this before LibreOffice or Gotenberg inflate the package,
 * so that a zip bomb never reaches them. Given an opened package, it reads through it: the parts
 * named in `xmlParts` are inflated through the package's cache and parsed as XML there (a
 * `DOCX_MALFORMED_XML` reason when one is not), so that what reads them next inflates none of
 * them again; those parts are capped by the package's own per-part limits, and their size counts
 * toward the total like any other entry's.
 */
export async function checkPackageBounds(
  input: Uint8Array | OpcPackage,
  bounds: PackageBounds = DEFAULT_PACKAGE_BOUNDS,
  xmlParts: readonly string[] = [],
): Promise<FormatCheck> {
  try {
    const pkg = input instanceof Uint8Array ? openPackage(input, { maxEntries: bounds.maxEntries }) : input;
    if (pkg.directory.entries.length > bounds.maxEntries) return { ok: false, reason: `The zip archive has ${pkg.directory.entries.length} entries; at most ${bounds.maxEntries} are accepted.` };
    const parsed = new Map(xmlParts.filter((partName) => pkg.hasPart(partName)).map((partName) => [pkg.entryOf(partName), partName]));
    let total = 0;
    for (const entry of pkg.directory.entries) {
      const remaining = bounds.maxTotalBytes - total;
      const partName = parsed.get(entry);
      if (partName !== undefined) await pkg.readXmlPart(partName);
      else await readZipEntry(pkg.bytes, entry, { maxBytes: Math.min(bounds.maxEntryBytes, remaining), maxRatio: bounds.maxRatio });
      // readZipEntry checks the inflated size against the directory's, so the declared size is the true one.
      total += entry.uncompressedSize;
      if (total > bounds.maxTotalBytes) return { ok: false, reason: `The zip entry ${entry.name} inflates past the package's total limit of ${bounds.maxTotalBytes} bytes.` };
    }
    return { ok: true };
  } catch (error) {
    if (!isDocumentError(error)) throw error;
    return { ok: false, reason: error.message };
  }
}
