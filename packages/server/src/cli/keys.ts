import { parseArgs } from 'node:util';
import { parseEmailAddress } from '../auth/email-address.js';
import { listApiKeys, revokeApiKeyByPrefix, type ApiKeyRecord } from '../auth/key-store.js';
import { CliError, type CliCommand, type CliIo } from './cli-io.js';
import { formatTable } from './format-table.js';
import { openCliStore } from './open-cli-store.js';

const prefixPattern = /^sd_[0-9A-Za-z]{8}$/;

/** `quire keys`: lists issued API keys and revokes one by its display prefix. */
export const keysCommand: CliCommand = {
  summary: 'List API keys or revoke one by its prefix',
  usage: [
    'Usage: quire keys list [--email ADDRESS] [--data-dir DIR]',
    '       quire keys revoke PREFIX [--data-dir DIR]',
    '',
    'list    prints every key (newest first): prefix, address, created, last used, status.',
    'revoke  revokes the key whose display prefix (sd_ and 8 characters, as list shows it) is PREFIX;',
    '        it answers 401 from then on. Refuses when several active keys share the prefix.',
    'Keys themselves are never stored, so they cannot be shown. Uses DATABASE_URL when set, otherwise',
    'the embedded store in QUIRE_DATA_DIR (stop `quire serve` first in that case).',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { email: { type: 'string' }, 'data-dir': { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    const [action, ...rest] = positionals;
    const settings = values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] };
    if (action === 'list' && rest.length === 0) return listKeys(settings, values.email, io);
    if (action === 'revoke' && rest.length === 1 && values.email === undefined) return revokeKey(settings, rest[0] ?? '', io);
    throw new CliError(`expected "list" or "revoke PREFIX"\n\n${keysCommand.usage}`, 2);
  },
};

async function listKeys(settings: { dataDir?: string }, email: string | undefined, io: CliIo): Promise<number> {
  let canonical: string | undefined;
  if (email !== undefined) {
    const parsed = parseEmailAddress(email);
    if (!parsed.ok) throw new CliError(`--email: ${parsed.reason}`, 2);
    canonical = parsed.value.canonical;
  }
  const store = await openCliStore(settings, io.env);
  try {
    const keys = await listApiKeys(store.db, canonical === undefined ? {} : { email: canonical });
    if (keys.length === 0) {
      io.stdout(canonical === undefined ? 'No API keys have been issued.\n' : `No API keys for ${canonical}.\n`);
      return 0;
    }
    io.stdout(formatTable(['prefix', 'email', 'created', 'last used', 'status'], keys.map(formatRow)));
    return 0;
  } finally {
    await store.close();
  }
}

async function revokeKey(settings: { dataDir?: string }, prefix: string, io: CliIo): Promise<number> {
  if (!prefixPattern.test(prefix)) {
    throw new CliError(`expected a key prefix such as sd_4fT9q2Lx (sd_ and 8 letters or digits), got "${prefix}"`, 2);
  }
  const store = await openCliStore(settings, io.env);
  try {
    const result = await revokeApiKeyByPrefix(store.db, prefix, new Date());
    switch (result.status) {
      case 'revoked':
        io.stdout(`Revoked ${result.key.prefix} (${result.key.email}).\n`);
        return 0;
      case 'already_revoked':
        io.stdout(`${result.key.prefix} was already revoked at ${formatTime(result.key.revokedAt)}.\n`);
        return 0;
      case 'not_found':
        throw new CliError(`no API key has the prefix ${prefix}`);
      case 'ambiguous':
        throw new CliError(
          `${result.keys.length} active keys share the prefix ${prefix}; none was revoked:\n` +
            formatTable(['prefix', 'email', 'created', 'last used', 'status'], result.keys.map(formatRow)),
        );
    }
  } finally {
    await store.close();
  }
}

function formatRow(key: ApiKeyRecord): string[] {
  const status = key.revokedAt === null ? 'active' : `revoked ${formatTime(key.revokedAt)}`;
  return [key.prefix, key.email, formatTime(key.createdAt), formatTime(key.lastUsedAt), status];
}

function formatTime(date: Date | null): string {
  return date === null ? '-' : `${date.toISOString().slice(0, 16).replace('T', ' ')}Z`;
}
