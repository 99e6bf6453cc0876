import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import type { CliIo } from '../../src/cli/cli-io.js';
import { prepareTestStore, storeKinds, type TestStoreSettings } from '../../../../test/support/test-stores.js';
import { attachHarnessStore, startAuthHarness } from './auth-harness.js';

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

describe.each(storeKinds)('quire keys on %s', (kind) => {
  let settings: TestStoreSettings;
  const keys: Record<string, string> = {};

  async function cli(...args: string[]): Promise<CliRun> {
    let stdout = '';
    let stderr = '';
    const io: CliIo = {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      env: { QUIRE_DATA_DIR: settings.dataDir, ...(settings.databaseUrl === undefined ? {} : { DATABASE_URL: settings.databaseUrl }) },
      onShutdownSignal: () => () => undefined,
    };
    const code = await runCli(['keys', ...args], io);
    return { code, stdout, stderr };
  }

  // The embedded store admits one process at a time, so the server is closed while the CLI runs.
  async function withServer<T>(use: (harness: Awaited<ReturnType<typeof startAuthHarness>>) => Promise<T>): Promise<T> {
    const store = await attachHarnessStore(settings);
    const harness = await startAuthHarness(store);
    try {
      return await use(harness);
    } finally {
      await harness.close();
      await store.close();
    }
  }

  beforeAll(async () => {
    settings = await prepareTestStore(kind);
    await withServer(async (harness) => {
      keys.ada1 = await harness.obtainKey('ada@example.com');
      keys.ada2 = await harness.obtainKey('Ada@Example.com');
      keys.bob = await harness.obtainKey('bob@example.org');
    });
  });
  afterAll(async () => {
    await settings?.dispose();
  });

  it('lists every key by prefix and address, and never the key itself', async () => {
    const { code, stdout } = await cli('list');
    expect(code).toBe(0);
    for (const key of Object.values(keys)) {
      expect(stdout).toContain(key.slice(0, 11));
      expect(stdout).not.toContain(key.slice(11));
    }
    expect(stdout).toMatch(/^prefix\s+email\s+created\s+last used\s+status$/m);
    expect(stdout.match(/ active$/gm)).toHaveLength(3);
  });

  it('lists the keys of one address, matched without regard to case', async () => {
    const { code, stdout } = await cli('list', '--email', 'ADA@example.com');
    expect(code).toBe(0);
    expect(stdout).toContain(keys.ada1?.slice(0, 11));
    expect(stdout).toContain(keys.ada2?.slice(0, 11));
    expect(stdout).not.toContain('bob@example.org');
  });

  it('revokes a key by its prefix, after which it gets 401 while other keys keep working', async () => {
    const prefix = keys.bob?.slice(0, 11) ?? '';
    const { code, stdout } = await cli('revoke', prefix);
    expect(code).toBe(0);
    expect(stdout).toBe(`Revoked ${prefix} (bob@example.org).\n`);
    await withServer(async (harness) => {
      const refused = await harness.callProtected({ authorization: `Bearer ${keys.bob}` });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { code: string }).code).toBe('AUTH_KEY_REVOKED');
      expect((await harness.callProtected({ authorization: `Bearer ${keys.ada1}` })).status).toBe(200);
    });
    const listed = await cli('list', '--email', 'bob@example.org');
    expect(listed.stdout).toMatch(/ revoked \d{4}-\d\d-\d\d \d\d:\d\dZ$/m);
    const again = await cli('revoke', prefix);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('was already revoked');
  });

  it('fails with exit code 1 for an unknown prefix and 2 for a malformed one', async () => {
    const unknown = await cli('revoke', 'sd_00000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no API key has the prefix sd_00000000');
    const malformed = await cli('revoke', 'ada@example.com');
    expect(malformed.code).toBe(2);
    expect((await cli('frobnicate')).code).toBe(2);
  });
});
