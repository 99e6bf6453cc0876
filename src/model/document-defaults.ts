import type { Spacing } from './paragraph-attrs.js';

/**
 * The look of a kind of textblock as the document's styles give it: the formatting its text has
 * when no mark or attribute says otherwise. `null` values mean "the writer's default".
 */
export interface TextblockLook {
  /** Font family name as the document names it, e.g. `Arial`. */
  readonly fontFamily: string | null;
  /** Font size in points. */
  readonly fontSize: number | null;
  readonly bold: boolean;
  readonly italic: boolean;
  /** `RRGGBB`, or null for automatic (black). */
  readonly color: string | null;
  /** Paragraph spacing; a missing `before` or `after` is zero, a missing `line` single spacing. */
  readonly spacing: Spacing | null;
}

/**
 * The document's default formatting (the `defaults` attribute of `doc`): the look of body
 * paragraphs (document defaults and default paragraph style, ECMA-376 Part 1, 17.7.2) and of
 * headings by level (`headings[0]` is level 1). Readers of formats without styles leave it null.
 */
export interface DocumentDefaults {
  readonly body: TextblockLook;
  readonly headings: readonly (TextblockLook | null)[];
}

/** Returns the `defaults` attribute of a `doc` node when it has the shape of {@link DocumentDefaults}, otherwise null. */
export function readDocumentDefaults(value: unknown): DocumentDefaults | null {
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as Partial<DocumentDefaults>;
  return typeof candidate.body === 'object' && candidate.body !== null && Array.isArray(candidate.headings) ? (candidate as DocumentDefaults) : null;
}
