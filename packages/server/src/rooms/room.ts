import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { roomClose, type RoomClose } from './room-close.js';
import { claimAwareness } from './claim-awareness.js';
import {
  encodeAwareness,
  encodePermissionDenied,
  encodeRole,
  encodeSaved,
  encodeSyncStep1,
  encodeSyncStep2,
  encodeUpdate,
  type ClientMessage,
} from './room-protocol.js';
import type { RoomGrant } from './room-token.js';
import { isEmptyUpdate } from './room-update.js';

/** Where the room sends to one client: its socket, as the host's WebSocket library gives it. */
export interface RoomPeer {
  send(message: Uint8Array): void;
  close(close: RoomClose): void;
}

/** One client in a room: its socket, what its token grants, and how far its updates are stored. */
export interface Participant {
  peer: RoomPeer;
  grant: RoomGrant;
  /** Updates received from it; the `saved` message acknowledges them in order. */
  received: number;
  /** Awareness client ids this socket announced, removed when it leaves. */
  awarenessClients: Set<number>;
  /** Set once it was told that it may not write, so that it is told only once. */
  denied: boolean;
  /** Set when it was closed: later messages and writes are dropped. */
  gone: boolean;
}

/** What a room needs from the service around it. */
export interface RoomHooks {
  /** Stores one update and resolves once it is committed; rejects when the store failed. */
  persist(update: Uint8Array): Promise<void>;
  /** Tells other servers about a presence change (a no-op with one server). */
  shareAwareness(update: Uint8Array): void;
}

interface PendingWrite {
  from: Participant;
  update: Uint8Array;
}

/**
 * A loaded room: the Yjs document as stored, the participants' presence, and the write queue.
 * An update from a writer is stored first (several arriving during one write are merged into
 * the next row), then applied, relayed to the other participants and acknowledged to its sender:
 * a client never hears `saved` for an update that is not in the store. The first writer of an
 * empty room is asked to seed it; if it leaves before seeding, the next writer is asked.
 */
export class Room {
  readonly doc: Y.Doc;
  readonly awareness: Awareness;
  private readonly participants = new Set<Participant>();
  private pending: PendingWrite[] = [];
  private writing: Promise<void> | undefined;
  private seeder: Participant | undefined;

  constructor(
    readonly name: string,
    stored: Uint8Array | undefined,
    private readonly hooks: RoomHooks,
  ) {
    this.doc = new Y.Doc();
    if (stored !== undefined) Y.applyUpdate(this.doc, stored);
    this.awareness = new Awareness(this.doc);
    // The server is no participant: it shows no presence of its own.
    this.awareness.setLocalState(null);
  }

  /** How many clients are in the room. */
  get size(): number {
    return this.participants.size;
  }

  /** Adds a client: tells it its role (seed or join), asks for what the room lacks and shows who is there. */
  join(participant: Participant): void {
    this.participants.add(participant);
    const seeds = participant.grant.access === 'write' && this.seeder === undefined && this.isEmpty();
    if (seeds) this.seeder = participant;
    participant.peer.send(encodeRole(seeds ? 'seed' : 'join'));
    participant.peer.send(encodeSyncStep1(Y.encodeStateVector(this.doc)));
    const presence = this.presence();
    if (presence !== undefined) participant.peer.send(encodeAwareness(presence));
  }

  /** Handles one decoded message from a participant; resolves to a close to send when it broke the protocol. */
  receive(participant: Participant, message: ClientMessage): RoomClose | undefined {
    if (participant.gone) return undefined;
    switch (message.kind) {
      case 'sync-step-1':
        try {
          participant.peer.send(encodeSyncStep2(Y.encodeStateAsUpdate(this.doc, message.stateVector)));
        } catch {
          return roomClose('ROOM_MESSAGE_MALFORMED', 'the state vector of a sync step 1 cannot be read');
        }
        return undefined;
      case 'update':
        return this.receiveUpdate(participant, message.update);
      case 'awareness':
        return this.receiveAwareness(participant, message.update);
      case 'query-awareness':
        participant.peer.send(encodeAwareness(this.presence() ?? encodeAwarenessUpdate(this.awareness, [])));
        return undefined;
      case 'other':
        return undefined;
    }
  }

  /** Removes a client: its presence goes, and if it was to seed the still empty room, the next writer is asked. */
  leave(participant: Participant): void {
    participant.gone = true;
    if (!this.participants.delete(participant)) return;
    const clients = [...participant.awarenessClients].filter((client) => this.awareness.getStates().has(client));
    if (clients.length > 0) {
      removeAwarenessStates(this.awareness, clients, participant);
      const removal = encodeAwarenessUpdate(this.awareness, clients);
      this.broadcast(encodeAwareness(removal), undefined);
      this.hooks.shareAwareness(removal);
    }
    if (this.seeder === participant) this.askNextSeeder();
  }

