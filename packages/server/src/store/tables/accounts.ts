import type { ColumnType, Generated } from 'kysely';

/** An organisation: its name, its members (addresses) and its licence keys. */
export interface AccountsTable {
  id: Generated<number>;
  name: string;
  created_at: ColumnType<Date, Date, never>;
}

/** An address that may read its account's usage; canonical (lower-case), in one account at most. */
export interface AccountMembersTable {
  email: string;
  account_id: number;
  added_at: ColumnType<Date, Date, never>;
}

/** A licence key owned by an account; the community key is never one. */
export interface AccountLicencesTable {
  license_key: string;
  account_id: number;
  linked_at: ColumnType<Date, Date, never>;
}

/** A dashboard session: only the SHA-256 of its token is stored, with a display prefix for logs. */
export interface DashboardSessionsTable {
  token_hash: string;
  prefix: string;
  email: string;
  /** The API key the session was opened with, or null for a session opened with an e-mailed code. */
  api_key_id: number | null;
  created_at: ColumnType<Date, Date, never>;
  expires_at: ColumnType<Date, Date, never>;
}

/** The tables of the accounts feature and its dashboard. */
export interface AccountTables {
  accounts: AccountsTable;
  account_members: AccountMembersTable;
  account_licences: AccountLicencesTable;
  dashboard_sessions: DashboardSessionsTable;
}
