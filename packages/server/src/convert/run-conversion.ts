import { ConversionError, isConversionError, convert, type ConvertResult, type EngineRegistry, type Env, type InputFormat, type OutputFormat } from '@quire/convert';
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
}

/** What {@link runConversion} runs with. */
export interface RunConversionOptions {
  engines: EngineRegistry;
  /** Holds `QUIRE_ENGINE`. */
  env: Env;
  timeoutMs: number;
  maxInputBytes: number;
  retryAfterSeconds: number;
  /** Aborts the conversion (the client went away). */
  signal: AbortSignal;
  /** Told of every conversion with its engine, formats, outcome and duration. */
  metrics: Pick<ServerMetrics, 'conversionFinished'>;
}

/**
 * Converts an upload with the engine `selectEngine` picks, stopped after `timeoutMs` even when
 * the engine overlooks its own limit. Throws an `ApiError` carrying the `ConversionError`'s code
 * and message (the catalogue maps each to its status), with `Retry-After` on `CONVERT_BUSY`;
 * rethrows the signal's reason when the client went away. Reports the conversion to `metrics`.
 */
export async function runConversion(job: ConversionJob, options: RunConversionOptions): Promise<ConvertResult> {
  const startedAt = performance.now();
  let engine = 'unknown';
  const report = (outcome: string): void => {
    options.metrics.conversionFinished({ engine, from: job.from, to: job.to, outcome, seconds: (performance.now() - startedAt) / 1000 });
  };
  const deadline = new AbortController();
  const timer = setTimeout(() => {
    deadline.abort(new ConversionError('CONVERT_TIMEOUT', `The conversion did not finish within ${options.timeoutMs} ms.`));
  }, options.timeoutMs);
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
        signal,
        timeoutMs: options.timeoutMs,
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
