import { ConversionError, isConversionError, convert, type ConvertResult, type EngineRegistry, type Env, type InputFormat, type OutputFormat, type ReviewMarkup } from '@quire/convert';
import { ApiError } from '../errors/api-error.js';
import type { ServerMetrics } from '../metrics/server-metrics.js';

/** One conversion of an upload whose format is known. */
export interface ConversionJob {
  bytes: Uint8Array;
  from: InputFormat;
  to: OutputFormat;
  fileName: string | undefined;
  /** BCP 47 locale choosing the default paper (see `ConvertOptions.locale`). */
  locale?: string | undefined;
  /** How a DOCX's tracked changes and comments are printed in a PDF (see `ConvertOptions.markup`); default `none`. */
  markup?: ReviewMarkup | undefined;
}

/** What {@link runConversion} runs with. */
export interface RunConversionOptions {
  engines: EngineRegistry;
  /** Holds `QUIRE_ENGINE`. */
  env: Env;
  /** Time limit of the conversion's work, from when the engine starts it. */
  timeoutMs: number;
  /** Longest the conversion may wait in the engine's queue before it starts (`CONVERT_BUSY` past it). */
  maxQueueWaitMs: number;
  maxInputBytes: number;
  retryAfterSeconds: number;
  /** Aborts the conversion (the client went away). */
  signal: AbortSignal;
  /** Told of every conversion with its engine, formats, outcome and duration. */
  metrics: Pick<ServerMetrics, 'conversionFinished'>;
  /**
   * The answer when the wait ran out in the engine's queue (`CONVERT_BUSY` with reason
   * `queue_wait`): the route's answer to a wait that ran out in its own queue, so both read alike.
   */
  waitedOut: () => ApiError;
}

/**
 * Converts an upload with the engine `selectEngine` picks. The engine counts `timeoutMs` from when
 * it starts the work and gives up a wait in its queue after `maxQueueWaitMs` (`CONVERT_BUSY`); an
 * engine that overlooks both is stopped after their sum regardless (`CONVERT_TIMEOUT`). Throws an `ApiError` carrying the `ConversionError`'s code
 * and message (the catalogue maps each to its status), with `Retry-After` on `CONVERT_BUSY`,
 * or `waitedOut()` when the engine says its queue wait ran out (not that its queue was full);
 * rethrows the signal's reason when the client went away. Reports the conversion to `metrics`.
 */
export async function runConversion(job: ConversionJob, options: RunConversionOptions): Promise<ConvertResult> {
  const startedAt = performance.now();
  let engine = 'unknown';
  const report = (outcome: string): void => {
    options.metrics.conversionFinished({ engine, from: job.from, to: job.to, outcome, seconds: (performance.now() - startedAt) / 1000 });
  };
  const deadline = new AbortController();
  // The engine may first queue the conversion, so the backstop allows for the wait as well as the work.
  const timer = setTimeout(() => {
    deadline.abort(new ConversionError('CONVERT_TIMEOUT', `The conversion did not finish within ${options.timeoutMs} ms.`));
  }, options.maxQueueWaitMs + options.timeoutMs);
  const signal = AbortSignal.any([deadline.signal, options.signal]);
  // An engine that overlooks its signal must not hold the request: the answer goes out regardless.
  const stopped = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
  stopped.catch(() => undefined);
  try {
    const conversion = convert(
      job.bytes,
      {
        from: job.from,
        to: job.to,
        ...(job.fileName === undefined ? {} : { fileName: job.fileName }),
        ...(job.locale === undefined ? {} : { locale: job.locale }),
        ...(job.markup === undefined ? {} : { markup: job.markup }),
        signal,
        timeoutMs: options.timeoutMs,
        maxQueueWaitMs: options.maxQueueWaitMs,
        maxInputBytes: options.maxInputBytes,
        env: options.env,
        onEngineSelected: (name) => {
          engine = name;
        },
      },
      options.engines,
    );
    // Once the deadline won, the engine's own late rejection has no one to tell.
    conversion.catch(() => undefined);
    const result = await Promise.race([conversion, stopped]);
    report('ok');
    return result;
  } catch (error) {
    if (engine === 'unknown' && isConversionError(error) && error.engine !== undefined) engine = error.engine;
    report(describeOutcome(error, options.signal));
    if (!isConversionError(error)) throw error;
    if (error.code === 'CONVERT_BUSY' && error.reason === 'queue_wait') throw options.waitedOut();
    const headers: Record<string, string> = error.code === 'CONVERT_BUSY' ? { 'retry-after': String(options.retryAfterSeconds) } : {};
    throw new ApiError(error.code, { message: error.message, headers });
  } finally {
    clearTimeout(timer);
  }
}

// Outcome labels are the conversion error codes without their prefix, so they stay few.
function describeOutcome(error: unknown, clientSignal: AbortSignal): string {
  if (isConversionError(error)) return error.code.replace(/^CONVERT_/, '').toLowerCase();
  return clientSignal.aborted ? 'aborted' : 'error';
}
