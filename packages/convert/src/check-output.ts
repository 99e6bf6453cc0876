import { isDocxPackage } from './detect-format.js';
import type { OutputFormat } from './engine.js';

/** The answer of {@link checkOutput}. */
export type OutputCheck = { ok: true } | { ok: false; reason: string };

const PDF_HEADER = '%PDF-';
// ISO 32000-1 §7.5.5: the last line of a PDF is %%EOF; allow trailing bytes some writers add.
const PDF_TRAILER_WINDOW = 1024;

/**
 * Checks that an engine's output is a plausible file of format `to`: a PDF starts with `%PDF-`
 * and ends with `%%EOF`; a DOCX is a zip package with a Word main document part. Engines such as
 * LibreOffice report success on failure, so every output goes through this.
 */
export async function checkOutput(bytes: Uint8Array, to: OutputFormat): Promise<OutputCheck> {
  if (bytes.length === 0) return { ok: false, reason: 'The engine produced an empty file.' };
  if (to === 'pdf') {
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, PDF_HEADER.length));
    if (head !== PDF_HEADER) return { ok: false, reason: 'The output does not start with %PDF-.' };
    const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - PDF_TRAILER_WINDOW)));
    if (!tail.includes('%%EOF')) return { ok: false, reason: 'The output PDF has no %%EOF marker: it is truncated.' };
    return { ok: true };
  }
  return (await isDocxPackage(bytes))
    ? { ok: true }
    : { ok: false, reason: 'The output is not a DOCX package with a Word main document part.' };
}
