import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoomToken } from '../../src/rooms/room-token.js';
import { prepareTestStore, type TestStoreSettings } from '../../../../test/support/test-stores.js';
import { connectRoomClient, type RoomClient } from './room-client.js';
import { startRoomServer, testSecret, type RunningRoomServer } from './room-server.js';

const tokenFor = (room: string, name: string) => createRoomToken({ secret: testSecret, room, user: { name }, access: 'write', expiresIn: '1h' });
const textOf = (client: RoomClient) => client.doc.getText('body').toString();

describe('two servers on one PostgreSQL', () => {
  let store: TestStoreSettings;
  let first: RunningRoomServer;
  let second: RunningRoomServer;
  beforeAll(async () => {
    store = await prepareTestStore('postgres');
    first = await startRoomServer(store);
    second = await startRoomServer(store);
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await store?.dispose();
  });

  it('let clients on each server type in one room at once and converge, each seeing the others', async () => {
    const ada = await connectRoomClient(first.url, 'shared', tokenFor('shared', 'Ada'), { name: 'Ada' });
    await ada.until(() => ada.role === 'seed');
    ada.doc.getText('body').insert(0, '[]');
    await ada.allSaved();
    const bo = await connectRoomClient(second.url, 'shared', tokenFor('shared', 'Bo'), { name: 'Bo' });
    const cy = await connectRoomClient(second.url, 'shared', tokenFor('shared', 'Cy'), { name: 'Cy' });
    await bo.until(() => textOf(bo) === '[]');
    await cy.until(() => textOf(cy) === '[]');

    const clients = [ada, bo, cy];
    for (let key = 0; key < 30; key += 1) clients.forEach((client, index) => client.doc.getText('body').insert(1, 'abc'[index]!));
    await Promise.all(clients.map((client) => client.allSaved()));
    await Promise.all(clients.map((client) => client.until(() => textOf(client).length === 92)));

    expect(new Set(clients.map(textOf)).size).toBe(1);
    expect([...textOf(ada)].filter((char) => char === 'b')).toHaveLength(30);
    await ada.until(() => [bo, cy].every((other) => ada.awareness.getStates().has(other.doc.clientID)));
    await bo.until(() => bo.awareness.getStates().has(ada.doc.clientID));
    await Promise.all(clients.map((client) => client.close()));
  });

  it('serves a room written on one server to a client who joins it later on the other', async () => {
    const writer = await connectRoomClient(first.url, 'later', tokenFor('later', 'Ada'));
    await writer.until(() => writer.role === 'seed');
    writer.doc.getText('body').insert(0, 'written on the first server');
    await writer.allSaved();
    await writer.close();

    const reader = await connectRoomClient(second.url, 'later', tokenFor('later', 'Bo'));
    await reader.until(() => textOf(reader) === 'written on the first server');

    expect(reader.role).toBe('join');
    await reader.close();
  });
});
