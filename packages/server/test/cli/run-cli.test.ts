import { readFile } from 'node:fs/promises';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { createServer } from '../../src/create-server.js';
import { prepareTestStore, storeKinds, type TestStoreSettings } from '../../../../test/support/test-stores.js';
import { buildReport, postReport } from '../server-harness.js';
import { recordingIo } from './cli-harness.js';

describe('runCli', () => {
  it('lists the commands for help and for no command', async () => {
    for (const argv of [[], ['help'], ['--help']]) {
      const io = recordingIo();
      expect(await runCli(argv, io)).toBe(0);
      expect(io.out.join('')).toMatch(/Usage: quire <command>[\s\S]*serve[\s\S]*usage[\s\S]*migrate/);
    }
  });

  it('prints the package version for --version, -V and version', async () => {
    const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    for (const argv of [['--version'], ['-V'], ['version']]) {
      const io = recordingIo();
      expect(await runCli(argv, io)).toBe(0);
      expect(io.out.join('')).toBe(`quire ${version}\n`);
    }
  });

  it('prints a command\'s usage for "help <command>" and "<command> --help"', async () => {
    const viaHelp = recordingIo();
    const viaFlag = recordingIo();
    await runCli(['help', 'usage'], viaHelp);
    await runCli(['usage', '--help'], viaFlag);

    expect(viaHelp.out.join('')).toContain('Usage: quire usage [--month YYYY-MM] [--license KEY]');
    expect(viaFlag.out).toEqual(viaHelp.out);
  });

  it('exits 2 on an unknown command or option, with a message and no stack', async () => {
    const unknown = recordingIo();
    expect(await runCli(['frobnicate'], unknown)).toBe(2);
    expect(unknown.err.join('')).toContain('unknown command "frobnicate"');

    const badOption = recordingIo();
    expect(await runCli(['usage', '--colour'], badOption)).toBe(2);
    expect(badOption.err.join('')).toMatch(/^quire usage: .*--colour/);
    expect(badOption.err.join('')).not.toMatch(/\n\s+at /);
  });

  it('exits 2 on a malformed month', async () => {
    const io = recordingIo();
    expect(await runCli(['usage', '--month', '2026-1'], io)).toBe(2);
    expect(io.err.join('')).toBe('quire usage: --month: expected YYYY-MM, got "2026-1"\n');
  });

  it('exits 1 with the variable named when the environment is invalid', async () => {
    const io = recordingIo({ DATABASE_URL: 'mysql://nope' });
    expect(await runCli(['migrate'], io)).toBe(1);
    expect(io.err.join('')).toMatch(/^quire migrate: DATABASE_URL: expected a postgres:\/\//);
  });
});

describe.each(storeKinds)('quire usage and quire migrate on %s', (kind) => {
  let store: TestStoreSettings;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    store = await prepareTestStore(kind);
    env = { QUIRE_DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl };
    let now = new Date('2026-02-03T10:00:00.000Z');
    const server = await createServer({ env, now: () => now, logger: pino({ level: 'silent' }) });
    const send = (licenseKey: string, ids: string[]) =>
      server.fetch(new Request('http://quire.test/v1/collect', postReport(buildReport(ids), { 'x-license-key': licenseKey })));
    await send('org-alpha', ['a1', 'a2']);
    await send('org-alpha', ['a1']);
    now = new Date('2026-02-05T10:00:00.000Z');
    await send('org-alpha', ['a3']);
    await send('org-beta', ['b1']);
    await server.close();
  });
  afterAll(() => store.dispose());

  it('prints one row per license key for the month', async () => {
    const io = recordingIo(env);
    expect(await runCli(['usage', '--month', '2026-02'], io)).toBe(0);

    expect(io.out.join('')).toBe(
      [
        'Usage in 2026-02',
        '',
        'license key  billable documents  opens',
        '-----------  ------------------  -----',
        'org-alpha                     3      4',
        'org-beta                      1      1',
        '',
      ].join('\n'),
    );
  });

  it('prints billable documents and opens per month and license key with usage summary', async () => {
    const io = recordingIo(env);
    expect(await runCli(['usage', 'summary', '--from', '2026-01', '--to', '2026-02'], io)).toBe(0);

    expect(io.out.join('')).toBe(
      [
        'Usage from 2026-01 to 2026-02',
        '',
        'month    license key  billable documents  opens',
        '-------  -----------  ------------------  -----',
        '2026-01  org-alpha                     0      0',
        '2026-01  org-beta                      0      0',
        '2026-02  org-alpha                     3      4',
        '2026-02  org-beta                      1      1',
        '',
      ].join('\n'),
    );
  });

  it('refuses a summary over more than 24 months', async () => {
    const io = recordingIo(env);
    expect(await runCli(['usage', 'summary', '--from', '2024-01', '--to', '2026-02'], io)).toBe(2);
    expect(io.err.join('')).toBe('quire usage: --from and --to: expected 1 to 24 months, from before to\n');
  });

  it('prints the totals and per-day series of one license key', async () => {
    const io = recordingIo(env);
    expect(await runCli(['usage', '--month', '2026-02', '--license', 'org-alpha'], io)).toBe(0);

    expect(io.out.join('')).toBe(
      [
        'License key:        org-alpha',
        'Month:              2026-02',
        'Billable documents: 3',
        'Opens:              4',
        '',
        'date        new documents  opens',
        '----------  -------------  -----',
        '2026-02-03              2      3',
        '2026-02-05              1      1',
        '',
      ].join('\n'),
    );
  });

  it('says so when a month has no usage', async () => {
    const io = recordingIo(env);
    expect(await runCli(['usage', '--month', '2020-01'], io)).toBe(0);
    expect(io.out.join('')).toBe('No usage recorded in 2020-01.\n');
  });

  it('reports an up-to-date store on migrate', async () => {
    const io = recordingIo(env);
    expect(await runCli(['migrate'], io)).toBe(0);
    expect(io.out.join('')).toBe('The store is up to date.\n');
  });
});

