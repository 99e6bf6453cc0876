import type { GateTicket } from './conversion-gate.js';

/** How a {@link waitForSlot} ended: the slot is this request's, with what is left of the longest wait; or the wait ran out. */
export type SlotWait = { started: true; msLeft: number } | { started: false };

/** What {@link waitForSlot} waits with. */
export interface WaitForSlotOptions {
  /** Longest wait in milliseconds. */
  maxWaitMs: number;
  /** The client went away: stop waiting. */
  signal: AbortSignal;
  /** Milliseconds on a monotonic clock; default `performance.now`. */
  now?: () => number;
}

/**
 * Waits at most `maxWaitMs` for the ticket's conversion slot. Resolves with the time left of that
 * wait (at least 1 ms), which the conversion may still spend in the engine's own queue, or with
 * `{ started: false }` once the wait ran out (the ticket no longer waits; release it as always).
 * Rejects with the signal's reason when the client went away first.
 */
export async function waitForSlot(ticket: GateTicket, options: WaitForSlotOptions): Promise<SlotWait> {
  const now = options.now ?? (() => performance.now());
  const startedAt = now();
  const expiry = new AbortController();
  const timer = setTimeout(() => expiry.abort(), options.maxWaitMs);
  try {
    await ticket.start(AbortSignal.any([options.signal, expiry.signal]));
  } catch (error) {
    if (expiry.signal.aborted && !options.signal.aborted) return { started: false };
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { started: true, msLeft: Math.max(1, Math.ceil(options.maxWaitMs - (now() - startedAt))) };
}
