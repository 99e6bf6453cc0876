import type { RoomLimits } from './room-limits.js';

/** Who is admitted: the client's address, and the issuer and room of its token. */
export interface AdmissionKey {
  clientIp: string;
  issuer: string;
  room: string;
}

/** The outcome of {@link RoomAdmission.admit}: a release to call when the socket closes, or what limit refused it. */
export type Admitted = { ok: true; release: () => void } | { ok: false; limit: 'connections_per_ip' | 'rooms_per_issuer' };

/**
 * Counts room sockets per client address and, per token issuer, the rooms in which it has
 * sockets on this server, refusing one beyond `maxConnectionsPerIp` or `maxRoomsPerIssuer`.
 */
export class RoomAdmission {
  private readonly perIp = new Map<string, number>();
  private readonly perIssuer = new Map<string, Map<string, number>>();

  constructor(private readonly limits: Pick<RoomLimits, 'maxConnectionsPerIp' | 'maxRoomsPerIssuer'>) {}

  admit({ clientIp, issuer, room }: AdmissionKey): Admitted {
    const connections = this.perIp.get(clientIp) ?? 0;
    if (connections >= this.limits.maxConnectionsPerIp) return { ok: false, limit: 'connections_per_ip' };
    const rooms = this.perIssuer.get(issuer) ?? new Map<string, number>();
    if (!rooms.has(room) && rooms.size >= this.limits.maxRoomsPerIssuer) return { ok: false, limit: 'rooms_per_issuer' };
    this.perIp.set(clientIp, connections + 1);
    rooms.set(room, (rooms.get(room) ?? 0) + 1);
    this.perIssuer.set(issuer, rooms);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        const left = (this.perIp.get(clientIp) ?? 1) - 1;
        if (left === 0) this.perIp.delete(clientIp);
        else this.perIp.set(clientIp, left);
        const inRoom = (rooms.get(room) ?? 1) - 1;
        if (inRoom === 0) rooms.delete(room);
        else rooms.set(room, inRoom);
        if (rooms.size === 0) this.perIssuer.delete(issuer);
      },
    };
  }
}