describe('quire usage and quire keys while quire serve holds the embedded store', () => {
  it('exits 1 with advice instead of corrupting the store: the HTTP API for usage, stopping the server for keys', async () => {
    const store = await prepareTestStore('pglite');
    const server = await createServer({ env: {}, dataDir: store.dataDir, logger: pino({ level: 'silent' }) });
    const io = recordingIo({ QUIRE_DATA_DIR: store.dataDir });

    expect(await runCli(['usage'], io)).toBe(1);
    expect(io.err.join('')).toMatch(/^quire usage: The data folder .* is in use by another Quire process/);
    expect(io.err.join('')).toContain('\nWhile the server runs, read the same figures from it: GET /v1/usage?month=YYYY-MM');

    const keys = recordingIo({ QUIRE_DATA_DIR: store.dataDir });
    expect(await runCli(['keys', 'list'], keys)).toBe(1);
    expect(keys.err.join('')).toMatch(/^quire keys: The data folder .* is in use[\s\S]*\nKeys are listed and revoked only here: stop the server for a moment, or use PostgreSQL/);
    await server.close();
    await store.dispose();
  });
});

describe('quire migrate on a new store', () => {
  it('lists each migration it applied', async () => {
    const store = await prepareTestStore('postgres');
    const io = recordingIo({ DATABASE_URL: store.databaseUrl, QUIRE_DATA_DIR: store.dataDir });

    expect(await runCli(['migrate'], io)).toBe(0);
    expect(io.out.join('')).toMatch(/^applied 0001-collection\n(applied \S+\n)+$/);
    await store.dispose();
  });
});

describe('quire migrate with an unreachable PostgreSQL', () => {
  it('exits 1 naming DATABASE_URL, without a stack', async () => {
    const io = recordingIo({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });

    expect(await runCli(['migrate'], io)).toBe(1);
    expect(io.err.join('')).toMatch(/^quire migrate: Cannot connect to DATABASE_URL: /);
    expect(io.err.join('')).not.toMatch(/\n\s+at /);
  });
});
