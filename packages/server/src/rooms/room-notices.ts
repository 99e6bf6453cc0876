import pg from 'pg';
import type { Logger } from 'pino';
import { ROOM_CHANNEL } from './room-store.js';

/** What another server on the same store announced: a stored update (by row id), a presence change, or a request for presence. */
export type RoomNotice =
  | { kind: 'update'; server: string; room: string; id: string }
  | { kind: 'awareness'; server: string; room: string; update: Uint8Array }
  | { kind: 'presence-query'; server: string; room: string };

/** A running listener of {@link listenForRoomNotices}. */
export interface RoomNoticeListener {
  close(): Promise<void>;
}

/** Options of {@link listenForRoomNotices}. */
export interface ListenForRoomNoticesOptions {
  databaseUrl: string;
  logger: Logger;
  onNotice(notice: RoomNotice): void;
  /** Called after a lost connection was replaced: notices sent meanwhile were missed. */
  onReconnect(): void;
  /** Wait before reconnecting in milliseconds; default 1000. */
  retryMs?: number;
}

/**
 * Listens on PostgreSQL's {@link ROOM_CHANNEL} over one dedicated connection (a pooled one would
 * be handed to queries and drop the LISTEN). When the connection is lost it reconnects every
 * `retryMs` and calls `onReconnect`. Resolves once listening; rejects when the first connection fails.
 */
export async function listenForRoomNotices(options: ListenForRoomNoticesOptions): Promise<RoomNoticeListener> {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.databaseUrl });
    next.on('notification', (message) => {
      const notice = message.payload === undefined ? undefined : parseRoomNotice(message.payload);
      if (notice !== undefined) options.onNotice(notice);
    });
    next.on('error', (error) => {
      options.logger.warn({ err: error }, 'room notices: connection lost; reconnecting');
      void next.end().catch(() => undefined);
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${ROOM_CHANNEL}`);
    client = next;
  };
  const scheduleReconnect = (): void => {
    client = undefined;
    if (closed || retry !== undefined) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(options.onReconnect, (error: unknown) => {
        options.logger.warn({ err: error }, 'room notices: cannot reconnect yet');
        scheduleReconnect();
      });
    }, options.retryMs ?? 1000);
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

/** Reads a notice payload (`u <server> <room> <id>`, `a <server> <room> <base64>` or `q <server> <room> ?`); undefined for anything else. */
export function parseRoomNotice(payload: string): RoomNotice | undefined {
  const [kind, server, room, value, ...rest] = payload.split(' ');
  if (server === undefined || room === undefined || value === undefined || rest.length > 0) return undefined;
  if (kind === 'u' && /^\d+$/.test(value)) return { kind: 'update', server, room, id: value };
  if (kind === 'q') return { kind: 'presence-query', server, room };
  if (kind === 'a') return { kind: 'awareness', server, room, update: new Uint8Array(Buffer.from(value, 'base64')) };
  return undefined;
}
