import type { ConvertLimits } from './convert-limits.js';

/** A request's place in the {@link ConversionGate}. */
export interface GateTicket {
  /** Resolves when one of the conversion slots is this request's; rejects with the signal's reason when aborted first. */
  start(signal?: AbortSignal): Promise<void>;
  /** Gives back the slot or the place in the queue, and the key's share. Safe to call more than once. */
  release(): void;
}

/** The answer of {@link ConversionGate.admit}: a ticket, or which limit refused the request. */
export type Admission = { ok: true; ticket: GateTicket } | { ok: false; limit: 'key' | 'queue' };

/** Bounds conversions per key and overall; see {@link createConversionGate}. */
export interface ConversionGate {
  /** Admits a request of `key` unless the key or the whole server is at its limit. Never waits. */
  admit(key: string): Admission;
  /** Requests converting now and requests admitted but waiting, for monitoring and tests. */
  readonly load: { active: number; waiting: number };
}

/**
 * Returns a gate that admits at most `maxConcurrentPerKey` requests per key and at most
 * `maxConcurrent + maxQueued` requests overall; admitted requests start converting in arrival
 * order, `maxConcurrent` at a time.
 */
export function createConversionGate(limits: Pick<ConvertLimits, 'maxConcurrentPerKey' | 'maxConcurrent' | 'maxQueued'>): ConversionGate {
  const perKey = new Map<string, number>();
  const queue: Array<() => void> = [];
  let active = 0;
  let waiting = 0;

  const handOver = (): void => {
    while (active < limits.maxConcurrent && queue.length > 0) {
      active += 1;
      waiting -= 1;
      queue.shift()!();
    }
  };

  return {
    get load() {
      return { active, waiting };
    },
    admit(key) {
      const held = perKey.get(key) ?? 0;
      if (held >= limits.maxConcurrentPerKey) return { ok: false, limit: 'key' };
      if (active + waiting >= limits.maxConcurrent + limits.maxQueued) return { ok: false, limit: 'queue' };
      perKey.set(key, held + 1);
      waiting += 1;
      let state: 'waiting' | 'queued' | 'active' | 'released' = 'waiting';
      let entry: (() => void) | undefined;
      let stopWaiting: ((reason: unknown) => void) | undefined;
      const leaveQueue = (): void => {
        const at = entry ? queue.indexOf(entry) : -1;
        if (at !== -1) queue.splice(at, 1);
      };
      return {
        ok: true,
        ticket: {
          start(signal) {
            if (state !== 'waiting') return Promise.reject(new Error('GateTicket.start may be called once, before release.'));
            if (signal?.aborted) return Promise.reject(signal.reason);
            state = 'queued';
            return new Promise<void>((resolve, reject) => {
              const onAbort = () => stopWaiting?.(signal?.reason);
              stopWaiting = (reason) => {
                signal?.removeEventListener('abort', onAbort);
                leaveQueue();
                if (state === 'queued') state = 'waiting';
                reject(reason);
              };
              entry = () => {
                signal?.removeEventListener('abort', onAbort);
                state = 'active';
                resolve();
              };
              signal?.addEventListener('abort', onAbort, { once: true });
              queue.push(entry);
              handOver();
            });
          },
          release() {
            if (state === 'released') return;
            if (state === 'active') active -= 1;
            else waiting -= 1;
            if (state === 'queued') stopWaiting?.(new Error('The gate ticket was released while waiting.'));
            state = 'released';
            const left = (perKey.get(key) ?? 1) - 1;
            if (left === 0) perKey.delete(key);
            else perKey.set(key, left);
            handOver();
          },
        },
      };
    },
  };
}
