import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the loopback SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Map<string, string>;
  /** The decoded plain-text body (quoted-printable and base64 undone). */
  text: string;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
export interface SmtpSink {
  /** `smtp://user:pass@127.0.0.1:PORT` for `SMTP_URL`. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the next message to `to` (or one already received and not yet taken). */
  takeMessageTo(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const user = 'quire-test';
const password = 'loopback-only-password';

/** Starts an {@link SmtpSink} on a free loopback port, requiring the test credentials. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelopeFrom = session.envelope.mailFrom;
        messages.push({
          from: envelopeFrom === false ? '' : envelopeFrom.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          ...parseMessage(raw),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  async function takeMessageTo(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find((message) => !taken.has(message) && message.to.includes(to));
      if (found !== undefined) {
        taken.add(found);
        return found;
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    url: `smtp://${user}:${password}@127.0.0.1:${port}`,
    messages,
    takeMessageTo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Splits a single-part RFC 5322 message into unfolded headers and its decoded text body. */
export function parseMessage(raw: string): { headers: Map<string, string>; text: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = split === -1 ? normalized : normalized.slice(0, split);
  const body = split === -1 ? '' : normalized.slice(split + 2);
  const headers = new Map<string, string>();
  // RFC 5322 section 2.2.3: a line starting with white space continues the previous header.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  return { headers, text: decodeBody(body, encoding) };
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  // RFC 2045 section 6.7: "=" at a line end is a soft break; "=XX" is one octet.
  const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
