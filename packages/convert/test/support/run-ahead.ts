/** A {@link createRunAhead} queue: the result of each key, started when asked for or a little before. */
export interface RunAhead<T> {
  /** Returns the result of `key`, starting it and the next `width - 1` keys in order if not yet started. */
  get(key: string): Promise<T>;
}

/**
 * Returns a queue that runs `start` for `keys` in their order, at most `width` at a time when each
 * result is awaited before the next one is asked for (as tests of one file do): asking for a key
 * starts it and the `width - 1` keys after it, so work stays ahead of the checks without queueing
 * everything at once. A rejection is kept for the caller that asks for its key.
 */
export function createRunAhead<T>(keys: readonly string[], start: (key: string) => Promise<T>, width: number): RunAhead<T> {
  const started = new Map<string, Promise<T>>();
  const ensure = (key: string): Promise<T> => {
    let result = started.get(key);
    if (!result) {
      result = start(key);
      // Reported by whoever awaits it, not as an unhandled rejection before that.
      result.catch(() => undefined);
      started.set(key, result);
    }
    return result;
  };
  return {
    get(key) {
      const at = keys.indexOf(key);
      if (at === -1) throw new Error(`createRunAhead: unknown key ${key}`);
      const result = ensure(key);
      for (const next of keys.slice(at + 1, at + width)) void ensure(next);
      return result;
    },
  };
}
