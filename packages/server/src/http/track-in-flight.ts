/** Counts running requests so shutdown can wait for them. */
export interface InFlightTracker {
  /** Runs `handle`, counting it as in flight until its promise settles. */
  run<T>(handle: () => Promise<T> | T): Promise<T>;
  /** Resolves when no request is in flight. */
  drain(): Promise<void>;
}

/** Returns a tracker of in-flight requests for graceful shutdown. */
export function trackInFlight(): InFlightTracker {
  let count = 0;
  let waiters: Array<() => void> = [];
  return {
    async run(handle) {
      count += 1;
      try {
        return await handle();
      } finally {
        count -= 1;
        if (count === 0) {
          for (const wake of waiters) wake();
          waiters = [];
        }
      }
    },
    drain() {
      if (count === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
