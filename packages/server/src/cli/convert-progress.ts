import type { CliIo } from './cli-io.js';
import type { ConversionJob } from './plan-conversions.js';
import type { ConversionOutcome } from './run-conversions.js';

/** Options of {@link createConvertProgress}. */
export interface ConvertProgressOptions {
  io: Pick<CliIo, 'stdout' | 'stderr'>;
  /** Number of files in the run. */
  total: number;
  /** True when stderr is a terminal: a bar is drawn there and redrawn in place. */
  interactive: boolean;
  /** Width of the terminal in characters; the bar line is cut to fit so that it never wraps. */
  columns: number;
}

/** Reports a `quire convert` run as it goes: a line per file, and a bar on a terminal. */
export interface ConvertProgress {
  start(job: ConversionJob): void;
  finish(outcome: ConversionOutcome): void;
  /** Removes the bar; call once at the end, also when the run was interrupted. */
  end(): void;
}

const BAR_WIDTH = 20;
// Carriage return, then "erase to end of line" (ECMA-48 EL), so a shorter line leaves no tail.
const CLEAR_LINE = '\r\x1b[K';

/**
 * Returns the reporter of a run. Each written file prints `IN -> OUT (engine)` on stdout and its
 * warnings on stderr; each failure prints `IN: CODE: message` on stderr. When `interactive`, a bar
 * with the files done, the total and the latest file still converting stays on stderr's last line.
 */
export function createConvertProgress(options: ConvertProgressOptions): ConvertProgress {
  const { io, total, interactive } = options;
  let done = 0;
  // Files being converted, in the order they started; the bar names the latest one.
  const running: string[] = [];
  let drawn = false;

  const draw = (): void => {
    if (!interactive) return;
    const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
    const counts = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${done}/${total}`;
    const name = shortenFromStart(running.at(-1) ?? '', options.columns - 1 - counts.length - 1);
    io.stderr(`${CLEAR_LINE}${counts}${name === '' ? '' : ` ${name}`}`);
    drawn = true;
  };
  const clear = (): void => {
    if (!drawn) return;
    io.stderr(CLEAR_LINE);
    drawn = false;
  };

  return {
    start(job) {
      running.push(job.input);
      draw();
    },
    finish(outcome) {
      done++;
      const index = running.indexOf(outcome.job.input);
      if (index !== -1) running.splice(index, 1);
      clear();
      if (outcome.ok) {
        io.stdout(`${outcome.job.input} -> ${outcome.job.output} (${outcome.engine})\n`);
        for (const warning of outcome.warnings) io.stderr(`${outcome.job.input}: warning: ${warning}\n`);
      } else {
        io.stderr(`${outcome.job.input}: ${outcome.code === undefined ? '' : `${outcome.code}: `}${outcome.message}\n`);
      }
      if (done < total) draw();
    },
    end: clear,
  };
}

// Keeps the end of an over-long file name, the part that tells files apart.
function shortenFromStart(name: string, width: number): string {
  if (name.length <= width) return name;
  return width < 4 ? '' : `...${name.slice(name.length - (width - 3))}`;
}
