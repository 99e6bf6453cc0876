import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkEngineInput } from '../../check-engine-input.js';
import { checkOutput } from '../../check-output.js';
import { ConversionError } from '../../conversion-error.js';
import {
  OUTPUT_CONTENT_TYPES,
  type ConversionEngine,
  type ConversionRequest,
  type ConversionResult,
  type InputFormat,
  type OutputFormat,
} from '../../engine.js';
import { runBuiltinConversion } from '../builtin/run-builtin-conversion.js';
import { normalizeLibreOfficeOptions, type LibreOfficeEngineOptions } from './normalize-libreoffice-options.js';
import { startOfficePool, type StartedOfficePool } from './start-office-pool.js';

/** The LibreOffice engine, with the process ids of its pool for monitoring. */
export interface LibreOfficeEngine extends ConversionEngine {
  readonly name: 'libreoffice';
  /** The soffice process ids by worker index (undefined for a stopped worker); empty before first use. */
  readonly pids: readonly (number | undefined)[];
}

// LibreOffice import filters. LibreOffice has no Markdown filter: Markdown goes in as the DOCX that
// Quire's reader and DOCX writer make of it (see prepareInput).
const INPUT_FILTERS: Readonly<Record<InputFormat, { filter: string; extension: string }>> = {
  docx: { filter: 'MS Word 2007 XML', extension: 'docx' },
  html: { filter: 'HTML (StarWriter)', extension: 'html' },
  md: { filter: 'MS Word 2007 XML', extension: 'docx' },
};

const OUTPUT_FILTERS: Readonly<Record<OutputFormat, string>> = {
  pdf: 'writer_pdf_Export',
  docx: 'MS Word 2007 XML',
};

/**
 * Returns an engine that converts DOCX, Markdown and HTML to PDF and DOCX with a pool of
 * persistent headless LibreOffice processes, started on first use. Inputs are checked against
 * their declared format first and outputs are checked after (soffice reports success on failure).
 * Throws a `QuireOptionsError` for invalid options.
 */
export function createLibreOfficeEngine(options: LibreOfficeEngineOptions = {}): LibreOfficeEngine {
  const settings = normalizeLibreOfficeOptions(options);
  let started: Promise<StartedOfficePool> | undefined;
  let current: StartedOfficePool | undefined;
  let closed = false;

  const start = (): Promise<StartedOfficePool> => {
    started ??= startOfficePool(settings).then(
      (pool) => (current = pool),
      (error: unknown) => {
        // Let a later call try again (LibreOffice may have been installed meanwhile).
        started = undefined;
        throw error;
      },
    );
    return started;
  };

  return {
    name: 'libreoffice',
    get pids() {
      return current?.pool.pids ?? [];
    },
    supports: () => true,
    async convert(input: Uint8Array, request: ConversionRequest): Promise<ConversionResult> {
      if (closed) throw new ConversionError('CONVERT_ENGINE_UNAVAILABLE', 'The LibreOffice engine is closed.', { engine: 'libreoffice' });
      await checkEngineInput(input, request.from, 'libreoffice');
      const { pool, jobsDir } = await start();
      const jobDir = await mkdtemp(join(jobsDir, 'job-'));
      try {
        const source = INPUT_FILTERS[request.from];
        const inputPath = join(jobDir, `input.${source.extension}`);
        const outputPath = join(jobDir, `output.${request.to}`);
        const prepared = await prepareInput(input, request);
        await writeFile(inputPath, prepared.bytes, { mode: 0o600 });
        const outcome = await pool.run(
          { inputPath, outputPath, inputFilter: source.filter, outputFilter: OUTPUT_FILTERS[request.to], layout: request.to === 'pdf' },
          {
            timeoutMs: request.timeoutMs ?? settings.timeoutMs,
            maxQueueWaitMs: request.maxQueueWaitMs ?? settings.maxQueueWaitMs,
            ...(request.signal ? { signal: request.signal } : {}),
          },
        );
        if (!outcome.ok) {
          throw outcome.stage === 'load'
            ? new ConversionError('CONVERT_INPUT_INVALID', `LibreOffice could not read the ${request.from} input.`, { engine: 'libreoffice' })
            : new ConversionError('CONVERT_ENGINE_FAILED', `LibreOffice could not write ${request.to}: ${outcome.error}`, { engine: 'libreoffice' });
        }
        const bytes = await readOutput(outputPath);
        const valid = await checkOutput(bytes, request.to);
        if (!valid.ok) throw new ConversionError('CONVERT_OUTPUT_INVALID', valid.reason, { engine: 'libreoffice' });
        return { bytes, contentType: OUTPUT_CONTENT_TYPES[request.to], warnings: prepared.warnings };
      } finally {
        await rm(jobDir, { recursive: true, force: true });
      }
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      const pool = await started?.catch(() => undefined);
      if (!pool) return;
      await pool.pool.close();
      await rm(pool.workDir, { recursive: true, force: true });
    },
  };
}

// Markdown is read by Quire's reader and written as DOCX by the built-in engine's code, so that it
// means the same in every engine (footnotes, definition lists, task lists). It used to go in as
// HTML, but LibreOffice's HTML import keeps one numbering rule per outermost list and fixes the
// format of each level by the first list it meets there, so a numbered list under the second
// bullet came out bulleted when the first bullet held a bulleted one (NewNumberBulletList in
// sw/source/filter/html/htmlnumreader.cxx); in DOCX each list has numbering of its own.
async function prepareInput(input: Uint8Array, request: ConversionRequest): Promise<{ bytes: Uint8Array; warnings: string[] }> {
  if (request.from !== 'md') return { bytes: input, warnings: [] };
  return runBuiltinConversion(input, 'md', 'docx');
}

async function readOutput(path: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(path));
  } catch {
    throw new ConversionError('CONVERT_OUTPUT_INVALID', 'LibreOffice reported success but wrote no output.', { engine: 'libreoffice' });
  }
}
