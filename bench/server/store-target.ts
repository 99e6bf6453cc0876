// The storage bound of the collection benchmark: the ceiling's bare node:http handler (read the
// body, JSON.parse, answer 202) that also stores the report's events durably through Quire's own
// collection path (the group-commit writer and the batch statement), with no framework, no
// validation and no middleware. Quire cannot be faster than this on the same store; the distance
// between the two is the cost of Quire's HTTP layer. Run by bench/server with `node --import tsx`;
// store from DATABASE_URL, else PGlite in QUIRE_DATA_DIR. Prints `READY <url>`; exits on SIGTERM.
import { createServer as createHttpServer } from 'node:http';
import { flattenReport } from '../../packages/server/src/collect/collected-event.js';
import { createStoreCollectWriter } from '../../packages/server/src/collect/create-store-collect-writer.js';
import { migrateToLatest } from '../../packages/server/src/store/migrate.js';
import { openDatabase } from '../../packages/server/src/store/open-database.js';

const store = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.QUIRE_DATA_DIR! });
await migrateToLatest(store.db);
const writer = createStoreCollectWriter(store);

const server = createHttpServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const report = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const events = flattenReport(report, { receivedAt: new Date(), licenseKey: request.headers['x-license-key'] as string | undefined, origin: request.headers.origin });
    writer.write(events).then(
      () => {
        response.writeHead(202, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        response.end(JSON.stringify({ accepted: events.length }));
      },
      () => response.writeHead(503).end(),
    );
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`READY http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`);
});
process.once('SIGTERM', () => {
  server.close(() => {
    void writer
      .close()
      .then(() => store.close())
      .then(() => process.exit(0));
  });
});
