import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/store/open-database.js';
import { prepareTestStore, type TestStoreSettings } from '../../support/test-stores.js';
import { buildReport } from '../server-harness.js';

// The CLI is bundled next to node_modules so that its package imports resolve as in a real install.
const bundleDir = join(process.cwd(), 'node_modules', '.cache', `quire-cli-test-${process.pid}`);
const bundle = join(bundleDir, 'cli.mjs');

function waitForOutput(child: ChildProcessWithoutNullStreams, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = pattern.exec(text);
      if (match !== null) {
        child.stdout.off('data', onData);
        resolve(match);
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`quire serve exited (${code}) before printing ${pattern}: ${text}`)));
  });
}

describe('quire serve', () => {
  let store: TestStoreSettings;
  beforeAll(async () => {
    store = await prepareTestStore('pglite');
    await mkdir(bundleDir, { recursive: true });
    await build({
      entryPoints: ['src/server/cli/main.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outfile: bundle,
      logLevel: 'silent',
    });
  });
  afterAll(async () => {
    await store.dispose();
    await rm(bundleDir, { recursive: true, force: true });
  });

  it('finishes an in-flight request after SIGTERM, refuses new connections, then exits 0', async () => {
    const child = spawn(process.execPath, [bundle, 'serve', '--port', '0', '--data-dir', store.dataDir], {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'silent' },
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const [, url] = await waitForOutput(child, /listening on (http:\/\/\S+)/);
    expect((await waitForOutput(child, /mail:\s+DEVELOPMENT MODE.*outbox/))[0]).toContain(join(store.dataDir, 'outbox'));

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify(buildReport(['e'.repeat(64)]));
    const inFlight = httpRequest(`${url}/v1/collect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-license-key': 'org-sigterm', 'transfer-encoding': 'chunked' },
    });
    const answered = new Promise<number | undefined>((resolve, reject) => {
      inFlight.once('response', (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      inFlight.once('error', reject);
    });
    inFlight.write(body.slice(0, 40));
    await new Promise((resolve) => setTimeout(resolve, 200));

    child.kill('SIGTERM');
    await waitForOutput(child, /SIGTERM: shutting down/);
    await expect(fetch(`${url}/v1/health`)).rejects.toThrow();
    inFlight.end(body.slice(40));

    expect(await answered).toBe(202);
    expect(await exited).toBe(0);
    const reopened = await openDatabase({ databaseUrl: undefined, dataDir: store.dataDir });
    const rows = await reopened.db.selectFrom('collect_events').select('document_id').where('license_key', '=', 'org-sigterm').execute();
    await reopened.close();
    expect(rows).toEqual([{ document_id: 'e'.repeat(64) }]);
    // A real process starting PGlite (a WebAssembly build of PostgreSQL): on a loaded 2-core CI
    // machine (other suites running beside it) the whole run once exceeded 30 s, so this test gets
    // more than the default time.
  }, 120_000);
});
