/** Why a LibreOffice process of the pool was stopped. */
export type OfficeStopReason = 'timeout' | 'abort' | 'recycle' | 'crash' | 'close' | 'start-failed';

/**
 * What the LibreOffice pool reports to its `onEvent` observer (for logs and tests): processes
 * started and stopped, and conversions started and finished, each with the worker index and the
 * soffice process id.
 */
export type OfficePoolEvent =
  | { type: 'worker-started'; worker: number; pid: number; ms: number }
  | { type: 'worker-stopped'; worker: number; pid: number; reason: OfficeStopReason }
  | { type: 'job-started'; worker: number; pid: number; job: number }
  | {
      type: 'job-finished';
      worker: number;
      pid: number;
      job: number;
      ms: number;
      outcome: 'ok' | 'failed' | 'timeout' | 'crash' | 'aborted';
    };
