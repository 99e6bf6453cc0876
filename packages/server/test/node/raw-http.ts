import { connect } from 'node:net';

/** An HTTP/1.1 answer as it arrived on the socket. */
export interface RawAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes `request` on a new TCP connection to `url`'s host and port and resolves, once the server
 * closed the connection, to everything it answered, parsed. A reset after the answer (the server
 * closed with unread bytes) is part of closing, as it is for Node's own answers.
 */
export function sendRawRequest(url: string, request: string | Buffer): Promise<RawAnswer> {
  return sendRawPieces(url, [request], 0);
}

/**
 * Like {@link sendRawRequest}, but writes `pieces` one after the other, each `everyMs` after the
 * previous one was written (the first once connected), and stops writing once an answer arrives.
 */
export function sendRawPieces(url: string, pieces: ReadonlyArray<string | Buffer>, everyMs: number): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    const writeFrom = (index: number) => {
      if (index >= pieces.length || chunks.length > 0 || !socket.writable) return;
      socket.write(pieces[index]!, () => {
        timer = setTimeout(() => writeFrom(index + 1), everyMs);
      });
    };
    const socket = connect({ host: hostname, port: Number(port) }, () => writeFrom(0));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      if (text === '') reject(new Error('the server closed the connection without answering'));
      else resolve(parseAnswer(text));
    });
  });
}

function parseAnswer(text: string): RawAnswer {
  const headEnd = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = text.slice(0, headEnd).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(headEnd + 4) };
}
