// Route Quire's telemetry through your own server: the page posts to this relay (same
// origin, so no third-party request leaves the browser) and the relay forwards the
// unchanged report to the collector. Run: QUIRE_COLLECTOR_URL=http://localhost:8787/v1/collect node relay.mjs
// then open http://localhost:8080/ (the page is configured with `telemetry: { endpoint: '/telemetry' }`).
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';

const collector = process.env.QUIRE_COLLECTOR_URL ?? 'http://localhost:8787/v1/collect';
const port = Number(process.env.PORT ?? 8080);
const maxBytes = 64 * 1024;

// The page and the library, served from the same origin as the relay.
const files = {
  '/': ['index.html', 'text/html; charset=utf-8'],
  '/quire.min.js': ['../../packages/quire/dist/quire.min.js', 'text/javascript; charset=utf-8'],
};

createServer(async (request, response) => {
  const file = request.method === 'GET' ? files[request.url] : undefined;
  if (file) {
    const body = await readFile(new URL(file[0], import.meta.url));
    return void response.writeHead(200, { 'Content-Type': file[1] }).end(body);
  }
  if (request.method !== 'POST' || request.url !== '/telemetry') {
    return void response.writeHead(404).end();
  }
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > maxBytes) return void response.writeHead(413).end();
    chunks.push(chunk);
  }
  // Answer the browser at once; the report is fire-and-forget on its side too.
  response.writeHead(202).end();
  try {
    await fetch(collector, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-License-Key': request.headers['x-license-key'] ?? 'community-and-eval-agplv3',
      },
      body: Buffer.concat(chunks),
    });
  } catch (error) {
    console.error(`relay: could not reach ${collector}: ${error.message}`);
  }
}).listen(port, () => console.log(`relay on http://localhost:${port}/telemetry -> ${collector}`));
