import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readRoomUpdates } from '../../src/rooms/room-store.js';
import { createRoomToken } from '../../src/rooms/room-token.js';
import { openDatabase } from '../../src/store/open-database.js';
import { prepareTestStore, type TestStoreSettings } from '../../../../test/support/test-stores.js';
import { connectRoomClient } from './room-client.js';
import { startRoomServer, testSecret } from './room-server.js';

describe('a server stopping with room sockets open', () => {
  let store: TestStoreSettings;
  beforeAll(async () => {
    store = await prepareTestStore('pglite');
  });
  afterAll(() => store?.dispose());

  it('closes them with 1001 SERVER_SHUTTING_DOWN, and what it acknowledged is in the store it closed', async () => {
    const running = await startRoomServer(store);
    const token = createRoomToken({ secret: testSecret, room: 'stopping', user: { name: 'Ada' }, access: 'write', expiresIn: '1h' });
    const client = await connectRoomClient(running.url, 'stopping', token);
    await client.until(() => client.role === 'seed');
    client.doc.getText('body').insert(0, 'acknowledged before the stop');
    await client.until(() => client.saved >= client.sent);
    const stopped = running.stop();
    const closed = await client.closed;
    await stopped;

    expect(closed.code).toBe(1001);
    expect(closed.reason).toMatch(/^SERVER_SHUTTING_DOWN: /);
    const reopened = await openDatabase({ databaseUrl: undefined, dataDir: store.dataDir });
    const doc = new Y.Doc();
    for (const row of await readRoomUpdates(reopened.db, 'stopping')) Y.applyUpdate(doc, row.update);
    await reopened.close();
    expect(doc.getText('body').toString()).toBe('acknowledged before the stop');
  });
});
