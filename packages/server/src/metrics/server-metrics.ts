/** A request the router answered. */
export interface AnsweredRequest {
  method: string;
  /** The route pattern (`/v1/collect`), never the raw path, so that label values stay few. */
  route: string;
  status: number;
  seconds: number;
}

/** A conversion that started (it had a conversion slot), by how it ended. */
export interface FinishedConversion {
  /** The engine that ran it, or `unknown` when it failed before one was chosen. */
  engine: string;
  from: string;
  to: string;
  /** `ok`, `aborted` (the client went away), or the failure (`timeout`, `engine_failed`...). */
  outcome: string;
  seconds: number;
}

/** One group-commit transaction of collected events. */
export interface StoredBatch {
  events: number;
  seconds: number;
  committed: boolean;
}

/** A room update stored before it was acknowledged: its size and how long the store took. */
export interface StoredRoomUpdate {
  bytes: number;
  seconds: number;
}

/** Why a conversion was refused before it started. */
export type ConversionRefusal = 'key_limit' | 'queue_full' | 'queue_wait';

/** What went wrong with the store: it could not be reached, or it refused a statement. */
export type StoreFailure = 'unavailable' | 'query';

/**
 * What the server reports about itself for monitoring. Services call it at the moment something
 * happens; `watch*` register readers that are asked at scrape time. The server holds one per
 * instance: {@link noServerMetrics} when metrics are off, else prom-client instruments.
 */
export interface ServerMetrics {
  requestAnswered(request: AnsweredRequest): void;
  /** A request the HTTP server refused before the router saw it (malformed, headers too large). */
  requestRefusedBeforeRouting(status: number): void;
  conversionFinished(conversion: FinishedConversion): void;
  conversionRefused(reason: ConversionRefusal): void;
  watchConversionLoad(read: () => { active: number; waiting: number }): void;
  collectBatchStored(batch: StoredBatch): void;
  storeFailed(failure: StoreFailure): void;
  /** Registers the check behind `quire_store_up`; it resolves to whether the store answered. */
  watchStore(probe: () => Promise<boolean>): void;
  /** A request refused by a stored rate limit, named `<action>_<subject>` (`register_ip`). */
  rateLimitRefused(limit: string): void;
  /** Registers the reader of the rooms loaded on this server and the sockets in them. */
  watchRooms(read: () => { rooms: number; connections: number }): void;
  roomUpdateStored(update: StoredRoomUpdate): void;
  /** A room socket closed on arrival, by its `ROOM_*` close code (`ROOM_TOKEN_EXPIRED`). */
  roomRefused(code: string): void;
}

const ignore = (): void => undefined;

/** The metrics of a server with metrics off: every report is dropped. */
export const noServerMetrics: ServerMetrics = {
  requestAnswered: ignore,
  requestRefusedBeforeRouting: ignore,
  conversionFinished: ignore,
  conversionRefused: ignore,
  watchConversionLoad: ignore,
  collectBatchStored: ignore,
  storeFailed: ignore,
  watchStore: ignore,
  rateLimitRefused: ignore,
  watchRooms: ignore,
  roomUpdateStored: ignore,
  roomRefused: ignore,
};
