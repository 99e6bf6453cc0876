import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { prepareTestStore, storeKinds, type TestStoreSettings } from '../../../../test/support/test-stores.js';
import { recordingIo } from './cli-harness.js';

describe.each(storeKinds)('quire licences on %s', (kind) => {
  let settings: TestStoreSettings;

  async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const io = recordingIo({ QUIRE_DATA_DIR: settings.dataDir, ...(settings.databaseUrl === undefined ? {} : { DATABASE_URL: settings.databaseUrl }) });
    const code = await runCli(['licences', ...args], io);
    return { code, stdout: io.out.join(''), stderr: io.err.join('') };
  }

  beforeAll(async () => {
    settings = await prepareTestStore(kind);
  });
  afterAll(async () => {
    await settings?.dispose();
  });

  it('links a licence key to a new account named after the address, then adds a second address and renames it', async () => {
    const first = await cli('add', 'lk_acme_1', '--email', 'Owner@ACME.test');
    const second = await cli('add', 'lk_acme_1', '--email', 'finance@acme.test', '--name', 'Acme Ltd');

    expect(first).toMatchObject({ code: 0, stdout: 'Linked lk_acme_1 to new account acme.test, with owner@acme.test as a member.\nIts keys: lk_acme_1\n' });
    expect(second.stdout).toBe('Linked lk_acme_1 to account Acme Ltd, with finance@acme.test as a member.\nIts keys: lk_acme_1\n');
  });

  it('creates an organisation key that says what it is, links it, and prints it', async () => {
    const { code, stdout } = await cli('create', '--email', 'owner@acme.test', '--name', 'Acme Ltd');
    const key = stdout.split('\n')[0]!;

    expect(code).toBe(0);
    expect(key).toMatch(/^lk_acme-ltd_[0-9A-Za-z]{17}$/);
    expect((await cli('list')).stdout).toContain(key);
  });

  it('lists every linked key with its account and member addresses', async () => {
    const { stdout } = await cli('list');
    const row = stdout.split('\n').find((line) => line.startsWith('lk_acme_1'))!;

    expect(stdout.split('\n')[0]).toMatch(/^licence key +account +members +linked$/);
    expect(row).toMatch(/^lk_acme_1 +Acme Ltd +finance@acme\.test owner@acme\.test +\d{4}-\d\d-\d\d \d\d:\d\dZ$/);
  });

  it('never links the community key, nor a key and an address of two different accounts', async () => {
    await cli('add', 'lk_globex_1', '--email', 'boss@globex.test', '--name', 'Globex');
    const community = await cli('add', 'community-and-eval-agplv3', '--email', 'owner@acme.test');
    const crossing = await cli('add', 'lk_globex_1', '--email', 'owner@acme.test');

    expect([community.code, community.stderr]).toEqual([1, 'quire licences: community-and-eval-agplv3 is the community key, which no organisation owns\n']);
    expect([crossing.code, crossing.stderr]).toEqual([1, 'quire licences: owner@acme.test belongs to another account than lk_globex_1; nothing was changed\n']);
  });

  it('unlinks a key and closes an account left without keys', async () => {
    const removed = await cli('remove', 'lk_globex_1');
    const again = await cli('remove', 'lk_globex_1');

    expect(removed.stdout).toBe('Unlinked lk_globex_1 from Globex. Globex had no other key and is closed.\n');
    expect([again.code, again.stderr]).toEqual([1, 'quire licences: lk_globex_1 is not linked to any account\n']);
    expect((await cli('list')).stdout).not.toContain('boss@globex.test');
  });

  it('explains its usage for a missing action or address', async () => {
    expect((await cli('add', 'lk_x')).code).toBe(2);
    expect((await cli('create', '--email', 'a@b.test')).stderr).toContain('create needs --name');
    expect((await cli('frobnicate')).stderr).toContain('Usage: quire licences add KEY');
  });
});
