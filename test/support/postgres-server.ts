import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A PostgreSQL server started for the test run. */
export interface ThrowawayPostgres {
  /** Superuser URL of the `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

/** Options of {@link startThrowawayPostgres}. */
export interface ThrowawayPostgresOptions {
  /** Keep PostgreSQL's crash-safe defaults (fsync, synchronous commit), as benchmarks need; default false. */
  durable?: boolean;
}

/**
 * Starts a throwaway PostgreSQL server from the Debian `postgresql` package (`initdb` in a temp
 * folder, `pg_ctl start` on 127.0.0.1 on a free port; `fsync=off` unless `durable`). As root it
 * runs the server as the `postgres` user. Throws with installation advice when none is installed.
 */
export async function startThrowawayPostgres(options: ThrowawayPostgresOptions = {}): Promise<ThrowawayPostgres> {
  const bin = await findPostgresBin();
  const asRoot = userInfo().uid === 0;
  const folder = await mkdtemp(join(tmpdir(), 'quire-pg-'));
  if (asRoot) await chown(folder, ...(await readPostgresIds()));
  const dataDir = join(folder, 'data');
  const port = await findFreePort();
  const exec = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args]) : run(join(bin, command), args);

  await exec('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  const serverOptions = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${folder}`,
    '-c max_connections=300',
    ...(options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ].join(' ');
  await exec('pg_ctl', ['start', '-D', dataDir, '-w', '-t', '60', '-l', join(folder, 'server.log'), '-o', serverOptions]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await exec('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']).catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

async function findPostgresBin(): Promise<string> {
  const root = '/usr/lib/postgresql';
  const versions = await readdir(root).catch(() => [] as string[]);
  const newest = versions.filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a))[0];
  if (newest === undefined) {
    throw new Error(
      'The store tests need PostgreSQL: install the Debian package postgresql (apt-get install postgresql), ' +
        'or set QUIRE_TEST_DATABASE_URL to a server where the user may CREATE DATABASE.',
    );
  }
  return join(root, newest, 'bin');
}

async function readPostgresIds(): Promise<[number, number]> {
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: group } = await run('id', ['-g', 'postgres']);
  return [Number(stdout.trim()), Number(group.trim())];
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
