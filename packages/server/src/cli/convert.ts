import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { createEngines, type CreateEnginesOptions, type EngineRegistry, isEngineName, isInputFormat, isOutputFormat, isReviewMarkup, type EngineName, type Env, isLocaleTag, type ReviewMarkup } from '@quire/convert';
import { isQuireOptionsError } from 'quire/telemetry';
import { CliError, type CliCommand } from './cli-io.js';
import { createConvertProgress } from './convert-progress.js';
import { paperLocaleFromEnv } from './paper-locale-from-env.js';
import { checkInputsKept, planConversions, type ConversionJob } from './plan-conversions.js';
import { runConversions } from './run-conversions.js';

/** What `quire convert` reads from the process, injected for tests. */
export interface ConvertCommandOptions {
  /** True when stderr is a terminal, so progress is drawn as a bar; default `process.stderr.isTTY`. */
  isInteractive?: () => boolean;
  /** Width of the terminal; default `process.stderr.columns`, else 80 (also when the terminal reports 0). */
  columns?: () => number;
  /** Number of CPUs, which sizes the built-in engine's pool; default `os.availableParallelism()`. */
  cpus?: () => number;
  /** Creates the engines; default `createEngines`. */
  createEngines?: (options: CreateEnginesOptions) => EngineRegistry;
}

// Gotenberg queues on its side; this many requests at once keep a small cluster busy.
const GOTENBERG_CAPACITY = 4;
// The built-in engine's default pool when converting a batch: more than the server's 2, since
// nothing else shares the machine, but bounded because each worker may take a 512 MiB heap.
const MAX_BUILTIN_POOL = 4;
const MAX_JOBS = 64;
// The shell's convention for a run ended by SIGINT: 128 + the signal number.
const INTERRUPTED_EXIT_CODE = 130;

const usage = [
  'Usage: quire convert IN OUT [--engine NAME] [--from FORMAT] [--markup none|all|original]',
  '       quire convert IN... --out-dir DIR [--to pdf|docx] [--engine NAME] [--from FORMAT] [--jobs N]',
  '',
  'Converts DOCX, Markdown and HTML files to PDF or DOCX. Formats come from the extensions: IN ends in',
  '.md, .markdown, .html, .htm or .docx (or give --from docx|md|html), OUT in .pdf or .docx.',
  '',
  '  --out-dir DIR   write each IN to DIR/<name>.<to> (DIR is created); needed for several files',
  '  --to FORMAT     pdf (default) or docx, with --out-dir',
  '  --from FORMAT   docx, md or html: the format of every IN, whatever its extension',
  '  --engine NAME   builtin, libreoffice, gotenberg or auto; default QUIRE_ENGINE, else auto (as `quire serve`)',
  '  --jobs N        conversions at once per engine; default: built-in min(4, CPUs), LibreOffice 1, Gotenberg 4',
  '  --locale TAG    BCP 47 locale choosing the paper of PDF pages whose source gives no size (en-US: Letter,',
  '                  most others: A4); default from LC_ALL, LC_PAPER or LANG, else A4. Built-in engine only',
  '  --markup NAME   how a DOCX\'s tracked changes and comments are printed in a PDF: none (default, as if',
  '                  accepted), original (as if rejected) or all (changes marked, comments in a margin).',
  '                  Built-in engine only',
  '',
  'Prints "IN -> OUT (engine)" on stdout per file written, and warnings and failures on stderr, with a',
  'progress bar when stderr is a terminal. Never overwrites an input. Exits 1 when any file failed',
  '(the others are still written), 2 on a usage mistake.',
].join('\n');

