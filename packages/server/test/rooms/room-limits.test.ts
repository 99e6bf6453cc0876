import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoomToken } from '../../src/rooms/room-token.js';
import { prepareTestStore, type TestStoreSettings } from '../../../../test/support/test-stores.js';
import { readSample } from '../metrics/scrape.js';
import { connectRoomClient } from './room-client.js';
import { startRoomServer, testSecret, type RunningRoomServer } from './room-server.js';

const adminToken = 'room-limits-admin-token-0123456789';
const tokenFor = (room: string, issuer: string) => createRoomToken({ secret: testSecret, room, user: { name: 'Ada' }, access: 'write', expiresIn: '1h', issuer });

describe('room limits and metrics', () => {
  let store: TestStoreSettings;
  let running: RunningRoomServer;
  beforeAll(async () => {
    store = await prepareTestStore('pglite');
    running = await startRoomServer(store, {
      roomLimits: { maxConnectionsPerIp: 5, maxRoomsPerIssuer: 2, maxMessageBytes: 4096 },
      metrics: true,
      adminToken,
    });
  });
  afterAll(async () => {
    await running?.stop();
    await store?.dispose();
  });

  const scrape = async () => (await fetch(`${running.url}/metrics`, { headers: { authorization: `Bearer ${adminToken}` } })).text();

  it('refuses an issuer a room beyond its limit while its rooms are open, and admits it again once one closes', async () => {
    const first = await connectRoomClient(running.url, 'issuer-1', tokenFor('issuer-1', 'acme'));
    const second = await connectRoomClient(running.url, 'issuer-2', tokenFor('issuer-2', 'acme'));
    const sameRoom = await connectRoomClient(running.url, 'issuer-2', tokenFor('issuer-2', 'acme'));
    const otherIssuer = await connectRoomClient(running.url, 'issuer-3', tokenFor('issuer-3', 'globex'));
    await Promise.all([first, second, sameRoom, otherIssuer].map((client) => client.until(() => client.role !== undefined)));
    const refused = await connectRoomClient(running.url, 'issuer-4', tokenFor('issuer-4', 'acme'));
    const closed = await refused.closed;

    expect(closed.code).toBe(4430);
    expect(closed.reason).toMatch(/^ROOM_TOO_MANY_ROOMS: issuer "acme"/);
    await first.close();
    const admitted = await connectRoomClient(running.url, 'issuer-4', tokenFor('issuer-4', 'acme'));
    await admitted.until(() => admitted.role !== undefined);
    await Promise.all([second, sameRoom, otherIssuer, admitted].map((client) => client.close()));
  });

  it('refuses an address more sockets than its limit', async () => {
    const clients = [];
    for (let index = 0; index < 5; index += 1) clients.push(await connectRoomClient(running.url, 'crowded', tokenFor('crowded', 'acme')));
    await Promise.all(clients.map((client) => client.until(() => client.role !== undefined)));
    const refused = await connectRoomClient(running.url, 'crowded', tokenFor('crowded', 'acme'));
    const closed = await refused.closed;

    expect(closed.code).toBe(4429);
    expect(closed.reason).toMatch(/^ROOM_TOO_MANY_CONNECTIONS: /);
    await Promise.all(clients.map((client) => client.close()));
  });

  it('closes a socket that sends a message over the size limit with 1009', async () => {
    const client = await connectRoomClient(running.url, 'oversized', tokenFor('oversized', 'acme'));
    await client.until(() => client.role === 'seed');
    client.doc.getText('body').insert(0, 'x'.repeat(5000));

    expect((await client.closed).code).toBe(1009);
  });

  it('reports open rooms, sockets, stored update sizes, persistence time and refusals in /metrics', async () => {
    const writer = await connectRoomClient(running.url, 'measured', tokenFor('measured', 'acme'));
    await writer.until(() => writer.role === 'seed');
    writer.doc.getText('body').insert(0, 'measured text');
    await writer.allSaved();
    const text = await scrape();

    expect(readSample(text, 'quire_rooms_open')).toBeGreaterThanOrEqual(1);
    expect(readSample(text, 'quire_room_connections')).toBe(1);
    expect(readSample(text, 'quire_room_update_bytes_count')).toBeGreaterThanOrEqual(1);
    expect(readSample(text, 'quire_room_update_bytes_sum')).toBeGreaterThan('measured text'.length);
    expect(readSample(text, 'quire_room_persist_duration_seconds_count')).toBe(readSample(text, 'quire_room_update_bytes_count'));
    expect(readSample(text, 'quire_room_refusals_total', { code: 'ROOM_TOO_MANY_ROOMS' })).toBe(1);
    expect(readSample(text, 'quire_room_refusals_total', { code: 'ROOM_TOO_MANY_CONNECTIONS' })).toBe(1);
    await writer.close();
  });

  it('ends the socket of a client that stops reading once what waits for it exceeds twice the message limit', async () => {
    const reader = connect(Number(new URL(running.url).port), '127.0.0.1');
    await new Promise((resolve) => reader.once('connect', resolve));
    const token = createRoomToken({ secret: testSecret, room: 'slow', user: { name: 'Bo' }, access: 'read', expiresIn: '1h', issuer: 'slow' });
    reader.write(
      `GET /v1/rooms/slow?token=${token} HTTP/1.1\r\nHost: quire.test\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    // It never reads: what the server sends it piles up in the kernel's buffers, then in the server's.
    reader.pause();
    const writer = await connectRoomClient(running.url, 'slow', tokenFor('slow', 'slow'));
    await writer.until(() => writer.role !== undefined);

    let connections = await roomConnections();
    for (let update = 0; update < 3000 && connections > 1; update += 1) {
      writer.doc.getText('body').insert(0, randomBytes(1500).toString('hex'));
      await writer.allSaved();
      if (update % 50 === 49) connections = await roomConnections();
    }

    expect(connections).toBe(1);
    reader.destroy();
    await writer.close();
    // Loopback's kernel buffers take some megabytes before the server's own queue grows.
  }, 90_000);

  async function roomConnections(): Promise<number> {
    return readSample(await scrape(), 'quire_room_connections') ?? -1;
  }
});
