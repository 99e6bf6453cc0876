import * as decoding from 'lib0/decoding';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { RoomClose } from '../../src/rooms/room-close.js';
import { Room, type Participant } from '../../src/rooms/room.js';
import type { RoomAccess } from '../../src/rooms/room-token.js';

/** A participant whose socket records what the room sent it, decoded to its message type. */
function participant(access: RoomAccess = 'write') {
  const sent: { type: number; value?: number }[] = [];
  const closes: RoomClose[] = [];
  const self: Participant = {
    peer: {
      send(message) {
        const decoder = decoding.createDecoder(message);
        const type = decoding.readVarUint(decoder);
        sent.push(type === 4 || type === 5 ? { type, value: decoding.readVarUint(decoder) } : { type });
      },
      close: (close) => void closes.push(close),
    },
    grant: { room: 'r', user: { name: 'Ada' }, access, issuer: 'default', expiresAt: new Date(8.64e15) },
    received: 0,
    awarenessClients: new Set(),
    denied: false,
    gone: false,
  };
  const saved = () => sent.filter((message) => message.type === 4).map((message) => message.value);
  return { self, sent, closes, saved };
}

function typed(text: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getText('body').insert(0, text);
  return Y.encodeStateAsUpdate(doc);
}

/** A store whose writes wait until the test lets them finish, or fail. */
function heldStore() {
  const writes: { update: Uint8Array; finish(): void; fail(): void }[] = [];
  const persist = (update: Uint8Array) =>
    new Promise<void>((resolve, reject) => writes.push({ update, finish: resolve, fail: () => reject(new Error('store down')) }));
  return { writes, hooks: { persist, shareAwareness: () => undefined } };
}

/** A new room with a held store, joined by two writers. */
function roomOfTwo() {
  const store = heldStore();
  const room = new Room('r', undefined, store.hooks);
  const ada = participant();
  const bo = participant();
  room.join(ada.self);
  room.join(bo.self);
  return { store, room, ada, bo };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Room', () => {
  it('acknowledges and relays an update only once the store has committed it', async () => {
    const { store, room, ada, bo } = roomOfTwo();
    room.receive(ada.self, { kind: 'update', update: typed('hello') });
    await settle();

    expect(store.writes).toHaveLength(1);
    expect(ada.saved()).toEqual([]);
    expect(bo.sent.filter((message) => message.type === 0)).toHaveLength(1); // only the sync step 1 of joining
    expect(room.doc.getText('body').toString()).toBe('');

    store.writes[0]!.finish();
    await settle();
    expect(ada.saved()).toEqual([1]);
    expect(bo.sent.filter((message) => message.type === 0)).toHaveLength(2);
    expect(room.doc.getText('body').toString()).toBe('hello');
  });

  it('stores the updates that arrive during a write as one merged row, acknowledging each sender up to its last', async () => {
    const store = heldStore();
    const room = new Room('r', undefined, store.hooks);
    const ada = participant();
    room.join(ada.self);
    room.receive(ada.self, { kind: 'update', update: typed('one') });
    await settle();
    room.receive(ada.self, { kind: 'update', update: typed('two') });
    room.receive(ada.self, { kind: 'update', update: typed('three') });
    store.writes[0]!.finish();
    await settle();

    expect(ada.saved()).toEqual([1]);
    expect(store.writes).toHaveLength(2);
    store.writes[1]!.finish();
    await room.drained();
    expect(ada.saved()).toEqual([1, 3]);
    const stored = new Y.Doc();
    Y.applyUpdate(stored, store.writes[1]!.update);
    expect(stored.getText('body').length).toBe('twothree'.length);
  });

  it('closes the senders of an update the store refused, never acknowledging it, and goes on with the next', async () => {
    const { store, room, ada, bo } = roomOfTwo();
    room.receive(ada.self, { kind: 'update', update: typed('lost') });
    await settle();
    room.receive(bo.self, { kind: 'update', update: typed('kept') });
    store.writes[0]!.fail();
    await settle();
    store.writes[1]!.finish();
    await room.drained();

    expect(ada.closes).toEqual([{ code: 1011, reason: expect.stringMatching(/^ROOM_STORE_UNAVAILABLE: /) }]);
    expect(ada.saved()).toEqual([]);
    expect(bo.saved()).toEqual([1]);
    expect(room.doc.getText('body').toString()).toBe('kept');
  });

  it('asks the first writer of an empty room to seed it, never a reader, and the next writer when the seeder leaves', () => {
    const room = new Room('r', undefined, heldStore().hooks);
    const reader = participant('read');
    const seeder = participant();
    const next = participant();
    room.join(reader.self);
    room.join(seeder.self);
    room.join(next.self);
    room.leave(seeder.self);

    const roles = (who: ReturnType<typeof participant>) => who.sent.filter((message) => message.type === 5).map((message) => message.value);
    expect(roles(reader)).toEqual([0]);
    expect(roles(seeder)).toEqual([1]);
    expect(roles(next)).toEqual([0, 1]);
  });

  it('asks nobody to seed a room loaded with content', () => {
    const room = new Room('r', typed('stored'), heldStore().hooks);
    const ada = participant();
    room.join(ada.self);

    expect(ada.sent.find((message) => message.type === 5)).toEqual({ type: 5, value: 0 });
  });
});
