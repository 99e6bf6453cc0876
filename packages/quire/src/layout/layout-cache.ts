import type { Node } from 'prosemirror-model';
import { FloatTurns } from './float-turn.js';
import type { PaginationMemo } from './page-reuse.js';
import type { BlockBox, Slice } from './slice.js';

/** A block's slices as laid out, the frame they were laid out in, and the boxes of its textblocks. */
interface CachedBlock {
  readonly frame: string;
  readonly slices: readonly Slice[];
  readonly boxes: readonly (readonly [Node, BlockBox])[];
}

/**
 * The body blocks of one document as last laid out, kept between layouts while it is edited: a
 * block whose node (ProseMirror nodes are immutable, so an unchanged block is the same node) and
 * frame are unchanged is not broken into lines again. Give the same cache to every layout of one
 * document (`LayoutOptions.cache`); it empties itself when the document's defaults change.
 */
export class LayoutCache {
  private blocks = new WeakMap<Node, CachedBlock>();
  private documentAttrs: unknown = null;
  /** The texts of the page fields of the text and notes as computed by the last layout: the next one starts from them. */
  fieldTexts: ReadonlyMap<Node, string> = new Map();
  /** The pages as last paginated: the next layout takes over those its changes leave as they were. */
  pagination: PaginationMemo | null = null;
  /** Where paragraphs' pictures went on to the next page in the last layout: the next one starts from them, as its kept blocks were laid out with them. */
  floatTurns = new FloatTurns();

  /** Starts a layout of a document with `attrs`: blocks laid out under other defaults are forgotten. */
  begin(attrs: unknown): void {
    if (attrs !== this.documentAttrs) {
      this.blocks = new WeakMap();
      this.fieldTexts = new Map();
      this.pagination = null;
      this.floatTurns = new FloatTurns();
    }
    this.documentAttrs = attrs;
  }

  /** The slices of `node` laid out in the frame (and with the field texts) described by `frame`, if kept. */
  get(node: Node, frame: string): CachedBlock | undefined {
    const cached = this.blocks.get(node);
    return cached?.frame === frame ? cached : undefined;
  }

  set(node: Node, block: CachedBlock): void {
    this.blocks.set(node, block);
  }
}
