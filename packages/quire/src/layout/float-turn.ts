import type { Node } from 'prosemirror-model';
import type { FloatImage } from './float-wrap.js';

/**
 * Floating pictures of a paragraph that go on to the next page. LibreOffice moves a picture that
 * does not fit below its paragraph's first line at the foot of a page to the paragraph's part on
 * the next page, at its offset below the top of that part, and sets the lines before it across
 * the column on both pages. Lines are broken before pages are known, so a layout sets them so
 * with the turn its previous pass found (see `layoutDocument`).
 */
export interface FloatTurn {
  /** The paragraph's rows on the page before the pictures, counted at its usual line height. */
  readonly rows: number;
  /** Which of the paragraph's floating pictures, in order, go on to the next page. */
  readonly moved: readonly boolean[];
}

/**
 * Returns the turn of a paragraph whose first line stands `room` points above the foot of its
 * page: the pictures text wraps around whose offset takes them below the foot, and the rows of
 * `rowHeight` that fit above it. Undefined when every picture fits, or when the paragraph (of
 * `rowCount` rows) has no part on the next page for them to go to.
 */
export function findFloatTurn(floats: readonly FloatImage[], room: number, rowHeight: number, rowCount: number): FloatTurn | undefined {
  // Lines are whole twips tall, rounded up (see `lineHeight` in paragraph-layout.ts).
  const rows = Math.floor(room / (Math.ceil(rowHeight * 20 - 1e-6) / 20) + 1e-6);
  if (rows < 1 || rows >= rowCount) return undefined;
  const moved = floats.map(({ float, height }) => float.wrap !== 'none' && float.y / 20 + height > room);
  return moved.includes(true) ? { rows, moved } : undefined;
}

/**
 * The turns of the paragraphs of one document as its pages last placed them, by the paragraph's
 * node: a layout pass sets each paragraph with the turn found before, and records the one its
 * pages give. Kept between layouts of a document being edited (`LayoutCache.floatTurns`), with
 * the blocks laid out with them.
 */
export class FloatTurns {
  private readonly turns = new WeakMap<Node, FloatTurn>();
  private changeCount = 0;

  /** How many recorded turns differed from the one before: a pass that adds to it set some paragraph otherwise than its pages place it. */
  get changes(): number {
    return this.changeCount;
  }

  /** The turn `paragraph` was last found to have; undefined when its pictures stood on the page of its first line. */
  get(paragraph: Node): FloatTurn | undefined {
    return this.turns.get(paragraph);
  }

  /** Records the turn the pages give `paragraph`, counting a change from the one it was laid out with. */
  record(paragraph: Node, turn: FloatTurn | undefined): void {
    if (sameTurn(this.turns.get(paragraph), turn)) return;
    this.changeCount += 1;
    if (turn) this.turns.set(paragraph, turn);
    else this.turns.delete(paragraph);
  }
}

function sameTurn(a: FloatTurn | undefined, b: FloatTurn | undefined): boolean {
  if (!a || !b) return a === b;
  return a.rows === b.rows && a.moved.length === b.moved.length && a.moved.every((moved, index) => moved === b.moved[index]);
}
