import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { createServer } from '../../src/create-server.js';
import { verifyRoomToken } from '../../src/rooms/room-token.js';
import { prepareTestStore, type TestStoreSettings } from '../../../../test/support/test-stores.js';
import { recordingIo } from './cli-harness.js';

async function cli(env: Record<string, string | undefined>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = recordingIo(env);
  const code = await runCli(['rooms', ...args], io);
  return { code, stdout: io.out.join(''), stderr: io.err.join('') };
}

describe('quire rooms token', () => {
  let settings: TestStoreSettings;
  beforeAll(async () => {
    settings = await prepareTestStore('pglite');
  });
  afterAll(() => settings.dispose());

  it('prints a write token for the room and user, valid for an hour, signed with QUIRE_SECRET', async () => {
    const secret = 's'.repeat(40);
    const before = Date.now();
    const { code, stdout } = await cli({ QUIRE_SECRET: secret }, 'token', '--room', 'contract-42', '--user', 'Ada', '--color', '#d33');
    const after = Date.now();
    const result = verifyRoomToken(stdout.trim(), { secret, room: 'contract-42', now: new Date() });

    expect(code).toBe(0);
    expect(result.ok && result.value).toMatchObject({ user: { name: 'Ada', color: '#d33' }, access: 'write' });
    const expiresAt = result.ok ? result.value.expiresAt.getTime() : 0;
    // The expiry is in whole seconds, an hour after the moment the command ran.
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3_600_000);
    expect(expiresAt).toBeLessThanOrEqual(after + 3_600_000);
  });

  it('prints a read-only token with the lifetime asked for', async () => {
    const secret = 's'.repeat(40);
    const { stdout } = await cli({ QUIRE_SECRET: secret }, 'token', '--room', 'r1', '--user', 'Bo', '--read-only', '--expires', '90s');
    const result = verifyRoomToken(stdout.trim(), { secret, room: 'r1', now: new Date() });
    const afterExpiry = verifyRoomToken(stdout.trim(), { secret, room: 'r1', now: new Date(Date.now() + 91_000) });

    expect(result.ok && result.value.access).toBe('read');
    expect(afterExpiry).toMatchObject({ ok: false, refusal: 'expired' });
  });

  it('signs with the secret the server keeps in its store when QUIRE_SECRET is not set', async () => {
    const { stdout } = await cli({ QUIRE_DATA_DIR: settings.dataDir }, 'token', '--room', 'r1', '--user', 'Ada');
    const server = await createServer({ env: {}, dataDir: settings.dataDir, logger: pino({ level: 'silent' }) });
    const secret = server.config.secret;
    await server.close();

    expect(verifyRoomToken(stdout.trim(), { secret, room: 'r1', now: new Date() }).ok).toBe(true);
  });

  it('refuses a bad room name or lifetime with a usage error', async () => {
    const badRoom = await cli({ QUIRE_SECRET: 'x'.repeat(40) }, 'token', '--room', 'a/b', '--user', 'Ada');
    const badLifetime = await cli({ QUIRE_SECRET: 'x'.repeat(40) }, 'token', '--room', 'r', '--user', 'Ada', '--expires', 'soon');

    expect(badRoom).toMatchObject({ code: 2, stdout: '' });
    expect(badRoom.stderr).toContain('--room');
    expect(badLifetime).toMatchObject({ code: 2, stdout: '' });
    expect(badLifetime.stderr).toContain('--expires');
  });
});
