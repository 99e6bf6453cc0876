import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoomToken } from '../../src/rooms/room-token.js';
import { prepareTestStore, storeKinds, type TestStoreSettings } from '../../../../test/support/test-stores.js';
import { bundleCli, recordOutput, type CliBundle } from '../cli/cli-process.js';
import { connectRoomClient } from './room-client.js';
import { testSecret } from './room-server.js';

const tokenFor = (name: string) => createRoomToken({ secret: testSecret, room: 'durable', user: { name }, access: 'write', expiresIn: '1h' });

describe.each(storeKinds)('a room on %s across a kill -9 of quire serve', (kind) => {
  let store: TestStoreSettings;
  let cli: CliBundle;
  beforeAll(async () => {
    store = await prepareTestStore(kind);
    cli = await bundleCli('rooms-restart');
  });
  afterAll(async () => {
    await store?.dispose();
    await cli?.remove();
  });

  async function startServe() {
    const child = spawn(process.execPath, [cli.path, 'serve', '--port', '0', '--data-dir', store.dataDir], {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', QUIRE_SECRET: testSecret, ...(store.databaseUrl === undefined ? {} : { DATABASE_URL: store.databaseUrl }) },
    });
    const [, url] = await recordOutput(child)(/listening on (http:\/\/\S+)/);
    return { child, url: url! };
  }

  it('loses no acknowledged update when the server is killed while a client types', async () => {
    const first = await startServe();
    const typist = await connectRoomClient(first.url, 'durable', tokenFor('Ada'));
    await typist.until(() => typist.role === 'seed');
    const body = typist.doc.getText('body');
    for (let key = 0; key < 100; key += 1) body.insert(body.length, String.fromCharCode(97 + (key % 26)));
    await typist.allSaved();
    const exited = once(first.child, 'exit');
    first.child.kill('SIGKILL');
    const acknowledged = body.toString();
    // Keys typed while the process dies: they may or may not be stored, never half of one.
    for (let key = 0; key < 50; key += 1) body.insert(body.length, 'Z');
    await exited;
    await typist.closed;

    const second = await startServe();
    const reader = await connectRoomClient(second.url, 'durable', tokenFor('Bo'));
    await reader.until(() => reader.doc.getText('body').length >= acknowledged.length);
    const restored = reader.doc.getText('body').toString();

    expect(reader.role).toBe('join');
    expect(restored.startsWith(acknowledged)).toBe(true);
    expect(restored.slice(acknowledged.length)).toMatch(/^Z*$/);
    await reader.close();
    const stopped = once(second.child, 'exit');
    second.child.kill('SIGTERM');
    expect((await stopped)[0]).toBe(0);
  }, 120_000);
});
