import { decodeUpdate } from 'yjs';

/**
 * Whether a Yjs update (format v1) changes nothing: no new items and no deletions, as the sync
 * step 2 of a client with an empty document. Undefined when it cannot be read as an update.
 */
export function isEmptyUpdate(update: Uint8Array): boolean | undefined {
  try {
    const { structs, ds } = decodeUpdate(update);
    return structs.length === 0 && ds.clients.size === 0;
  } catch {
    return undefined;
  }
}
