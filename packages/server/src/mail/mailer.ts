import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';

/** An e-mail as the server sends it: plain text, optionally with an HTML alternative. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same content as HTML; sent as `multipart/alternative` with `text`. */
  html?: string;
}

/** Sends e-mail; `send` resolves once the message was handed over (to SMTP or to the outbox). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

/** The part of a (pino) logger the mailer writes to. */
export interface MailerLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** Options of {@link createMailer}; without `smtpUrl` the mailer runs in development (outbox) mode. */
export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://...:465`; empty or absent selects the outbox. */
  smtpUrl?: string;
  /** The `From` address, e.g. `Quire <no-reply@example.com>`. */
  from: string;
  /** Folder that receives one `.eml` file per message in development mode. */
  outboxDir: string;
}

/**
 * Returns a mailer: a pooled nodemailer SMTP transport when `smtpUrl` is set, otherwise the
 * DEVELOPMENT outbox mailer that writes each message as an `.eml` file and logs its path and text.
 * Throws when `smtpUrl` is not an `smtp:` or `smtps:` URL.
 */
export function createMailer(options: MailerOptions, logger: MailerLogger): Mailer {
  const smtpUrl = options.smtpUrl?.trim();
  if (smtpUrl) return createSmtpMailer(smtpUrl, options.from);
  logger.warn(
    { outboxDir: options.outboxDir },
    'DEVELOPMENT MODE: no SMTP_URL configured, e-mails are written to the outbox folder and not delivered',
  );
  return createOutboxMailer(options.outboxDir, options.from, logger);
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  if (!/^smtps?:\/\//i.test(smtpUrl)) {
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  }
  const transport = createTransport({ url: smtpUrl, pool: true }, { from });
  return {
    async send(message) {
      await transport.sendMail(message);
    },
    async close() {
      transport.close();
    },
  };
}

function createOutboxMailer(outboxDir: string, from: string, logger: MailerLogger): Mailer {
  // The stream transport builds the same RFC 5322 message SMTP would carry, as a Buffer.
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const path = join(outboxDir, `${stamp}-${randomUUID()}.eml`);
      await writeFile(path, info.message as Buffer, { mode: 0o600 });
      // The outbox and this log line are the only delivery in development mode, so the text is included.
      logger.warn({ path, to: message.to, subject: message.subject, text: message.text }, 'DEVELOPMENT MODE: e-mail written to outbox, not sent');
    },
  };
}
