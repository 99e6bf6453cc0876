import { tmpdir } from 'node:os';
import { QuireOptionsError } from 'quire/telemetry';
import { MAX_TIMER_MS, readIntegerOption, readOptionalIntegerOption } from '../read-integer-option.js';
import type { Env } from '../../engine.js';
import type { OfficePoolEvent } from './office-pool-event.js';

/** Options of `createLibreOfficeEngine`. Every one has a default. */
export interface LibreOfficeEngineOptions {
  /** Path of `soffice`; default `$QUIRE_SOFFICE`, then `soffice` on `PATH`, then usual install locations. */
  sofficePath?: string;
  /** A Python that can `import uno`; default `$QUIRE_LIBREOFFICE_PYTHON`, LibreOffice's own Python, then `python3`. */
  pythonPath?: string;
  /** Number of LibreOffice processes; default 1. */
  poolSize?: number;
  /** A process is restarted after this many conversions; default 200. */
  maxConversionsPerProcess?: number;
  /** Default time limit of one conversion in milliseconds, from when a process takes it (not counting the wait in the queue); default 60 000. */
  timeoutMs?: number;
  /** How long a LibreOffice process may take to start, in milliseconds; default 30 000. */
  startTimeoutMs?: number;
  /** Conversions waiting for a free process beyond this many get `CONVERT_BUSY`; default 100. */
  maxQueueLength?: number;
  /** Default longest wait of a conversion for a free process, in milliseconds; past it `CONVERT_BUSY` (never started); default no limit. */
  maxQueueWaitMs?: number;
  /** Folder under which the engine makes its work folder (profiles, job files); default the OS temp folder. */
  workDir?: string;
  /** Environment to find programs in and pass `PATH`, `LANG`, `LC_ALL`, `TZ` from; default `process.env`. */
  env?: Env;
  /** Observer of process and conversion events, for logs and tests. */
  onEvent?: (event: OfficePoolEvent) => void;
}

/** {@link LibreOfficeEngineOptions} with every default filled in. */
export interface NormalizedLibreOfficeOptions {
  sofficePath: string | undefined;
  pythonPath: string | undefined;
  poolSize: number;
  maxConversionsPerProcess: number;
  timeoutMs: number;
  startTimeoutMs: number;
  maxQueueLength: number;
  maxQueueWaitMs: number | undefined;
  workDir: string;
  env: Env;
  onEvent: (event: OfficePoolEvent) => void;
}

/**
 * Returns the options with defaults filled in. Throws a `QuireOptionsError` naming the option
 * when a value has the wrong type or range.
 */
export function normalizeLibreOfficeOptions(options: LibreOfficeEngineOptions = {}): NormalizedLibreOfficeOptions {
  if (typeof options !== 'object' || options === null) {
    throw new QuireOptionsError('libreoffice', 'must be an object.');
  }
  return {
    sofficePath: readPath(options.sofficePath, 'libreoffice.sofficePath'),
    pythonPath: readPath(options.pythonPath, 'libreoffice.pythonPath'),
    poolSize: readIntegerOption(options.poolSize, 'libreoffice.poolSize', 1, 1, 64),
    maxConversionsPerProcess: readIntegerOption(options.maxConversionsPerProcess, 'libreoffice.maxConversionsPerProcess', 200, 1, 1_000_000),
    timeoutMs: readIntegerOption(options.timeoutMs, 'libreoffice.timeoutMs', 60_000, 1, 3_600_000),
    startTimeoutMs: readIntegerOption(options.startTimeoutMs, 'libreoffice.startTimeoutMs', 30_000, 1000, 600_000),
    maxQueueLength: readIntegerOption(options.maxQueueLength, 'libreoffice.maxQueueLength', 100, 0, 1_000_000),
    maxQueueWaitMs: readOptionalIntegerOption(options.maxQueueWaitMs, 'libreoffice.maxQueueWaitMs', 1, MAX_TIMER_MS),
    workDir: readPath(options.workDir, 'libreoffice.workDir') ?? tmpdir(),
    env: options.env ?? process.env,
    onEvent: readFunction(options.onEvent, 'libreoffice.onEvent') ?? (() => undefined),
  };
}

function readPath(value: unknown, option: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') throw new QuireOptionsError(option, 'must be a non-empty string.');
  return value;
}

function readFunction<T>(value: T | undefined, option: string): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'function') throw new QuireOptionsError(option, 'must be a function.');
  return value;
}
