import type { ServerDeps } from '../deps.js';
import { purgeExpiredEvents } from './purge-expired-events.js';

const purgeIntervalMs = 60 * 60 * 1000;
const firstPurgeDelayMs = 30 * 1000;

/** A running retention purge. */
export interface RetentionPurge {
  /** Cancels future runs. */
  stop(): void;
  /** Resolves when a run in progress (if any) has finished. */
  stopped(): Promise<void>;
}

/**
 * Starts the periodic purge of raw events older than `config.retentionDays`: shortly after start,
 * then hourly. Timers are unref'd so they never keep the process alive; failures are logged.
 */
export function startRetentionPurge(deps: ServerDeps): RetentionPurge {
  let running: Promise<void> = Promise.resolve();
  const runOnce = (): void => {
    running = purgeExpiredEvents(deps.db, deps.now(), deps.config.retentionDays).then(
      (count) => {
        if (count > 0) deps.logger.info({ count, retentionDays: deps.config.retentionDays }, 'purged expired telemetry events');
      },
      (error: unknown) => deps.logger.error({ err: error }, 'retention purge failed'),
    );
  };
  const first = setTimeout(runOnce, firstPurgeDelayMs);
  const interval = setInterval(runOnce, purgeIntervalMs);
  first.unref?.();
  interval.unref?.();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(interval);
    },
    stopped: () => running,
  };
}
