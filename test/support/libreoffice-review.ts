// Reads the comments and tracked changes of DOCX files in LibreOffice through its UNO bridge
// (libreoffice-review.py), with Accept All and Reject All run by LibreOffice itself: the
// independent reader of what Quire's review export holds.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findSoffice } from './libreoffice.js';

// From the path, not `new URL`: happy-dom's URL, which DOM tests use, takes no file scheme.
const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'libreoffice-review.py');

/** Files read by one soffice: a batch shares its start-up, and a crash loses no more than it. */
export const FILES_PER_SOFFICE = 8;

/** A comment as LibreOffice reads it (an annotation text field). */
export interface LibreOfficeComment {
  /** LibreOffice's name of the annotation (`__Annotation__…`), which `parent` refers to. */
  readonly name: string;
  readonly author: string;
  readonly initials: string;
  /** The comment's text, paragraphs joined by `\n`. */
  readonly text: string;
  /** The document text the comment's range holds, paragraphs joined by `\n`. */
  readonly anchor: string;
  readonly resolved: boolean;
  /** The name of the comment this one answers, or null; always null where `readsParent` is false. */
  readonly parent: string | null;
  /** Whether this LibreOffice keeps reply threads (7.4 does not: it reads commentsExtended's `done` only). */
  readonly readsParent: boolean;
}

/** A tracked change (a redline) as LibreOffice reads it. */
export interface LibreOfficeChange {
  /** `Insert`, `Delete`, `Format`, `ParagraphFormat`, `TableRowInsert`, `TableRowDelete`... */
  readonly type: string;
  readonly author: string;
  /** The change's date to the second, without zone (`2026-11-27T10:11:12`). */
  readonly date: string;
  /** The text it covers, a paragraph mark as `\n`; null when its ends lie in different texts (a row). */
  readonly text: string | null;
  readonly inHeaderFooter: boolean;
}

/** What LibreOffice reads of one file's review. */
export interface LibreOfficeReview {
  readonly comments: LibreOfficeComment[];
  /** In document order. */
  readonly changes: LibreOfficeChange[];
  /** The text of each body paragraph (table cells row by row), changes shown as LibreOffice holds them. */
  readonly paragraphs: string[];
  /** The bold text of each body paragraph, its stretches joined by `|` (how a formatting change shows). */
  readonly bold: string[];
  /** The text of each body paragraph after LibreOffice's Accept All. */
  readonly accepted: string[];
  readonly acceptedBold: string[];
  /** The text of each body paragraph after LibreOffice's Reject All. */
  readonly rejected: string[];
  readonly rejectedBold: string[];
  /** The changes left after Accept All plus those left after Reject All (0 when both decided everything). */
  readonly changesLeft: number;
}

/** The Python that has LibreOffice's `uno` module: `$QUIRE_UNO_PYTHON`, else the system's. */
function unoPython(): string {
  return process.env.QUIRE_UNO_PYTHON ?? '/usr/bin/python3';
}

function runScript(request: object): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(unoPython(), [SCRIPT], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const missingUno = /No module named 'uno'/.test(stderr);
      const hint = missingUno ? ' Install python3-uno (Debian/Ubuntu) or set QUIRE_UNO_PYTHON to a Python with LibreOffice\'s uno module.' : '';
      reject(new Error(`libreoffice-review.py failed.${hint}\nstderr: ${stderr.slice(-4000)}`, { cause: error }));
    });
    child.stdin!.end(JSON.stringify(request));
  });
}

async function readBatch(inputs: ReadonlyArray<readonly [string, Uint8Array]>): Promise<Map<string, LibreOfficeReview>> {
  const work = await mkdtemp(join(tmpdir(), 'quire-lo-review-'));
  try {
    const inDir = join(work, 'in');
    await mkdir(inDir);
    const files: Record<string, string> = {};
    for (const [name, bytes] of inputs) {
      files[name] = join(inDir, name);
      await writeFile(files[name], bytes);
    }
    const stdout = await runScript({
      soffice: findSoffice(),
      profile: pathToFileURL(join(work, 'profile')).href,
      pipe: `quire-review-${process.pid}-${work.slice(-6)}`,
      files,
    });
    const read = JSON.parse(stdout) as Record<string, LibreOfficeReview>;
    return new Map(inputs.map(([name]) => [name, read[name]!]));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Reads the review of every file of `inputs` (name → bytes; names unique, ending in `.docx`) in
 * LibreOffice, starting one soffice per {@link FILES_PER_SOFFICE} files, one batch after the other.
 * Throws with the script's output when soffice or its Python bridge fails.
 */
export async function readReviewWithLibreOffice(inputs: ReadonlyMap<string, Uint8Array>): Promise<Map<string, LibreOfficeReview>> {
  const entries = [...inputs];
  const reviews = new Map<string, LibreOfficeReview>();
  for (let start = 0; start < entries.length; start += FILES_PER_SOFFICE) {
    for (const [name, review] of await readBatch(entries.slice(start, start + FILES_PER_SOFFICE))) reviews.set(name, review);
  }
  return reviews;
}
