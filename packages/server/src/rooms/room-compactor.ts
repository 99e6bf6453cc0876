import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../store/schema.js';
import { compactRoomUpdates } from './room-store.js';

/** The background compaction of room logs: rooms are queued and compacted one at a time. */
export interface RoomCompactor {
  /** Queues `room` (once, however often it is asked) for compaction. */
  schedule(room: string): void;
  /** Drops what is queued and resolves once the running compaction ends. */
  stop(): Promise<void>;
}

/**
 * Compacts queued rooms one after another, off the write path: each merges up to `maxRows` of a
 * room's oldest rows (see {@link compactRoomUpdates}), and a room with more is queued again. A
 * failure is logged and the room left as it is (it is complete either way).
 */
export function startRoomCompactor(db: Kysely<Database>, logger: Logger, maxRows: number): RoomCompactor {
  const queued = new Set<string>();
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = async (): Promise<void> => {
    for (let room = first(queued); room !== undefined && !stopped; room = first(queued)) {
      queued.delete(room);
      try {
        const merged = await compactRoomUpdates(db, room, maxRows);
        if (merged === maxRows - 1) queued.add(room);
      } catch (error) {
        logger.warn({ err: error, room }, 'room compaction failed; the room keeps its rows');
      }
    }
    running = undefined;
  };

  return {
    schedule(room) {
      if (stopped) return;
      queued.add(room);
      running ??= run();
    },
    async stop() {
      stopped = true;
      queued.clear();
      await running;
    },
  };
}

function first(set: Set<string>): string | undefined {
  return set.values().next().value;
}
