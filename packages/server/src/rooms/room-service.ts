import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import * as Y from 'yjs';
import type { ServerMetrics } from '../metrics/server-metrics.js';
import type { Database } from '../store/schema.js';
import { startRoomCompactor } from './room-compactor.js';
import { RoomAdmission } from './room-admission.js';
import { roomClose, type RoomClose, type RoomCloseCode } from './room-close.js';
import type { RoomLimits } from './room-limits.js';
import { isRoomName } from './room-name.js';
import { listenForRoomNotices, type RoomNotice, type RoomNoticeListener } from './room-notices.js';
import { readClientMessage, type ClientMessage } from './room-protocol.js';
import { appendRoomUpdate, notifyRoomPresence, readRoomUpdates, readRoomUpdatesById } from './room-store.js';
import { verifyRoomToken, type RoomTokenRefusal } from './room-token.js';
import { Room, type Participant, type RoomPeer } from './room.js';

/** A client asking to enter a room: the room from the path, the token from the query, its address. */
export interface RoomConnectRequest {
  room: string;
  token: string | undefined;
  clientIp: string;
}

/** What the host calls for one socket: each binary message as it arrives, and `end` once it closed. */
export interface RoomSession {
  receive(message: Uint8Array): void;
  end(): void;
}

/** The rooms of one server: admission, the loaded rooms, their storage and the other servers' notices. */
export interface RoomService {
  readonly limits: RoomLimits;
  /** Admits a socket (or closes it with the reason) and returns the session its messages go to. */
  connect(request: RoomConnectRequest, peer: RoomPeer): RoomSession;
  /** Closes every socket (1001), waits for their updates to be stored, stops compaction and the notices. */
  close(): Promise<void>;
}

/** What {@link startRoomService} needs: the store, the secret tokens are signed with, limits and the usual injected I/O. */
export interface RoomServiceOptions {
  db: Kysely<Database>;
  /** Set with PostgreSQL: the servers on it share rooms through LISTEN/NOTIFY. Undefined for PGlite (one process). */
  databaseUrl: string | undefined;
  secret: string;
  limits: RoomLimits;
  now: () => Date;
  randomBytes: (length: number) => Uint8Array;
  logger: Logger;
  metrics: ServerMetrics;
}

interface LoadedRoom {
  ready: Promise<Room>;
  sessions: number;
  /** Rows stored since the room was loaded or last queued for compaction. */
  rows: number;
}

const tokenRefusals: Record<RoomTokenRefusal, RoomCloseCode> = {
  malformed: 'ROOM_TOKEN_INVALID',
  signature: 'ROOM_TOKEN_INVALID',
  expired: 'ROOM_TOKEN_EXPIRED',
  other_room: 'ROOM_TOKEN_OTHER_ROOM',
};

// PostgreSQL's NOTIFY payload is under 8000 bytes; presence is relayed in it as base64.
const maxSharedAwarenessBytes = 5_000;

const endedSession: RoomSession = { receive: () => undefined, end: () => undefined };

/**
 * Starts the rooms of a server. With `databaseUrl` it first listens for the other servers'
 * notices, so it rejects when PostgreSQL cannot be reached. A room is loaded from the store when
 * its first socket arrives (its updates merged) and let go once its last one left and its
 * writes are stored.
 */
