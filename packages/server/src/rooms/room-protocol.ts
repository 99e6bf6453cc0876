import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

// The y-websocket message types (sync, awareness, auth, query awareness), then Quire's own two.
const messageSync = 0;
const messageAwareness = 1;
const messageAuth = 2;
const messageQueryAwareness = 3;
/** Quire: how many of the client's updates are stored (a varUint, counting since the socket opened). */
const messageSaved = 4;
/** Quire: what the client does on joining (a varUint): 0 wait for the room's state, 1 seed the room from its document. */
const messageRole = 5;

// y-protocols' sync sub-types (sync.js).
const syncStep1 = 0;
const syncStep2 = 1;
const syncUpdate = 2;

/** What a client may send, decoded. */
export type ClientMessage =
  | { kind: 'sync-step-1'; stateVector: Uint8Array }
  /** A sync step 2 or an update: both carry a Yjs update to apply. */
  | { kind: 'update'; update: Uint8Array }
  | { kind: 'awareness'; update: Uint8Array }
  | { kind: 'query-awareness' }
  /** A type this server does not know (a later protocol's): ignored. */
  | { kind: 'other' };

/** The outcome of {@link readClientMessage}. */
export type ReadClientMessageResult = { ok: true; value: ClientMessage } | { ok: false; reason: string };

/** Decodes one WebSocket message from a client; fails when it is cut short or not of the y-websocket protocol. */
export function readClientMessage(message: Uint8Array): ReadClientMessageResult {
  try {
    const decoder = decoding.createDecoder(message);
    const type = decoding.readVarUint(decoder);
    if (type === messageSync) {
      const step = decoding.readVarUint(decoder);
      const payload = decoding.readVarUint8Array(decoder);
      if (step === syncStep1) return { ok: true, value: { kind: 'sync-step-1', stateVector: payload } };
      if (step === syncStep2 || step === syncUpdate) return { ok: true, value: { kind: 'update', update: payload } };
      return { ok: false, reason: `unknown sync message ${step}` };
    }
    if (type === messageAwareness) return { ok: true, value: { kind: 'awareness', update: decoding.readVarUint8Array(decoder) } };
    if (type === messageQueryAwareness) return { ok: true, value: { kind: 'query-awareness' } };
    return { ok: true, value: { kind: 'other' } };
  } catch {
    return { ok: false, reason: 'the message is cut short' };
  }
}

/** A sync step 1: the server's state vector, asking the client for what the room lacks. */
export function encodeSyncStep1(stateVector: Uint8Array): Uint8Array {
  return encodeSync(syncStep1, stateVector);
}

/** A sync step 2: what the client lacks, as one update. */
export function encodeSyncStep2(update: Uint8Array): Uint8Array {
  return encodeSync(syncStep2, update);
}

/** An update relayed from another participant. */
export function encodeUpdate(update: Uint8Array): Uint8Array {
  return encodeSync(syncUpdate, update);
}

/** An awareness update (presence of one or more participants). */
export function encodeAwareness(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, messageAwareness);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** y-protocols' auth message "permission denied", sent once to a read-only client that sent an update. */
export function encodePermissionDenied(reason: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, messageAuth);
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarString(encoder, reason);
  return encoding.toUint8Array(encoder);
}

/** Quire's acknowledgement: the first `count` updates the client sent are stored. */
export function encodeSaved(count: number): Uint8Array {
  return encodePair(messageSaved, count);
}

/** Quire's join role: `seed` (send your document, the room is new) or `join` (wait for the room's state). */
export function encodeRole(role: 'seed' | 'join'): Uint8Array {
  return encodePair(messageRole, role === 'seed' ? 1 : 0);
}

function encodeSync(step: number, payload: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, messageSync);
  encoding.writeVarUint(encoder, step);
  encoding.writeVarUint8Array(encoder, payload);
  return encoding.toUint8Array(encoder);
}

function encodePair(type: number, value: number): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, type);
  encoding.writeVarUint(encoder, value);
  return encoding.toUint8Array(encoder);
}
