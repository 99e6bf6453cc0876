// The rooms the page layout gives textblocks reach the views on screen at once, and a paragraph
// being edited keeps its room until the next layout.
import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { TextblockRooms, type RoomedView, type TextblockRoom } from '../../src/editor/view/textblock-rooms.js';
import { build } from '../../src/model/index.js';

const room = (lines: number): TextblockRoom => ({ before: 0, after: 8, line: 16, lines, afterInBar: false, holdsTurn: false });

function viewOf(node: Node): RoomedView & { shown: (TextblockRoom | null)[] } {
  const shown: (TextblockRoom | null)[] = [];
  return { node, shown, setRoom: (given) => void shown.push(given) };
}

describe('TextblockRooms', () => {
  it('gives every view on screen the room of its node in the new layout', () => {
    const [first, second] = [build.p('one'), build.p('two')];
    const rooms = new TextblockRooms();
    const views = [viewOf(first), viewOf(second)];
    views.forEach((view) => rooms.add(view));
    rooms.update(new Map([[first, room(1)], [second, room(2)]]));
    expect(views.map((view) => view.shown)).toEqual([[room(1)], [room(2)]]);
    expect(rooms.roomOf(second)).toEqual(room(2));
  });

  it('leaves a view whose node the layout did not see (a paragraph edited since) with its room, and clears every room when the pages go', () => {
    const [kept, edited] = [build.p('kept'), build.p('edited')];
    const rooms = new TextblockRooms();
    const views = [viewOf(kept), viewOf(edited)];
    views.forEach((view) => rooms.add(view));
    rooms.update(new Map([[kept, room(1)]]));
    expect(views.map((view) => view.shown)).toEqual([[room(1)], []]);
    rooms.update(new Map());
    expect(views.map((view) => view.shown)).toEqual([[room(1), null], [null]]);
  });

  it('forgets a view that is gone', () => {
    const paragraph = build.p('gone');
    const rooms = new TextblockRooms();
    const view = viewOf(paragraph);
    rooms.add(view);
    rooms.delete(view);
    rooms.update(new Map([[paragraph, room(3)]]));
    expect(view.shown).toEqual([]);
  });
});
