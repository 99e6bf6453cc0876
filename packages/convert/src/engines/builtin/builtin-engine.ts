import { ConversionError } from '../../conversion-error.js';
import { OUTPUT_CONTENT_TYPES, type ConversionEngine, type ConversionRequest, type ConversionResult } from '../../engine.js';
import { isBuiltinPair } from './builtin-pairs.js';
import { normalizeBuiltinOptions, type BuiltinEngineOptions } from './normalize-builtin-options.js';
import { startBuiltinWorker } from './start-builtin-worker.js';
import { createWorkerPool } from './worker-pool.js';

/** The built-in engine, with the thread ids of its workers for monitoring. */
export interface BuiltinEngine extends ConversionEngine {
  readonly name: 'builtin';
  /** Thread ids of the running workers by slot; undefined before first use and after a worker was stopped. */
  readonly threadIds: readonly (number | undefined)[];
}

/**
 * Returns the engine that needs nothing but `npm install`: Quire's readers and writers, run in a
 * small pool of worker threads (started on first use, stopped after `idleTimeoutMs` without work)
 * so the calling thread stays responsive.
 * It converts Markdown, HTML and DOCX to PDF, Markdown and HTML to DOCX, and passes DOCX through
 * to DOCX with its identity metadata completed. Throws a `QuireOptionsError` for invalid options.
 */
export function createBuiltinEngine(options: BuiltinEngineOptions = {}): BuiltinEngine {
  const settings = normalizeBuiltinOptions(options);
  const pool = createWorkerPool({
    size: settings.poolSize,
    maxQueueLength: settings.maxQueueLength,
    maxHeapMb: settings.maxHeapMb,
    idleTimeoutMs: settings.idleTimeoutMs,
    startWorker: () => startBuiltinWorker({ maxHeapMb: settings.maxHeapMb, ...(settings.workerUrl ? { script: settings.workerUrl } : {}) }),
  });

  return {
    name: 'builtin',
    get threadIds() {
      return pool.threadIds;
    },
    supports: isBuiltinPair,
    async convert(input: Uint8Array, request: ConversionRequest): Promise<ConversionResult> {
      if (!isBuiltinPair(request.from, request.to)) {
        throw new ConversionError('CONVERT_UNSUPPORTED_PAIR', `The built-in engine does not convert ${request.from} to ${request.to}.`, {
          engine: 'builtin',
        });
      }
      const output = await pool.run(
        { input, from: request.from, to: request.to, ...(request.paperSize ? { paperSize: request.paperSize } : {}), ...(request.markup ? { markup: request.markup } : {}) },
        { timeoutMs: request.timeoutMs ?? settings.timeoutMs, maxQueueWaitMs: request.maxQueueWaitMs ?? settings.maxQueueWaitMs, ...(request.signal ? { signal: request.signal } : {}) },
      );
      return { bytes: output.bytes, contentType: OUTPUT_CONTENT_TYPES[request.to], warnings: output.warnings };
    },
    close: () => pool.close(),
  };
}
