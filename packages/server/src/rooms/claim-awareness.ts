import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { RoomUser } from './room-token.js';

/** An awareness update rewritten by {@link claimAwareness}, and the client ids it speaks for. */
export interface ClaimedAwareness {
  update: Uint8Array;
  clients: number[];
}

/**
 * Rewrites a client's awareness update (y-protocols' encoding: count, then per client its id,
 * clock and JSON state) so that every state it announces carries the `user` of its token: a
 * participant cannot show itself under another name or colour. A removed state (null) stays
 * removed. Undefined when the update cannot be read.
 */
export function claimAwareness(update: Uint8Array, user: RoomUser): ClaimedAwareness | undefined {
  try {
    const decoder = decoding.createDecoder(update);
    const encoder = encoding.createEncoder();
    const count = decoding.readVarUint(decoder);
    const clients: number[] = [];
    encoding.writeVarUint(encoder, count);
    for (let index = 0; index < count; index += 1) {
      const client = decoding.readVarUint(decoder);
      const clock = decoding.readVarUint(decoder);
      const state = JSON.parse(decoding.readVarString(decoder)) as unknown;
      const claimed = typeof state === 'object' && state !== null ? { ...state, user } : null;
      clients.push(client);
      encoding.writeVarUint(encoder, client);
      encoding.writeVarUint(encoder, clock);
      encoding.writeVarString(encoder, JSON.stringify(claimed));
    }
    return { update: encoding.toUint8Array(encoder), clients };
  } catch {
    return undefined;
  }
}