export async function startRoomService(options: RoomServiceOptions): Promise<RoomService> {
  const { db, limits, logger, metrics } = options;
  const server = Buffer.from(options.randomBytes(8)).toString('hex');
  const rooms = new Map<string, LoadedRoom>();
  /** The open sockets, each by the function that closes it as the server shuts down. */
  const sessions = new Set<() => void>();
  const admission = new RoomAdmission(limits);
  const compactor = startRoomCompactor(db, logger, limits.compactAfterUpdates);
  let closing = false;

  const persist = async (name: string, loaded: LoadedRoom, update: Uint8Array): Promise<void> => {
    const started = performance.now();
    await appendRoomUpdate(db, { server, room: name, update, now: options.now() });
    metrics.roomUpdateStored({ bytes: update.byteLength, seconds: (performance.now() - started) / 1000 });
    loaded.rows += 1;
    if (loaded.rows >= limits.compactAfterUpdates) {
      loaded.rows = 1;
      compactor.schedule(name);
    }
  };

  // Presence is shared with the other servers (not stored); an undefined update asks them for theirs.
  const shareAwareness = (name: string, update?: Uint8Array): void => {
    if (listener === undefined || (update?.byteLength ?? 0) > maxSharedAwarenessBytes) return;
    notifyRoomPresence(db, { server, room: name, ...(update === undefined ? {} : { update }) }).catch((error: unknown) =>
      logger.warn({ err: error, room: name }, 'room presence not shared'),
    );
  };

  const load = async (name: string, loaded: LoadedRoom): Promise<Room> => {
    const stored = await readRoomUpdates(db, name);
    loaded.rows = stored.length;
    if (stored.length >= limits.compactAfterUpdates) compactor.schedule(name);
    const state = stored.length === 0 ? undefined : Y.mergeUpdates(stored.map((row) => row.update));
    shareAwareness(name);
    return new Room(name, state, { persist: (update) => persist(name, loaded, update), shareAwareness: (update) => shareAwareness(name, update) });
  };

  const enter = (name: string): LoadedRoom => {
    let loaded = rooms.get(name);
    if (loaded === undefined) {
      const created = { sessions: 0, rows: 0 } as LoadedRoom;
      created.ready = load(name, created);
      // A failed load is forgotten, so that the next socket tries again.
      created.ready.catch(() => rooms.get(name) === created && rooms.delete(name));
      rooms.set(name, created);
      loaded = created;
    }
    loaded.sessions += 1;
    return loaded;
  };

  const exit = (name: string, loaded: LoadedRoom): void => {
    loaded.sessions -= 1;
    if (loaded.sessions > 0) return;
    void loaded.ready.then(async (room) => {
      await room.drained();
      if (loaded.sessions > 0 || rooms.get(name) !== loaded) return;
      rooms.delete(name);
      room.destroy();
      if (loaded.rows > 1) compactor.schedule(name);
    }, () => undefined);
  };

  // Brings a room up to the store when a notice may have been missed (or its row was compacted away).
  const catchUp = async (name: string, room: Room): Promise<void> => {
    const stored = await readRoomUpdates(db, name);
    if (stored.length === 0) return;
    const missing = Y.diffUpdate(Y.mergeUpdates(stored.map((row) => row.update)), Y.encodeStateVector(room.doc));
    room.applyStored(missing);
  };

  const onNotice = (notice: RoomNotice): void => {
    const loaded = notice.server === server ? undefined : rooms.get(notice.room);
    if (loaded === undefined) return;
    void loaded.ready
      .then(async (room) => {
        if (notice.kind === 'awareness') return room.applyRemoteAwareness(notice.update);
        if (notice.kind === 'presence-query') {
          const presence = room.presence();
          return presence === undefined ? undefined : shareAwareness(notice.room, presence);
        }
        const [row] = await readRoomUpdatesById(db, notice.room, [notice.id]);
        return row === undefined ? catchUp(notice.room, room) : room.applyStored(row.update);
      })
      .catch((error: unknown) => logger.warn({ err: error, room: notice.room }, 'room notice not applied'));
  };

  const listener: RoomNoticeListener | undefined =
    options.databaseUrl === undefined
      ? undefined
      : await listenForRoomNotices({
          databaseUrl: options.databaseUrl,
          logger,
          onNotice,
          onReconnect() {
            for (const [name, loaded] of rooms) void loaded.ready.then((room) => catchUp(name, room)).catch(() => undefined);
          },
        });

  metrics.watchRooms(() => ({ rooms: rooms.size, connections: sessions.size }));

  const refuse = (peer: RoomPeer, code: RoomCloseCode, explanation: string): RoomSession => {
    metrics.roomRefused(code);
    peer.close(roomClose(code, explanation));
    return endedSession;
  };

  return {
    limits,
    connect(request, peer) {
      if (closing) return refuse(peer, 'SERVER_SHUTTING_DOWN', 'the server is shutting down; reconnect to another');
      if (!isRoomName(request.room)) return refuse(peer, 'ROOM_NAME_INVALID', 'a room name is 1 to 128 letters, digits, ".", "_" or "-"');
      if (request.token === undefined) return refuse(peer, 'ROOM_TOKEN_INVALID', `no token: connect to /v1/rooms/${request.room}?token=...`);
      const verified = verifyRoomToken(request.token, { secret: options.secret, room: request.room, now: options.now() });
      if (!verified.ok) return refuse(peer, tokenRefusals[verified.refusal], verified.reason);
      const grant = verified.value;
      const admitted = admission.admit({ clientIp: request.clientIp, issuer: grant.issuer, room: request.room });
      if (!admitted.ok) {
        return admitted.limit === 'connections_per_ip'
          ? refuse(peer, 'ROOM_TOO_MANY_CONNECTIONS', `this address already has ${limits.maxConnectionsPerIp} room connections`)
          : refuse(peer, 'ROOM_TOO_MANY_ROOMS', `issuer "${grant.issuer}" already has ${limits.maxRoomsPerIssuer} open rooms`);
      }

      const participant: Participant = { peer, grant, received: 0, awarenessClients: new Set(), denied: false, gone: false };
      const loaded = enter(request.room);
      let room: Room | undefined;
      // Messages that arrive while the room loads wait for it, in order.
      const early: ClientMessage[] = [];
      const close = (reason: RoomClose): void => {
        if (participant.gone) return;
        participant.gone = true;
        peer.close(reason);
      };
      const handle = (message: ClientMessage): void => {
        const broken = room?.receive(participant, message);
        if (broken !== undefined) close(broken);
      };
      let ended = false;
      const end = (): void => {
        if (ended) return;
        ended = true;
        participant.gone = true;
        room?.leave(participant);
        sessions.delete(shutDown);
        admitted.release();
        exit(request.room, loaded);
      };
      const shutDown = (): void => {
        close(roomClose('SERVER_SHUTTING_DOWN', 'the server is shutting down; reconnect to another'));
        end();
      };
      sessions.add(shutDown);
      loaded.ready.then(
        (ready) => {
          if (participant.gone) return;
          room = ready;
          ready.join(participant);
          for (const message of early.splice(0)) handle(message);
        },
        (error: unknown) => {
          logger.error({ err: error, room: request.room }, 'room could not be loaded from the store');
          metrics.storeFailed('query');
          close(roomClose('ROOM_STORE_UNAVAILABLE', 'the room could not be loaded; try again'));
        },
      );
      return {
        receive(bytes) {
          if (participant.gone) return;
          const message = readClientMessage(bytes);
          if (!message.ok) return close(roomClose('ROOM_MESSAGE_MALFORMED', message.reason));
          if (room === undefined) early.push(message.value);
          else handle(message.value);
        },
        end,
      };
    },
    async close() {
      closing = true;
      for (const shutDown of [...sessions]) shutDown();
      await Promise.all([...rooms.values()].map((loaded) => loaded.ready.then((room) => room.drained(), () => undefined)));
      await compactor.stop();
      await listener?.close();
      for (const loaded of rooms.values()) void loaded.ready.then((room) => room.destroy(), () => undefined);
      rooms.clear();
    },
  };
}