/** Returns the `quire convert` command reading the terminal through `options`. */
export function createConvertCommand(options: ConvertCommandOptions = {}): CliCommand {
  const isInteractive = options.isInteractive ?? (() => process.stderr.isTTY === true);
  const columns = options.columns ?? (() => process.stderr.columns || 80);
  const cpus = options.cpus ?? availableParallelism;
  const makeEngines = options.createEngines ?? createEngines;

  return {
    summary: 'Convert DOCX, Markdown and HTML files to PDF or DOCX',
    usage,
    async run(args, io) {
      const { plan, engine, jobs, locale, markup } = readConvertArguments(args, io.env);
      await checkInputsKept(plan);

      const capacities = {
        builtin: jobs ?? Math.max(1, Math.min(MAX_BUILTIN_POOL, cpus())),
        libreoffice: jobs ?? 1,
        gotenberg: jobs ?? GOTENBERG_CAPACITY,
      };
      const engines = openEngines(makeEngines, { env: io.env, builtin: { poolSize: capacities.builtin }, libreoffice: { poolSize: capacities.libreoffice } });
      const interrupt = new AbortController();
      const stopListening = io.onShutdownSignal(() => interrupt.abort(new Error('interrupted')));
      const progress = createConvertProgress({ io, total: plan.length, interactive: isInteractive() && io.env.TERM !== 'dumb', columns: columns() });
      try {
        const outcomes = await runConversions(plan, {
          engines,
          capacities,
          env: io.env,
          signal: interrupt.signal,
          ...(engine === undefined ? {} : { requested: engine }),
          ...(locale === undefined ? {} : { locale }),
          ...(markup === undefined ? {} : { markup }),
          onStart: (job) => progress.start(job),
          onFinish: (outcome) => progress.finish(outcome),
        });
        progress.end();
        const failed = outcomes.filter((outcome) => !outcome.ok).length;
        if (interrupt.signal.aborted) {
          io.stderr(`quire convert: interrupted; ${outcomes.length - failed} of ${plan.length} files written\n`);
          return INTERRUPTED_EXIT_CODE;
        }
        if (plan.length > 1) {
          io.stderr(`${plan.length - failed} of ${plan.length} files converted${failed > 0 ? `, ${failed} failed` : ''}\n`);
        }
        return failed > 0 ? 1 : 0;
      } finally {
        progress.end();
        stopListening();
        await engines.close();
      }
    },
  };
}

/** The command line of `quire convert`, checked: the files to convert, `--engine` and `--jobs`. */
interface ConvertArguments {
  plan: ConversionJob[];
  engine: EngineName | 'auto' | undefined;
  jobs: number | undefined;
  locale: string | undefined;
  markup: ReviewMarkup | undefined;
}

// Throws a CliError with exit code 2 for every mistake, before any file is read.
function readConvertArguments(args: string[], env: Env): ConvertArguments {
  const { values, positionals } = parseArgs({
    args,
    options: {
      'out-dir': { type: 'string' },
      to: { type: 'string' },
      from: { type: 'string' },
      engine: { type: 'string' },
      jobs: { type: 'string' },
      locale: { type: 'string' },
      markup: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const to = readChoice(values.to, '--to', isOutputFormat, 'pdf or docx');
  const from = readChoice(values.from, '--from', isInputFormat, 'docx, md or html');
  const engine = readChoice(values.engine, '--engine', isRequestableEngine, 'builtin, libreoffice, gotenberg or auto');
  if (engine === undefined) checkEngineVariable(env.QUIRE_ENGINE);
  const plan = planConversions({
    paths: positionals,
    ...(values['out-dir'] === undefined ? {} : { outDir: values['out-dir'] }),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  });
  const locale = readLocale(values.locale) ?? paperLocaleFromEnv(env);
  const markup = readChoice(values.markup, '--markup', isReviewMarkup, 'none, all or original');
  return { plan, engine, jobs: readJobs(values.jobs), locale, markup };
}

/** `quire convert`: converts files with the same engines and engine choice as `quire serve`. */
export const convertCommand: CliCommand = createConvertCommand();

function openEngines(makeEngines: (options: CreateEnginesOptions) => EngineRegistry, options: CreateEnginesOptions): EngineRegistry {
  try {
    return makeEngines(options);
  } catch (error) {
    // An invalid QUIRE_GOTENBERG_URL, say: the environment is wrong, not the arguments.
    if (isQuireOptionsError(error)) throw new CliError(error.message);
    throw error;
  }
}

function readChoice<T extends string>(value: string | undefined, option: string, isValid: (value: unknown) => value is T, choices: string): T | undefined {
  if (value === undefined) return undefined;
  const normalized = value.trim().toLowerCase();
  if (!isValid(normalized)) throw new CliError(`${option}: expected ${choices}, got "${value}"`, 2);
  return normalized;
}

function readLocale(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isLocaleTag(value)) throw new CliError(`--locale: expected a BCP 47 language tag such as en-US or de-DE, got "${value}"`, 2);
  return value;
}

function isRequestableEngine(value: unknown): value is EngineName | 'auto' {
  return value === 'auto' || isEngineName(value);
}

function readJobs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const jobs = Number(value);
  if (!/^\d+$/.test(value) || jobs < 1 || jobs > MAX_JOBS) throw new CliError(`--jobs: expected a whole number from 1 to ${MAX_JOBS}, got "${value}"`, 2);
  return jobs;
}

// The server refuses to start with an unknown QUIRE_ENGINE; so does the command, before any work.
function checkEngineVariable(value: string | undefined): void {
  const normalized = value?.trim().toLowerCase();
  if (normalized && !isRequestableEngine(normalized)) {
    throw new CliError(`QUIRE_ENGINE is "${value}"; use builtin, libreoffice, gotenberg or auto`, 2);
  }
}
