import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createLicenceKey } from '../accounts/licence-key.js';
import { linkLicence, listLinkedLicences, unlinkLicence, type LinkLicenceResult } from '../accounts/account-store.js';
import { parseEmailAddress } from '../auth/email-address.js';
import { CliError, type CliCommand, type CliIo } from './cli-io.js';
import { formatTable } from './format-table.js';
import { openCliStore } from './open-cli-store.js';

type StoreSettings = { dataDir?: string };

/** `quire licences`: links organisation licence keys to accounts, lists, unlinks and creates them. */
export const licencesCommand: CliCommand = {
  summary: 'Link licence keys to organisations, list, remove or create them',
  usage: [
    'Usage: quire licences add KEY --email ADDRESS [--name NAME] [--data-dir DIR]',
    '       quire licences create --email ADDRESS --name NAME [--data-dir DIR]',
    '       quire licences list [--data-dir DIR]',
    '       quire licences remove KEY [--data-dir DIR]',
    '',
    'add     links KEY to the account of ADDRESS (or the account KEY already belongs to, adding ADDRESS),',
    '        or to a new account named NAME (default: the address\'s domain). --name renames the account.',
    'create  makes a new licence key lk_<name>_<17 random characters>, links it like add and prints it.',
    'list    prints every linked key with its account and member addresses.',
    'remove  unlinks KEY; an account left without keys is closed, and its members read nothing more.',
    'Members sign in to GET /dashboard with a code sent to their address, and their API keys read the',
    'account\'s usage through GET /v1/usage. The community key is never linked. Uses DATABASE_URL when',
    'set, otherwise the embedded store in QUIRE_DATA_DIR (stop `quire serve` first in that case).',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { email: { type: 'string' }, name: { type: 'string' }, 'data-dir': { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    const [action, ...rest] = positionals;
    const settings: StoreSettings = values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] };
    const name = values.name?.trim();
    if (name !== undefined && (name.length === 0 || name.length > 200)) throw new CliError('--name: expected 1 to 200 characters', 2);
    if (action === 'add' && rest.length === 1) return addLicence(settings, readKey(rest[0]!), readEmail(values.email), name, io);
    if (action === 'create' && rest.length === 0) {
      if (name === undefined) throw new CliError('create needs --name (it becomes part of the key)', 2);
      return addLicence(settings, createLicenceKey(name, (n) => new Uint8Array(randomBytes(n))), readEmail(values.email), name, io, true);
    }
    if (action === 'list' && rest.length === 0) return listLicences(settings, io);
    if (action === 'remove' && rest.length === 1) return removeLicence(settings, readKey(rest[0]!), io);
    throw new CliError(`expected "add KEY", "create", "list" or "remove KEY"\n\n${licencesCommand.usage}`, 2);
  },
};

function readKey(key: string): string {
  // The same rule as the collector's X-License-Key: printable ASCII, at most 256 characters.
  if (!/^[\x21-\x7E]{1,256}$/.test(key)) throw new CliError(`expected a licence key of 1 to 256 printable ASCII characters without spaces, got "${key}"`, 2);
  return key;
}

function readEmail(email: string | undefined): string {
  if (email === undefined) throw new CliError('--email is required', 2);
  const parsed = parseEmailAddress(email);
  if (!parsed.ok) throw new CliError(`--email: ${parsed.reason}`, 2);
  return parsed.value.canonical;
}

async function addLicence(settings: StoreSettings, key: string, email: string, name: string | undefined, io: CliIo, created = false): Promise<number> {
  const store = await openCliStore(settings, io.env);
  try {
    const result: LinkLicenceResult = await linkLicence(store.db, { licenseKey: key, email, name, now: new Date() });
    if (result.status === 'community_key') throw new CliError(`${key} is the community key, which no organisation owns`);
    if (result.status === 'conflict') throw new CliError(`${result.reason}; nothing was changed`);
    if (created) {
      io.stdout(`${key}\n\nThe new licence key of ${result.account.name}. Put it in the editor's options (licenseKey); it is public,\nso it may appear in web pages. Licence keys are not secret: quire licences list shows it again.\n`);
      return 0;
    }
    const account = result.createdAccount ? `new account ${result.account.name}` : `account ${result.account.name}`;
    io.stdout(`Linked ${key} to ${account}${result.addedMember ? `, with ${email} as a member` : ''}.\nIts keys: ${result.account.licenseKeys.join(', ')}\n`);
    return 0;
  } finally {
    await store.close();
  }
}

async function listLicences(settings: StoreSettings, io: CliIo): Promise<number> {
  const store = await openCliStore(settings, io.env);
  try {
    const licences = await listLinkedLicences(store.db);
    if (licences.length === 0) {
      io.stdout('No licence key is linked to an account.\n');
      return 0;
    }
    io.stdout(
      formatTable(
        ['licence key', 'account', 'members', 'linked'],
        licences.map((licence) => [licence.licenseKey, licence.accountName, licence.emails.join(' '), `${licence.linkedAt.toISOString().slice(0, 16).replace('T', ' ')}Z`]),
      ),
    );
    return 0;
  } finally {
    await store.close();
  }
}

async function removeLicence(settings: StoreSettings, key: string, io: CliIo): Promise<number> {
  const store = await openCliStore(settings, io.env);
  try {
    const result = await unlinkLicence(store.db, key);
    if (result.status === 'not_found') throw new CliError(`${key} is not linked to any account`);
    io.stdout(`Unlinked ${key} from ${result.accountName}.${result.accountClosed ? ` ${result.accountName} had no other key and is closed.` : ''}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
