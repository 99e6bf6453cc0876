import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';

/** How the server closed a socket. */
export interface ClosedWith {
  code: number;
  reason: string;
}

/**
 * A Node Yjs client of a Quire room, as an editor would be: it syncs over the y-websocket
 * protocol with `yjs` and `y-protocols`, sends its edits and presence, and records Quire's
 * role and saved messages. Waits are on events, never on time.
 */
export interface RoomClient {
  doc: Y.Doc;
  awareness: Awareness;
  /** The role the server gave last (`seed` may come later, when the seeder left). */
  readonly role: 'seed' | 'join' | undefined;
  /** Updates sent, and the count the server last acknowledged as stored. */
  readonly sent: number;
  readonly saved: number;
  /** Reasons of the permission-denied messages received. */
  readonly denied: string[];
  /** Resolves when the server closed the socket (or it dropped). */
  closed: Promise<ClosedWith>;
  /** Resolves once `check()` holds, checking after every message from the server. */
  until(check: () => boolean): Promise<void>;
  /** Resolves once every update sent is acknowledged. */
  allSaved(): Promise<void>;
  /** Sends raw bytes (for malformed or hand-made messages). */
  sendRaw(message: Uint8Array): void;
  /** Closes the socket normally, or drops it at once with `{ abrupt: true }`. */
  close(options?: { abrupt?: boolean }): Promise<void>;
}

const fromServer = Symbol('server');

/** Opens a client on `{base}/v1/rooms/{room}?token=...`; resolves once the socket is open. */
export async function connectRoomClient(base: string, room: string, token: string | undefined, options: { name?: string } = {}): Promise<RoomClient> {
  const url = new URL(`/v1/rooms/${room}`, base.replace(/^http/, 'ws'));
  if (token !== undefined) url.searchParams.set('token', token);
  const socket = new WebSocket(url);
  socket.binaryType = 'nodebuffer';
  const doc = new Y.Doc();
  const awareness = new Awareness(doc);
  const waiters = new Set<() => void>();
  const state = { role: undefined as 'seed' | 'join' | undefined, sent: 0, saved: 0, denied: [] as string[] };
  const wake = (): void => waiters.forEach((waiter) => waiter());

  const send = (message: Uint8Array): void => {
    if (socket.readyState === WebSocket.OPEN) socket.send(message);
  };
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin === fromServer) return;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 0);
    syncProtocol.writeUpdate(encoder, update);
    state.sent += 1;
    send(encoding.toUint8Array(encoder));
  });
  awareness.on('update', ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
    if (origin === fromServer) return;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 1);
    encoding.writeVarUint8Array(encoder, encodeAwarenessUpdate(awareness, [...added, ...updated, ...removed]));
    send(encoding.toUint8Array(encoder));
  });
  socket.on('message', (data: Buffer) => {
    const decoder = decoding.createDecoder(new Uint8Array(data));
    const type = decoding.readVarUint(decoder);
    if (type === 0) {
      const reply = encoding.createEncoder();
      encoding.writeVarUint(reply, 0);
      const step = syncProtocol.readSyncMessage(decoder, reply, doc, fromServer);
      // The reply to a sync step 1 is a step 2, which the server counts among the updates it acknowledges.
      if (step === syncProtocol.messageYjsSyncStep1) state.sent += 1;
      if (encoding.length(reply) > 1) send(encoding.toUint8Array(reply));
    } else if (type === 1) {
      applyAwarenessUpdate(awareness, decoding.readVarUint8Array(decoder), fromServer);
    } else if (type === 2) {
      decoding.readVarUint(decoder);
      state.denied.push(decoding.readVarString(decoder));
    } else if (type === 4) {
      state.saved = decoding.readVarUint(decoder);
    } else if (type === 5) {
      state.role = decoding.readVarUint(decoder) === 1 ? 'seed' : 'join';
    }
    wake();
  });
  const closed = new Promise<ClosedWith>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  let isClosed = false;
  void closed.then(() => {
    isClosed = true;
    awareness.destroy();
    wake();
  });
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  // As y-websocket's provider does on open: ask for the room's state, announce presence.
  const hello = encoding.createEncoder();
  encoding.writeVarUint(hello, 0);
  syncProtocol.writeSyncStep1(hello, doc);
  send(encoding.toUint8Array(hello));
  if (options.name !== undefined) awareness.setLocalStateField('cursor', { anchor: 0, head: 0, by: options.name });

  const until = (check: () => boolean): Promise<void> =>
    new Promise((resolve, reject) => {
      const test = (): void => {
        if (check()) {
          waiters.delete(test);
          resolve();
        } else if (isClosed) {
          waiters.delete(test);
          reject(new Error('the room socket closed before the awaited state'));
        }
      };
      waiters.add(test);
      test();
    });

  return {
    doc,
    awareness,
    get role() {
      return state.role;
    },
    get sent() {
      return state.sent;
    },
    get saved() {
      return state.saved;
    },
    denied: state.denied,
    closed,
    until,
    allSaved: () => until(() => state.saved >= state.sent),
    sendRaw: send,
    async close(options = {}) {
      if (options.abrupt) socket.terminate();
      else socket.close();
      await closed;
    },
  };
}
