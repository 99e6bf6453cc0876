import { parseMessage } from '../../../../test/support/smtp-sink.js';

/** The decoded plain-text and HTML parts of a `multipart/alternative` message. */
export interface MailAlternatives {
  text: string;
  html: string;
}

/** Splits a raw `multipart/alternative` message (RFC 2046 section 5.1) into its text and HTML parts. */
export function readAlternatives(raw: string): MailAlternatives {
  const { headers } = parseMessage(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  if (boundary === undefined || !headers.get('content-type')?.startsWith('multipart/alternative')) {
    throw new Error(`not a multipart/alternative message: ${headers.get('content-type')}`);
  }
  const parts = raw
    .replace(/\r\n/g, '\n')
    .split(`\n--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => parseMessage(part.replace(/^\n/, '')));
  const partOf = (type: string) => {
    const part = parts.find((candidate) => candidate.headers.get('content-type')?.startsWith(type));
    if (part === undefined) throw new Error(`no ${type} part`);
    return part.text;
  };
  return { text: partOf('text/plain'), html: partOf('text/html') };
}
