import type { Node } from 'prosemirror-model';

/**
 * The room a textblock takes on the editor's pages, in CSS pixels, as the page layout placed it
 * (editor/pages/paged-view.ts): the space before and after it, its usual line height and its line
 * count, whether its space after runs inside a quote's bar, and whether a page turn stands in it.
 */
export interface TextblockRoom {
  readonly before: number;
  readonly after: number;
  readonly line: number;
  /** How many lines the layout broke the text into, which the browser should too. */
  readonly lines: number;
  /** The space after is drawn beside a quote's bar, which runs on to the next paragraph. */
  readonly afterInBar: boolean;
  /** A page turn stands inside the textblock: its height is not the layout's text alone. */
  readonly holdsTurn: boolean;
}

/** A textblock's view that shows its room (see `TextblockView`). */
export interface RoomedView {
  readonly node: Node;
  setRoom(room: TextblockRoom | null): void;
}

/**
 * The rooms of one shown document's textblocks, as last laid out, and the textblock views that
 * show them: a new layout gives each view on screen its room at once, without a decoration per
 * paragraph for ProseMirror to map through every keystroke. A view whose node is new (an edited
 * paragraph) keeps its room until the next layout.
 */
export class TextblockRooms {
  private rooms: ReadonlyMap<Node, TextblockRoom> = new Map();
  private readonly views = new Set<RoomedView>();

  /** The room of `node` in the last layout, if it was laid out. */
  roomOf(node: Node): TextblockRoom | null {
    return this.rooms.get(node) ?? null;
  }

  add(view: RoomedView): void {
    this.views.add(view);
  }

  delete(view: RoomedView): void {
    this.views.delete(view);
  }

  /** Takes the rooms of a new layout (an empty map: none, the flow layout) and gives every view its own. */
  update(rooms: ReadonlyMap<Node, TextblockRoom>): void {
    const cleared = rooms.size === 0;
    this.rooms = rooms;
    for (const view of this.views) {
      const room = rooms.get(view.node);
      if (room || cleared) view.setRoom(room ?? null);
    }
  }
}
