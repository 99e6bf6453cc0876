import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type MailerLogger } from '../../src/mail/mailer.js';
import { parseMessage, startSmtpSink, type SmtpSink } from '../../../../test/support/smtp-sink.js';

function recordingLogger(): MailerLogger & { warnings: Array<{ details: object; message: string }> } {
  const warnings: Array<{ details: object; message: string }> = [];
  return { warnings, info: () => undefined, warn: (details, message) => warnings.push({ details, message }) };
}

describe('createMailer with SMTP_URL', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  it('delivers the message over SMTP with the configured sender, authenticating with the URL credentials', async () => {
    const logger = recordingLogger();
    const mailer = createMailer({ smtpUrl: sink.url, from: 'Quire <no-reply@quire.test>', outboxDir: '/nonexistent' }, logger);
    await mailer.send({ to: 'ada@example.com', subject: 'Hello', text: 'Line one\nLine two' });
    await mailer.close?.();
    const mail = await sink.takeMessageTo('ada@example.com');
    expect(mail.from).toBe('no-reply@quire.test');
    expect(mail.headers.get('subject')).toBe('Hello');
    expect(mail.headers.get('from')).toBe('Quire <no-reply@quire.test>');
    expect(mail.text.replace(/\r?\n$/, '')).toBe('Line one\nLine two');
    expect(logger.warnings).toEqual([]);
  });

  it('keeps non-ASCII text intact through the transfer encoding', async () => {
    const mailer = createMailer({ smtpUrl: sink.url, from: 'no-reply@quire.test', outboxDir: '/nonexistent' }, recordingLogger());
    const text = `Grüße – ${'é'.repeat(120)} = 100 %`;
    await mailer.send({ to: 'zoe@example.com', subject: 'Ünïcode', text });
    await mailer.close?.();
    const mail = await sink.takeMessageTo('zoe@example.com');
    expect(mail.text.trimEnd()).toBe(text);
  });

  it('rejects a non-SMTP URL at creation', () => {
    expect(() => createMailer({ smtpUrl: 'http://127.0.0.1:25', from: 'a@b.test', outboxDir: '/tmp' }, recordingLogger())).toThrow(/smtp:\/\//);
  });
});

describe('createMailer without SMTP (development outbox)', () => {
  let outboxDir: string;
  beforeAll(async () => {
    outboxDir = join(await mkdtemp(join(tmpdir(), 'quire-outbox-')), 'outbox');
  });
  afterAll(async () => {
    await rm(join(outboxDir, '..'), { recursive: true, force: true });
  });

  it('warns once at creation that mail is not delivered', () => {
    const logger = recordingLogger();
    createMailer({ from: 'no-reply@quire.test', outboxDir }, logger);
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]?.message).toMatch(/DEVELOPMENT MODE/);
  });

  it('writes each message as an .eml file in the outbox and logs its path and text', async () => {
    const logger = recordingLogger();
    const mailer = createMailer({ smtpUrl: '', from: 'Quire <no-reply@quire.test>', outboxDir }, logger);
    await mailer.send({ to: 'ada@example.com', subject: 'Your code', text: 'Code: 123456' });
    await mailer.send({ to: 'bob@example.com', subject: 'Your code', text: 'Code: 654321' });
    const files = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const paths = logger.warnings.slice(1).map((warning) => (warning.details as { path: string }).path);
    expect(paths.sort()).toEqual(files.map((name) => join(outboxDir, name)).sort());
    const messages = await Promise.all(files.map(async (name) => parseMessage(await readFile(join(outboxDir, name), 'utf8'))));
    expect(logger.warnings.slice(1).map((warning) => (warning.details as { text: string }).text).sort()).toEqual(['Code: 123456', 'Code: 654321']);
    const ada = messages.find((message) => message.headers.get('to') === 'ada@example.com');
    expect(ada?.text.trim()).toBe('Code: 123456');
    expect(ada?.headers.get('from')).toBe('Quire <no-reply@quire.test>');
  });
});
