import { ServerOptionsError } from '../config/server-options-error.js';

/** Limits of the rooms on `/v1/rooms/{room}`. */
export interface RoomLimits {
  /**
   * Largest WebSocket message in bytes (closed with 1009 above); default 16 MiB, because a join
   * sends a whole document once (a seed or a sync step 2).
   */
  maxMessageBytes: number;
  /** Room sockets one client address may hold on this server (4429 beyond); default 200. */
  maxConnectionsPerIp: number;
  /** Rooms with participants on this server that one token issuer may have (4430 beyond); default 1000. */
  maxRoomsPerIssuer: number;
  /** Stored updates of a room after which its log is compacted in the background; default 200. */
  compactAfterUpdates: number;
}

/** The limits in force unless `createServer` is given others. */
export const DEFAULT_ROOM_LIMITS: RoomLimits = {
  maxMessageBytes: 16 * 1024 * 1024,
  maxConnectionsPerIp: 200,
  maxRoomsPerIssuer: 1000,
  compactAfterUpdates: 200,
};

/**
 * Returns complete limits: the given ones over {@link DEFAULT_ROOM_LIMITS}. Throws a
 * `ServerOptionsError` naming the limit when one is not a positive whole number.
 */
export function normalizeRoomLimits(limits: Partial<RoomLimits> = {}): RoomLimits {
  const merged = { ...DEFAULT_ROOM_LIMITS, ...limits };
  for (const name of Object.keys(DEFAULT_ROOM_LIMITS) as (keyof RoomLimits)[]) {
    const value = merged[name];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
      throw new ServerOptionsError(`roomLimits.${name}`, `expected a whole number of at least 1, got ${String(value)}`);
    }
  }
  return merged;
}
