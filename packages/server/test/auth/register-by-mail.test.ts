import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type QuireServer } from '../../src/create-server.js';
import { parseMessage, startSmtpSink, type SmtpSink } from '../../../../test/support/smtp-sink.js';
import { openHarnessStore, type HarnessStore } from './auth-harness.js';

const silentLogger = pino({ level: 'silent' });

// One embedded store for the file: both servers below use distinct addresses.
let store: HarnessStore;
beforeAll(async () => {
  store = await openHarnessStore('pglite');
});
afterAll(async () => {
  await store?.close();
});

async function getJson(server: QuireServer, path: string, headers: Record<string, string> = {}) {
  const response = await server.fetch(new Request(`http://quire.test${path}`, { headers }), { remoteAddress: '127.0.0.1' });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function readCode(text: string): string {
  const code = /^ {4}(\d{6})$/m.exec(text)?.[1];
  if (code === undefined) throw new Error(`no code in mail text: ${text}`);
  return code;
}

describe('getting a key by e-mail over real SMTP (SMTP_URL)', () => {
  let sink: SmtpSink;
  let server: QuireServer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await createServer({
      env: { SMTP_URL: sink.url, MAIL_FROM: 'Quire <keys@quire.test>' },
      store: { db: store.db, kind: store.kind },
      logger: silentLogger,
    });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('delivers the code to the address, and the code from the received mail yields a working key', async () => {
    const registered = await getJson(server, '/v1/auth/register?email=grace%40Example.org');
    expect(registered.status).toBe(200);

    const mail = await sink.takeMessageTo('grace@example.org');
    expect(mail.from).toBe('keys@quire.test');
    expect(mail.headers.get('to')).toBe('grace@example.org');
    expect(mail.headers.get('subject')).toBe('Your Quire verification code');
    const code = readCode(mail.text);

    const verified = await getJson(server, `/v1/auth/verify?email=grace%40example.org&code=${code}`);
    expect(verified.status).toBe(200);
    const apiKey = verified.body.apiKey as string;
    expect(apiKey).toMatch(/^sd_/);

    const revoked = await server.fetch(
      new Request('http://quire.test/v1/auth/key', { method: 'DELETE', headers: { authorization: `Bearer ${apiKey}` } }),
      { remoteAddress: '127.0.0.1' },
    );
    expect(revoked.status).toBe(204);
  });

  it('reads the code from a quoted-printable body as well', () => {
    const raw = 'Subject: x\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nYour code is:\r\n\r\n    123=\r\n456 =3D done\r\n';
    const { text } = parseMessage(raw);
    expect(text).toContain('    123456 = done');
  });
});

describe('getting a key in development mode (no SMTP_URL)', () => {
  let dataDir: string;
  let server: QuireServer;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'quire-dev-mail-'));
    server = await createServer({ env: { QUIRE_DATA_DIR: dataDir }, store: { db: store.db, kind: store.kind }, logger: silentLogger });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes the mail as an .eml file in <data dir>/outbox, whose code yields a key', async () => {
    expect((await getJson(server, '/v1/auth/register?email=linus%40example.net')).status).toBe(200);
    const outbox = join(dataDir, 'outbox');
    const files = (await readdir(outbox)).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = parseMessage(await readFile(join(outbox, files[0] ?? ''), 'utf8'));
    expect(mail.headers.get('to')).toBe('linus@example.net');
    const verified = await getJson(server, `/v1/auth/verify?email=linus%40example.net&code=${readCode(mail.text)}`);
    expect(verified.status).toBe(200);
    expect(verified.body.apiKey).toMatch(/^sd_/);
  });
});
