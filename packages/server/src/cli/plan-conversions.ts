import { stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { formatFromFileName, isOutputFormat, type InputFormat, type OutputFormat } from '@quire/convert';
import { CliError } from './cli-io.js';

/** One file `quire convert` converts: paths as the user gave them, and the formats. */
export interface ConversionJob {
  input: string;
  output: string;
  from: InputFormat;
  to: OutputFormat;
}

/** What {@link planConversions} needs from the command line, already parsed. */
export interface PlanConversionsInput {
  /** The positional arguments: `IN OUT` without `outDir`, every input with it. */
  paths: readonly string[];
  /** `--out-dir`: every input is written there as `<name>.<to>`. */
  outDir?: string;
  /** `--from`: the format of every input, instead of each one's extension. */
  from?: InputFormat;
  /** `--to`: the output format; default the output's extension, else `pdf`. */
  to?: OutputFormat;
}

const INPUT_EXTENSIONS_HINT = '.md, .markdown, .html, .htm or .docx';

/**
 * Returns the conversions that the arguments ask for, one per input. Throws a `CliError` with
 * exit code 2 when the arguments do not make sense: a wrong count, an unknown input or output
 * extension, `--to` contradicting OUT, or two inputs that would be written to the same file.
 */
export function planConversions(input: PlanConversionsInput): ConversionJob[] {
  const { paths, outDir } = input;
  if (outDir === undefined) {
    if (paths.length !== 2) {
      throw new CliError(
        paths.length < 2 ? 'expected an input and an output file' : 'expected one input and one output file; to convert several files use --out-dir DIR',
        2,
      );
    }
    const [source = '', output = ''] = paths;
    const to = outputFormatOf(output);
    if (to === undefined) throw new CliError(`cannot tell the output format of "${output}": it must end in .pdf or .docx`, 2);
    if (input.to !== undefined && input.to !== to) throw new CliError(`--to ${input.to} contradicts the output file "${output}"`, 2);
    return [{ input: source, output, from: inputFormatOf(source, input.from), to }];
  }
  if (paths.length === 0) throw new CliError('expected at least one input file', 2);
  const to = input.to ?? 'pdf';
  const jobs = paths.map((source) => ({ input: source, output: join(outDir, `${stem(source)}.${to}`), from: inputFormatOf(source, input.from), to }));
  const byOutput = new Map<string, string>();
  for (const job of jobs) {
    const earlier = byOutput.get(resolve(job.output));
    if (earlier !== undefined) throw new CliError(`"${earlier}" and "${job.input}" would both be written to "${job.output}"`, 2);
    byOutput.set(resolve(job.output), job.input);
  }
  return jobs;
}

/**
 * Throws a `CliError` (exit code 2) when a conversion would write over one of the inputs, also
 * through a symbolic or hard link, so that a DOCX to DOCX run never destroys its source.
 */
export async function checkInputsKept(jobs: readonly ConversionJob[]): Promise<void> {
  const inputs = new Map<string, string>();
  for (const job of jobs) {
    for (const key of await fileKeys(job.input)) inputs.set(key, job.input);
  }
  for (const job of jobs) {
    for (const key of await fileKeys(job.output)) {
      const overwritten = inputs.get(key);
      if (overwritten !== undefined) throw new CliError(`refusing to overwrite the input "${overwritten}" with "${job.output}"`, 2);
    }
  }
}

// A file is known by its resolved path and, when it exists, by its device and inode (which links share).
async function fileKeys(path: string): Promise<string[]> {
  const keys = [resolve(path)];
  try {
    const { dev, ino } = await stat(path, { bigint: true });
    keys.push(`inode:${dev}:${ino}`);
  } catch {
    // A missing file has no real path; reading a missing input fails later, for that file alone.
  }
  return keys;
}

function inputFormatOf(path: string, declared: InputFormat | undefined): InputFormat {
  if (declared !== undefined) return declared;
  const format = formatFromFileName(basename(path));
  if (format === undefined) {
    throw new CliError(`cannot tell the format of "${path}" from its extension: use ${INPUT_EXTENSIONS_HINT}, or --from docx|md|html`, 2);
  }
  return format;
}

function outputFormatOf(path: string): OutputFormat | undefined {
  const extension = extname(path).slice(1).toLowerCase();
  return isOutputFormat(extension) ? extension : undefined;
}

function stem(path: string): string {
  const name = basename(path);
  const extension = extname(name);
  return extension === '' ? name : name.slice(0, -extension.length);
}
