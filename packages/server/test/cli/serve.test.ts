import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/open-database.js';
import { watchTreePeak } from '../../../../test/support/process-tree-memory.js';
import { prepareTestStore, type TestStoreSettings } from '../../../../test/support/test-stores.js';
import { buildReport } from '../server-harness.js';
import { sendRawPieces } from '../node/raw-http.js';
import { bundleCli, recordOutput, type CliBundle } from './cli-process.js';

describe('quire serve', () => {
  let store: TestStoreSettings;
  let cli: CliBundle;
  let bundle: string;
  beforeAll(async () => {
    store = await prepareTestStore('pglite');
    cli = await bundleCli('cli-test');
    bundle = cli.path;
  });
  afterAll(async () => {
    await store.dispose();
    await cli.remove();
  });

  it('finishes an in-flight request after SIGTERM, refuses new connections, then exits 0', async () => {
    const child = spawn(process.execPath, [bundle, 'serve', '--port', '0', '--data-dir', store.dataDir], {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'silent' },
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const waitForOutput = recordOutput(child);
    const [, url] = await waitForOutput(/listening on (http:\/\/\S+)/);
    expect((await waitForOutput(/mail:\s+DEVELOPMENT MODE.*outbox/))[0]).toContain(join(store.dataDir, 'outbox'));

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
    await waitForOutput(/SIGTERM: shutting down/);
    await expect(fetch(`${url}/v1/health`)).rejects.toThrow();
    inFlight.end(body.slice(40));

    expect(await answered).toBe(202);
    expect(await exited).toBe(0);
    const reopened = await openDatabase({ databaseUrl: undefined, dataDir: store.dataDir });
    const rows = await reopened.db.selectFrom('collect_events').select('document_id').where('license_key', '=', 'org-sigterm').execute();
    await reopened.close();
    expect(rows).toEqual([{ document_id: 'e'.repeat(64) }]);
    // A real process starting PGlite (PostgreSQL built to WebAssembly) gets more than the default time.
  }, 60_000);

  it('starts on an empty data folder in under 450 MB, the server and its child processes together, and stores reports there', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'quire-first-start-'));
    try {
      const child = spawn(process.execPath, [bundle, 'serve', '--port', '0', '--data-dir', dataDir], {
        env: { PATH: process.env.PATH, LOG_LEVEL: 'silent' },
      });
      const tree = watchTreePeak(child.pid!);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const [, url] = await recordOutput(child)(/listening on (http:\/\/\S+)/);
      tree.stop();

      // Before the prepared data folder, initdb took the two processes to about 710 MB; now about 380 MB.
      expect(tree.peakKb / 1024).toBeLessThan(450);
      expect((await fetch(`${url}/v1/health`)).status).toBe(200);
      const stored = await fetch(`${url}/v1/collect`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-license-key': 'org-first-start' },
        body: JSON.stringify(buildReport(['f'.repeat(64)])),
      });
      expect(stored.status).toBe(202);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const reopened = await openDatabase({ databaseUrl: undefined, dataDir });
      const rows = await reopened.db.selectFrom('collect_events').select('document_id').where('license_key', '=', 'org-first-start').execute();
      await reopened.close();
      expect(rows).toEqual([{ document_id: 'f'.repeat(64) }]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('answers 408 to a body silent for QUIRE_BODY_IDLE_TIMEOUT_SECONDS, and logs that limit at start', async () => {
    const child = spawn(process.execPath, [bundle, 'serve', '--port', '0', '--data-dir', store.dataDir], {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'info', QUIRE_BODY_IDLE_TIMEOUT_SECONDS: '1' },
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const waitForOutput = recordOutput(child);
    expect((await waitForOutput(/"msg":"quire server configured"/)).input).toContain('"bodyIdleTimeoutSeconds":1');
    const [, url] = await waitForOutput(/listening on (http:\/\/\S+)/);

    const head = 'POST /v1/collect HTTP/1.1\r\nHost: quire.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const answer = await sendRawPieces(url!, [head, '{"libraryVersion":'], 0);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'REQUEST_TIMEOUT' });

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The default silence is 30 s: well past this test's limit, so only the variable can cut it.
  }, 25_000);

  it('exits 1 saying the port is in use, without logging "ready", when another process holds the port', async () => {
    const holder = createTcpServer();
    holder.listen(0, '127.0.0.1');
    await once(holder, 'listening');
    const { port } = holder.address() as AddressInfo;
    try {
      const child = spawn(process.execPath, [bundle, 'serve', '--port', String(port), '--data-dir', store.dataDir], {
        env: { PATH: process.env.PATH, LOG_LEVEL: 'info' },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const [code] = (await once(child, 'close')) as [number | null];

      expect(code).toBe(1);
      expect(stderr).toBe(`quire serve: port ${port} on 127.0.0.1 is already in use (another quire serve?): stop that process or choose another port with --port or PORT\n`);
      expect(stdout).toContain('quire server configured');
      expect(stdout).not.toContain('ready');
      expect(stdout).not.toContain('listening on');
    } finally {
      holder.close();
    }
  }, 60_000);
});