  /** Applies an update another server stored and relays it to every participant here. */
  applyStored(update: Uint8Array): void {
    Y.applyUpdate(this.doc, update, 'store');
    if (this.seeder !== undefined && !this.isEmpty()) this.seeder = undefined;
    this.broadcast(encodeUpdate(update), undefined);
  }

  /** Applies presence from another server and relays it to every participant here. */
  applyRemoteAwareness(update: Uint8Array): void {
    applyAwarenessUpdate(this.awareness, update, 'remote');
    this.broadcast(encodeAwareness(update), undefined);
  }

  /** Everyone's presence as one awareness update, or undefined when nobody shows any. */
  presence(): Uint8Array | undefined {
    const clients = [...this.awareness.getStates().keys()];
    return clients.length === 0 ? undefined : encodeAwarenessUpdate(this.awareness, clients);
  }

  /** Resolves once every update received so far is stored (or failed). */
  async drained(): Promise<void> {
    while (this.writing !== undefined) await this.writing;
  }

  /** Frees the document and stops the presence timer. */
  destroy(): void {
    this.awareness.destroy();
    this.doc.destroy();
  }

  private receiveUpdate(participant: Participant, update: Uint8Array): RoomClose | undefined {
    if (participant.grant.access !== 'write') {
      // Every client answers the server's sync step 1 with a step 2, empty when it has nothing: no refusal for that.
      if (isEmptyUpdate(update) === true) return undefined;
      if (!participant.denied) participant.peer.send(encodePermissionDenied('read-only: this room token does not allow editing; the update was not applied'));
      participant.denied = true;
      return undefined;
    }
    const empty = isEmptyUpdate(update);
    if (empty === undefined) return roomClose('ROOM_MESSAGE_MALFORMED', 'the update cannot be read as a Yjs update');
    participant.received += 1;
    this.pending.push({ from: participant, update: empty ? new Uint8Array() : update });
    if (this.writing === undefined) this.writing = this.writePending();
    return undefined;
  }

  private receiveAwareness(participant: Participant, update: Uint8Array): RoomClose | undefined {
    const claimed = claimAwareness(update, participant.grant.user);
    if (claimed === undefined) return roomClose('ROOM_MESSAGE_MALFORMED', 'the awareness update cannot be read');
    for (const client of claimed.clients) participant.awarenessClients.add(client);
    applyAwarenessUpdate(this.awareness, claimed.update, participant);
    this.broadcast(encodeAwareness(claimed.update), participant);
    this.hooks.shareAwareness(claimed.update);
    return undefined;
  }

  private async writePending(): Promise<void> {
    // Yield first, so that `writing` is set before a batch with nothing to store ends the loop.
    await Promise.resolve();
    while (this.pending.length > 0) {
      // Updates of a client that left are stored too: they were sent, and others may need them.
      const batch = this.pending;
      this.pending = [];
      const updates = batch.map((write) => write.update).filter((update) => update.length > 0);
      if (updates.length > 0) {
        const merged = updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates);
        try {
          await this.hooks.persist(merged);
        } catch {
          // Not stored, so not acknowledged: the client sends it again when it reconnects and syncs.
          for (const write of batch) this.drop(write.from, roomClose('ROOM_STORE_UNAVAILABLE', 'the update could not be stored; reconnect to send it again'));
          continue;
        }
        Y.applyUpdate(this.doc, merged, 'store');
        this.seeder = undefined;
        for (const write of batch) if (write.update.length > 0) this.broadcast(encodeUpdate(write.update), write.from);
      }
      // Each sender's updates up to its last one in this batch are stored; those that arrived
      // during the write wait for the next one.
      for (const sender of new Set(batch.map((write) => write.from))) {
        if (!sender.gone) sender.peer.send(encodeSaved(sender.received - this.pending.filter((write) => write.from === sender).length));
      }
    }
    this.writing = undefined;
  }

  private drop(participant: Participant, close: RoomClose): void {
    if (participant.gone) return;
    participant.gone = true;
    participant.peer.close(close);
  }

  private askNextSeeder(): void {
    this.seeder = undefined;
    if (!this.isEmpty()) return;
    const next = [...this.participants].find((candidate) => candidate.grant.access === 'write' && !candidate.gone);
    if (next === undefined) return;
    this.seeder = next;
    next.peer.send(encodeRole('seed'));
  }

  private isEmpty(): boolean {
    return this.doc.store.clients.size === 0 && this.pending.every((write) => write.update.length === 0) && this.writing === undefined;
  }

  private broadcast(message: Uint8Array, except: Participant | undefined): void {
    for (const participant of this.participants) if (participant !== except && !participant.gone) participant.peer.send(message);
  }
}
