/** What a tracked change does: insert, delete, or move text (a deletion and an insertion named alike), or change formatting. */
export type TrackedChangeKind = 'insertion' | 'deletion' | 'move' | 'format';

/** What a tracked change covers: a run of text, a paragraph's mark (the pilcrow), a table row, or a paragraph's properties (a format change). */
export type TrackedChangeTarget = 'text' | 'paragraph-mark' | 'row' | 'paragraph';

/** A stretch of the document a change covers, as ProseMirror positions. */
export interface ChangeRange {
  readonly from: number;
  readonly to: number;
}

/**
 * A tracked change as plain data an app can store or show (Word's Reviewing Pane entry). A move
 * is one entry for its two ends; its `ranges` hold the moved-from text first.
 */
export interface TrackedChange {
  /**
   * The change's `w:id`; when a file gives one id to several changes (Google Docs does), the
   * later ones in document order get `<id>#2`, `<id>#3`... so each entry has its own.
   */
  readonly id: string;
  readonly kind: TrackedChangeKind;
  readonly target: TrackedChangeTarget;
  readonly author: string;
  /** The change's date as written (ISO 8601), or null. */
  readonly date: string | null;
  /** The move's name for a move, else null. */
  readonly move: string | null;
  /** The text it covers, at most 80 characters (longer text ends with `…`); `¶` for a paragraph mark. */
  readonly text: string;
  /** Where it starts and ends: the first range's start and the last range's end. */
  readonly from: number;
  readonly to: number;
  /** Each stretch it covers, in document order (a move's source first). */
  readonly ranges: readonly ChangeRange[];
  /** For a format change, what changed in plain words (`Bold, Not italic`, `Style: Heading 1, Alignment: center`); absent for the other kinds. */
  readonly description?: string;
}
