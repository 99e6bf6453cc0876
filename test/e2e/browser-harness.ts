// What the Chromium tests and the editor bench share: a static server for the repository and the
// Debian Chromium launched headless.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** The repository root, which {@link serveRepository} serves. */
export const repositoryRoot = resolve(import.meta.dirname, '../..');

/** Flags for a quiet, reproducible headless Chromium that contacts no Google service. */
export const chromiumArgs: readonly string[] = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run',
];

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** A static HTTP server on 127.0.0.1 with the port it was given. */
export interface StaticServer {
  readonly port: number;
  /** `http://127.0.0.1:port`, without a trailing slash. */
  readonly origin: string;
  close(): Promise<void>;
}

/**
 * Serves the repository read-only (examples, dist, fixtures, node_modules) on a free port of
 * 127.0.0.1, like any static host would. `headers` are added to every HTML answer (for example a
 * Content-Security-Policy).
 */
export function serveRepository(headers: Record<string, string> = {}): Promise<StaticServer> {
  return serveFolder(repositoryRoot, headers);
}

/** Serves the folder `root` read-only on a free port of 127.0.0.1, as {@link serveRepository} serves the repository. */
export function serveFolder(root: string, headers: Record<string, string> = {}): Promise<StaticServer> {
  const server: Server = createServer((request, response) => {
    const path = resolve(root, `.${decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)}`);
    if (!path.startsWith(root)) return void response.writeHead(403).end();
    readFile(path).then(
      (body) => {
        const type = contentTypes[extname(path)] ?? 'application/octet-stream';
        response.writeHead(200, { 'content-type': type, ...(type.startsWith('text/html') ? headers : {}) }).end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => {
    const port = (server.address() as AddressInfo).port;
    done({
      port,
      origin: `http://127.0.0.1:${port}`,
      close: () => new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
    });
  }));
}

/** Launches /usr/bin/chromium headless with {@link chromiumArgs} plus `extraArgs`. */
export function launchChromium(extraArgs: readonly string[] = [], env?: Readonly<Record<string, string>>): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: [...chromiumArgs, ...extraArgs], ...(env ? { env: { ...process.env, ...env } } : {}) });
}
