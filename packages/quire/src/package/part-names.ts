/** The source name used for package-level relationships (`/_rels/.rels`). */
export const PACKAGE_SOURCE = '/';

/** Where a relationship target points, once resolved against its source part. */
export type ResolvedTarget =
  | { kind: 'part'; partName: string }
  /** The target climbs above the package root (e.g. `../../etc/passwd`). */
  | { kind: 'outside' }
  /** The target is not a part name: an absolute URI with a scheme, or empty. */
  | { kind: 'not-a-part' };

/** Returns the part name (`/word/document.xml`) of a zip entry name, or undefined for a folder entry. */
export function partNameFromEntryName(entryName: string): string | undefined {
  if (entryName === '' || entryName.endsWith('/')) return undefined;
  return entryName.startsWith('/') ? entryName : `/${entryName}`;
}

/**
 * Returns the comparison key of a part name: part names are compared case-insensitively after
 * percent-decoding (ECMA-376 Part 2 §6.2.2.3).
 */
export function partNameKey(partName: string): string {
  let decoded = partName;
  try {
    decoded = decodeURIComponent(partName);
  } catch {
    // A stray `%` is kept as written.
  }
  return `/${decoded.replace(/^\/+/, '')}`.toLowerCase();
}

/** Returns the name of the relationships part of `source` (Part 2 §9.3.3): `/word/_rels/document.xml.rels`. */
export function relationshipsPartNameFor(source: string): string {
  if (source === PACKAGE_SOURCE) return '/_rels/.rels';
  const slash = source.lastIndexOf('/');
  return `${source.slice(0, slash)}/_rels/${source.slice(slash + 1)}.rels`;
}

/**
 * Resolves a relationship target against the part that holds the relationship (Part 2 §9.3,
 * RFC 3986 §5.2), rejecting targets that climb above the package root instead of clamping them.
 */
export function resolveRelationshipTarget(source: string, target: string): ResolvedTarget {
  const path = target.replace(/[?#].*$/s, '');
  if (path === '' || /^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) return { kind: 'not-a-part' };
  const base = source.slice(0, source.lastIndexOf('/') + 1);
  const segments: string[] = [];
  for (const segment of (path.startsWith('/') ? path : base + path).split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return { kind: 'outside' };
      segments.pop();
    } else {
      segments.push(segment);
    }
  }
  if (segments.length === 0) return { kind: 'not-a-part' };
  return { kind: 'part', partName: `/${segments.join('/')}` };
}
