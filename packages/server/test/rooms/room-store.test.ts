import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendRoomUpdate, compactRoomUpdates, readRoomUpdates, readRoomUpdatesById } from '../../src/rooms/room-store.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { openTestStore, storeKinds, type TestStore } from '../../../../test/support/test-stores.js';

/** The updates of one client typing `words` one after another into a shared text. */
function typing(words: string[]): Uint8Array[] {
  const doc = new Y.Doc();
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  for (const word of words) doc.getText('body').insert(doc.getText('body').length, word);
  return updates;
}

function textOf(updates: Uint8Array[]): string {
  const doc = new Y.Doc();
  for (const update of updates) Y.applyUpdate(doc, update);
  return doc.getText('body').toString();
}

describe.each(storeKinds)('the room log on %s', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(kind);
    await migrateToLatest(store.db);
  });
  afterAll(() => store?.close());

  const append = (room: string, update: Uint8Array) => appendRoomUpdate(store.db, { server: 's1', room, update, now: new Date() });

  it('reads back a room\'s updates in the order they were stored, and one by its id', async () => {
    const ids = [];
    for (const update of typing(['The ', 'quick ', 'fox'])) ids.push(await append('ordered', update));
    await append('other-room', typing(['unrelated'])[0]!);

    const stored = await readRoomUpdates(store.db, 'ordered');
    expect(stored.map((row) => row.id)).toEqual(ids);
    expect(textOf(stored.map((row) => row.update))).toBe('The quick fox');
    expect(await readRoomUpdatesById(store.db, 'ordered', [ids[1]!])).toEqual([stored[1]]);
    expect(await readRoomUpdatesById(store.db, 'other-room', [ids[1]!])).toEqual([]);
  });

  it('compacts a room into its first row holding the same document, leaving other rooms alone', async () => {
    const ids = [];
    for (const update of typing(['one ', 'two ', 'three ', 'four'])) ids.push(await append('compacted', update));
    await append('untouched', typing(['a'])[0]!);
    await append('untouched', typing(['b'])[0]!);

    const merged = await compactRoomUpdates(store.db, 'compacted', 100);
    const stored = await readRoomUpdates(store.db, 'compacted');

    expect(merged).toBe(3);
    expect(stored.map((row) => row.id)).toEqual([ids[0]]);
    expect(textOf(stored.map((row) => row.update))).toBe('one two three four');
    expect(await readRoomUpdates(store.db, 'untouched')).toHaveLength(2);
  });

  it('compacts at most the oldest rows asked for, keeping the later ones', async () => {
    for (const update of typing(['a', 'b', 'c', 'd', 'e'])) await append('bounded', update);

    expect(await compactRoomUpdates(store.db, 'bounded', 3)).toBe(2);
    const stored = await readRoomUpdates(store.db, 'bounded');
    expect(stored).toHaveLength(3);
    expect(textOf(stored.map((row) => row.update))).toBe('abcde');
  });
});
