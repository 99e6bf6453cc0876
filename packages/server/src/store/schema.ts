import type { AccountTables } from './tables/accounts.js';
import type { AuthTables } from './tables/auth.js';
import type { CollectionTables } from './tables/collection.js';
import type { RoomTables } from './tables/rooms.js';
import type { SettingsTables } from './tables/settings.js';
import type { UsageTables } from './tables/usage.js';
import type { UsageCounterTables } from './tables/usage-counters.js';

/** The Kysely schema of the server store: every feature's tables combined. */
export interface Database extends SettingsTables, CollectionTables, UsageTables, UsageCounterTables, AuthTables, AccountTables, RoomTables {}
