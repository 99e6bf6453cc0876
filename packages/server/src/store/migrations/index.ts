import type { Migration } from 'kysely';
import * as collection from './0001-collection.js';
import * as auth from './0002-auth.js';
import * as serverSettings from './0003-server-settings.js';
import * as dailyOpens from './0004-daily-opens.js';
import * as accounts from './0005-accounts.js';
import * as usageCounters from './0006-usage-counters.js';
import * as dashboardSessions from './0007-dashboard-sessions.js';
import * as roomUpdates from './0008-room-updates.js';

/**
 * Every migration, keyed by name; Kysely applies them in name order and records each one, so a
 * name is never changed once released. Add one line per new migration file.
 */
export const migrations: Record<string, Migration> = {
  '0001-collection': collection,
  '0002-auth': auth,
  '0003-server-settings': serverSettings,
  '0004-daily-opens': dailyOpens,
  '0005-accounts': accounts,
  '0006-usage-counters': usageCounters,
  '0007-dashboard-sessions': dashboardSessions,
  '0008-room-updates': roomUpdates,
};
