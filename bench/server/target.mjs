// A server for the collection benchmark, run in its own process so that autocannon (in the
// parent) and the server do not share an event loop. `node target.mjs ceiling|quire`:
// - ceiling: bare node:http that reads the body, parses the JSON and answers 202, storing nothing;
// - quire: the built `quire/server` (dist) on @hono/node-server, with the store from the environment.
// Prints `READY <url>` once listening; exits on SIGTERM after closing the server.
import { createServer as createHttpServer } from 'node:http';

const mode = process.argv[2];

if (mode === 'ceiling') {
  const server = createHttpServer((request, response) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size <= 64 * 1024) chunks.push(chunk);
    });
    request.on('end', () => {
      try {
        const report = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const body = JSON.stringify({ accepted: report.events.length });
        response.writeHead(202, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        response.end(body);
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  server.listen(0, '127.0.0.1', () => console.log(`READY http://127.0.0.1:${server.address().port}`));
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
} else if (mode === 'quire') {
  const { createServer } = await import(new URL('../../packages/server/dist/esm/index.js', import.meta.url).href);
  const { serve } = await import('@hono/node-server');
  const quire = await createServer({ host: '127.0.0.1', port: 0 });
  const http = serve({ fetch: (request, env) => quire.fetch(request, { remoteAddress: env.incoming.socket.remoteAddress }), port: 0, hostname: '127.0.0.1' });
  http.once('listening', () => console.log(`READY http://127.0.0.1:${http.address().port}`));
  process.once('SIGTERM', () => http.close(async () => {
    await quire.close();
    process.exit(0);
  }));
} else {
  console.error('usage: node target.mjs ceiling|quire');
  process.exit(2);
}
