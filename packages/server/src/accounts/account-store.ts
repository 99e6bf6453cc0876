import type { Kysely } from 'kysely';
import { COMMUNITY_LICENSE_KEY } from '../collect/collected-event.js';
import type { Database } from '../store/schema.js';

/** An account as its members see it: its name and the licence keys it owns, sorted. */
export interface Account {
  id: number;
  name: string;
  licenseKeys: string[];
}

/** One linked licence key, as `quire licences list` shows it. */
export interface LinkedLicence {
  licenseKey: string;
  accountName: string;
  /** The account's member addresses, sorted. */
  emails: string[];
  linkedAt: Date;
}

/** What {@link linkLicence} needs: the key, a canonical address, and the account name to set. */
export interface LinkLicenceInput {
  licenseKey: string;
  email: string;
  /** Names a new account, or renames the existing one; a new account without it is named after the address's domain. */
  name?: string | undefined;
  now: Date;
}

/** The outcome of {@link linkLicence}. */
export type LinkLicenceResult =
  | { status: 'linked'; account: Account; createdAccount: boolean; addedMember: boolean }
  | { status: 'community_key' }
  | { status: 'conflict'; reason: string };

/**
 * Links `licenseKey` and `email` to one account, in one transaction: to the account that already
 * holds either of them (adding the other), or to a new account when neither is known. Refuses the
 * community key, and a key and an address that belong to two different accounts.
 */
export async function linkLicence(db: Kysely<Database>, input: LinkLicenceInput): Promise<LinkLicenceResult> {
  if (input.licenseKey === COMMUNITY_LICENSE_KEY) return { status: 'community_key' };
  return db.transaction().execute(async (trx) => {
    const member = await trx.selectFrom('account_members').select('account_id').where('email', '=', input.email).forUpdate().executeTakeFirst();
    const licence = await trx.selectFrom('account_licences').select('account_id').where('license_key', '=', input.licenseKey).forUpdate().executeTakeFirst();
    if (member !== undefined && licence !== undefined && member.account_id !== licence.account_id) {
      return { status: 'conflict' as const, reason: `${input.email} belongs to another account than ${input.licenseKey}` };
    }
    let accountId = member?.account_id ?? licence?.account_id;
    const createdAccount = accountId === undefined;
    if (accountId === undefined) {
      const name = input.name ?? input.email.slice(input.email.lastIndexOf('@') + 1);
      accountId = (await trx.insertInto('accounts').values({ name, created_at: input.now }).returning('id').executeTakeFirstOrThrow()).id;
    } else if (input.name !== undefined) {
      await trx.updateTable('accounts').set({ name: input.name }).where('id', '=', accountId).execute();
    }
    if (member === undefined) await trx.insertInto('account_members').values({ email: input.email, account_id: accountId, added_at: input.now }).execute();
    if (licence === undefined) {
      await trx.insertInto('account_licences').values({ license_key: input.licenseKey, account_id: accountId, linked_at: input.now }).execute();
    }
    const account = await readAccount(trx, accountId);
    return { status: 'linked' as const, account: account!, createdAccount, addedMember: member === undefined };
  });
}

/** The outcome of {@link unlinkLicence}. */
export type UnlinkLicenceResult = { status: 'removed'; accountName: string; accountClosed: boolean } | { status: 'not_found' };

/**
 * Unlinks `licenseKey` from its account. An account left without licence keys is deleted with
 * its members, so that their keys and sessions read nothing any more.
 */
export async function unlinkLicence(db: Kysely<Database>, licenseKey: string): Promise<UnlinkLicenceResult> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('account_licences').where('license_key', '=', licenseKey).returning('account_id').executeTakeFirst();
    if (removed === undefined) return { status: 'not_found' as const };
    const account = await readAccount(trx, removed.account_id);
    const accountClosed = account!.licenseKeys.length === 0;
    if (accountClosed) await trx.deleteFrom('accounts').where('id', '=', removed.account_id).execute();
    return { status: 'removed' as const, accountName: account!.name, accountClosed };
  });
}

/** Returns every linked licence key with its account, sorted by account name, then key. */
export async function listLinkedLicences(db: Kysely<Database>): Promise<LinkedLicence[]> {
  const [licences, members] = await Promise.all([
    db
      .selectFrom('account_licences')
      .innerJoin('accounts', 'accounts.id', 'account_licences.account_id')
      .select(['account_licences.license_key', 'account_licences.account_id', 'account_licences.linked_at', 'accounts.name'])
      .orderBy('accounts.name')
      .orderBy('account_licences.license_key')
      .execute(),
    db.selectFrom('account_members').select(['email', 'account_id']).orderBy('email').execute(),
  ]);
  return licences.map((row) => ({
    licenseKey: row.license_key,
    accountName: row.name,
    emails: members.filter((member) => member.account_id === row.account_id).map((member) => member.email),
    linkedAt: new Date(row.linked_at),
  }));
}

/** Returns the account that `email` (canonical) is a member of, or undefined. */
export async function findAccountByEmail(db: Kysely<Database>, email: string): Promise<Account | undefined> {
  const member = await db.selectFrom('account_members').select('account_id').where('email', '=', email).executeTakeFirst();
  return member === undefined ? undefined : readAccount(db, member.account_id);
}

async function readAccount(db: Kysely<Database>, accountId: number): Promise<Account | undefined> {
  const account = await db.selectFrom('accounts').select(['id', 'name']).where('id', '=', accountId).executeTakeFirst();
  if (account === undefined) return undefined;
  const licences = await db.selectFrom('account_licences').select('license_key').where('account_id', '=', accountId).orderBy('license_key').execute();
  return { id: account.id, name: account.name, licenseKeys: licences.map((row) => row.license_key) };
}
