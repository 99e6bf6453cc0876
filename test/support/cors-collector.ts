// A stand-in for the telemetry collector of `quire serve` on loopback, for browser tests that only
// need reports to arrive: it answers CORS preflights and reports as the collector does, and
// records each request, without a database.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the collector received. */
export interface CollectorRequest {
  readonly method: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

export interface CorsCollector {
  /** `http://127.0.0.1:port/v1/collect`. */
  readonly url: string;
  /** Every request so far, preflights included, in order. */
  readonly requests: CollectorRequest[];
  close(): Promise<void>;
}

/** Starts the collector on a free port of 127.0.0.1; it answers 204 to preflights (cached for 2 hours, as `quire serve` allows) and 202 to the rest. */
export async function startCorsCollector(): Promise<CorsCollector> {
  const requests: CollectorRequest[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', headers: request.headers, body });
      response.writeHead(request.method === 'OPTIONS' ? 204 : 202, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'content-type, x-license-key',
        'access-control-max-age': '7200',
      }).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/collect`,
    requests,
    close: () => new Promise((closed) => {
      server.closeAllConnections();
      server.close(() => closed());
    }),
  };
}
