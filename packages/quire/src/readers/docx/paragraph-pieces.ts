import type { XmlElement } from '@rgrove/parse-xml';
import type { InlineSource, ParagraphPiece } from '../../model/docx-source-map.js';

type PieceEvent = { readonly kind: 'box'; readonly child: number; readonly size: number } | { readonly kind: 'piece'; readonly piece: ParagraphPiece };

/**
 * Maps the textblocks of a paragraph that text boxes split to the XML they were read from, so
 * that a writer can patch one of them and keep the boxes (see `SourceElement.pieces`). The
 * paragraph's children are recorded as usual (`children`); its boxes report where they begin and
 * each paragraph read from them. A textblock that cannot be told apart (a child holding both a box
 * and text, a box paragraph split again, code) makes the whole paragraph unmapped.
 */
export class PieceCollector {
  private readonly events: PieceEvent[] = [];
  private valid = true;
  private boxCount = 0;

  constructor(
    private readonly paragraph: XmlElement,
    private readonly children: readonly InlineSource[],
  ) {}

  /** How many boxes began so far: a box paragraph that sees it change was split itself. */
  get boxes(): number {
    return this.boxCount;
  }

  /** A box begins inside the child being read; `size` is the content of the paragraph's textblock so far. */
  boxStart(size: number): void {
    this.boxCount++;
    this.events.push({ kind: 'box', child: this.children.length, size });
  }

  /** A paragraph of a box was read into one textblock, its children mapped as `inline`. */
  boxParagraph(p: XmlElement, inline: readonly InlineSource[]): void {
    this.events.push({ kind: 'piece', piece: { start: p.start, end: p.end, inline, box: this.boxCount } });
  }

  /** Something in a box was read that is not one textblock per paragraph. */
  invalidate(): void {
    this.valid = false;
  }

  /**
   * The pieces in document order, given the content of the paragraph's last textblock; undefined
   * when no box split the paragraph or a textblock cannot be mapped.
   */
  finish(lastSize: number): ParagraphPiece[] | undefined {
    if (!this.valid || this.boxCount === 0) return undefined;
    const segments: InlineSource[][] = [[]];
    const sizes: number[] = [];
    for (let index = 0; index < this.children.length; index++) {
      const child = this.children[index]!;
      const boxes = this.events.filter((event): event is Extract<PieceEvent, { kind: 'box' }> => event.kind === 'box' && event.child === index);
      if (boxes.length === 0) {
        segments[segments.length - 1]!.push(child);
        continue;
      }
      // The child holding the boxes (a run with a drawing) is kept as written: it must hold no text.
      if (child.from !== boxes[0]!.size || child.to !== 0 || boxes.slice(1).some((box) => box.size !== 0)) return undefined;
      for (const box of boxes) {
        sizes.push(box.size);
        segments.push([]);
      }
    }
    sizes.push(lastSize);
    const pieces: ParagraphPiece[] = [];
    let segment = 0;
    // A stretch of the paragraph's own content is a textblock when it holds something.
    const addSegment = (): void => {
      if (sizes[segment]! > 0) pieces.push({ start: this.paragraph.start, end: this.paragraph.end, inline: segments[segment]!, box: 0 });
      segment++;
    };
    for (const event of this.events) {
      if (event.kind === 'box') addSegment();
      else pieces.push(event.piece);
    }
    addSegment();
    return pieces;
  }
}
