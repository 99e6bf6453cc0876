import { parseArgs } from 'node:util';
import { normalizeServerOptions } from '../config/normalize-server-options.js';
import { createRoomToken } from '../rooms/room-token.js';
import { lifetimeSeconds } from '../rooms/token-lifetime.js';
import { isRoomName } from '../rooms/room-name.js';
import { loadOrCreateServerSecret } from '../store/server-secret.js';
import { CliError, type CliCommand, type CliIo } from './cli-io.js';
import { openCliStore } from './open-cli-store.js';

/** `quire rooms token`: mints a room token with the secret the server uses. */
export const roomsCommand: CliCommand = {
  summary: 'Mint a room token for editing together (rooms token --room NAME --user NAME)',
  usage: [
    'Usage: quire rooms token --room NAME --user NAME [--color CSS] [--read-only] [--expires 1h] [--issuer NAME] [--data-dir DIR]',
    '',
    'Prints a signed token that admits the user to the room on /v1/rooms/NAME until it expires',
    '(--expires: seconds, or a number with s, m, h or d; default 1h). --read-only lets the user follow',
    'the document and be seen, never edit it. The secret is QUIRE_SECRET when set, otherwise the one the',
    'server keeps in its store (DATABASE_URL, or the embedded store in QUIRE_DATA_DIR, which `quire serve`',
    'holds while it runs: set QUIRE_SECRET to mint tokens next to a running embedded server).',
    'The format is in docs/collaboration.md: any backend can mint tokens with the same secret.',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: {
        room: { type: 'string' },
        user: { type: 'string' },
        color: { type: 'string' },
        'read-only': { type: 'boolean', default: false },
        expires: { type: 'string', default: '1h' },
        issuer: { type: 'string' },
        'data-dir': { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length !== 1 || positionals[0] !== 'token') throw new CliError(`expected "token"\n\n${roomsCommand.usage}`, 2);
    if (values.room === undefined || !isRoomName(values.room)) throw new CliError('--room: expected 1 to 128 letters, digits, ".", "_" or "-"', 2);
    if (values.user === undefined || values.user.length === 0 || values.user.length > 100) throw new CliError('--user: expected a name of 1 to 100 characters', 2);
    if (lifetimeSeconds(values.expires) === undefined) throw new CliError(`--expires: expected seconds or a number with s, m, h or d (30m, 1h, 7d), got "${values.expires}"`, 2);
    const secret = await readServerSecret(values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] }, io);
    const token = createRoomToken({
      secret,
      room: values.room,
      user: values.color === undefined ? { name: values.user } : { name: values.user, color: values.color },
      access: values['read-only'] ? 'read' : 'write',
      expiresIn: values.expires as `${number}h`,
      ...(values.issuer === undefined ? {} : { issuer: values.issuer }),
    });
    io.stdout(`${token}\n`);
    return 0;
  },
};

async function readServerSecret(settings: { dataDir?: string }, io: CliIo): Promise<string> {
  const configured = normalizeServerOptions(settings, io.env).secret;
  if (configured !== undefined) return configured;
  const store = await openCliStore(settings, io.env);
  try {
    // Creating it here when missing is what the server would do at its first start: both then agree.
    return await loadOrCreateServerSecret(store.db, (length) => crypto.getRandomValues(new Uint8Array(length)));
  } finally {
    await store.close();
  }
}
