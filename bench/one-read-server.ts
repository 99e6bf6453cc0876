// A DOCX to DOCX conversion through the server (POST /v1/convert, in-process, the built-in engine's
// worker thread) of a 24 MB upload, which reads the upload's zip once, in the worker, against the
// same conversion with the two main-thread checks of before in front of it: the route and
// convert() each checked the upload with checkDeclaredFormat, which opens the zip (its directory,
// [Content_Types].xml and two relationship parts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { checkDeclaredFormat, createEngines, resolveInputFormat } from '../packages/convert/src/index.js';
import { createServer } from '../packages/server/src/index.js';
import { buildMultipart } from '../packages/server/test/convert/multipart.js';
import { ratioOfMedians } from '../test/support/ratio-of-medians.js';
import { largeDocx } from './support/large-docx.js';
import { measure } from './support/measure.js';
import { formatMs, formatRatio, printTable } from './support/table.js';

const sizeMb = 24;

/** Prints the server's DOCX to DOCX conversion of a 24 MB upload, one read against three, and the main thread's part of it. */
export async function runServerOneRead(): Promise<void> {
  // A Google Docs export without identity metadata: the conversion writes it, as a first upload would.
  const upload = largeDocx('superdoc-gdocs-tracked-changes.docx', sizeMb);
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-one-read-'));
  const engines = createEngines({ env: {}, libreoffice: false, gotenberg: false });
  const codes = new Map<string, string>();
  const quire = await createServer({
    dataDir,
    env: {},
    engines,
    logger: pino({ level: 'silent' }),
    mailer: { send: async (message) => void codes.set(message.to, /\b(\d{6})\b/.exec(message.text)?.[1] ?? '') },
  });
  try {
    const apiKey = await issueKey(quire.fetch, codes);
    const form = buildMultipart([{ name: 'file', fileName: 'large.docx', content: upload }]);
    const convertOnce = async () => {
      const response = await quire.fetch(
        new Request('http://quire.test/v1/convert?from=docx&to=docx', {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': form.contentType },
          body: form.body,
        }),
      );
      if (response.status !== 200) throw new Error(`convert answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    };
    const checkedTwiceBefore = async () => {
      for (const check of [checkDeclaredFormat(upload, 'docx'), checkDeclaredFormat(upload, 'docx')]) if (!(await check).ok) throw new Error('the upload is no DOCX');
    };
    const resolvedTwiceNow = async () => {
      for (const check of [resolveInputFormat(upload, { from: 'docx' }), resolveInputFormat(upload, { from: 'docx' })]) if (!(await check).ok) throw new Error('the upload is no DOCX');
    };
    const threeReads = async () => {
      await checkedTwiceBefore();
      await convertOnce();
    };
    await convertOnce();
    const times = await measure(
      {
        'server, one read': convertOnce,
        'server, three reads (before)': threeReads,
        'main thread now': resolvedTwiceNow,
        'main thread before': checkedTwiceBefore,
      },
      { timeMs: 3_000, iterations: 10 },
    );
    // The same comparison with the two sides alternated, so that a busy spell slows both.
    const alternated = await ratioOfMedians(threeReads, convertOnce, { rounds: 11 });
    const t = (name: string) => times[name]?.medianMs ?? Number.NaN;
    printTable(
      ['server DOCX to DOCX (in-process request, built-in engine)', 'one read median', 'three reads median (before)', 'one read faster by'],
      [
        [`POST /v1/convert of a ${sizeMb} MB DOCX`, formatMs(t('server, one read')), formatMs(t('server, three reads (before)')), `${formatRatio(t('server, three reads (before)'), t('server, one read'))} (alternated: ${alternated.toFixed(2)}x)`],
        ["the main thread's format checks (route and convert())", formatMs(t('main thread now')), formatMs(t('main thread before')), formatRatio(t('main thread before'), t('main thread now'))],
      ],
    );
  } finally {
    await quire.close();
    await engines.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// Registers an address and verifies it with the mailed code, as a client gets its key.
async function issueKey(fetch: (request: Request) => Promise<Response>, codes: Map<string, string>): Promise<string> {
  const email = 'bench@example.com';
  const registered = await fetch(new Request(`http://quire.test/v1/auth/register?email=${encodeURIComponent(email)}`));
  if (registered.status !== 200) throw new Error(`register answered ${registered.status}`);
  const verified = await fetch(new Request(`http://quire.test/v1/auth/verify?email=${encodeURIComponent(email)}&code=${codes.get(email)}`));
  const body = (await verified.json()) as { apiKey?: string };
  if (!body.apiKey) throw new Error(`verify answered ${verified.status}`);
  return body.apiKey;
}
