import type { InputFormat, OutputFormat } from '../../engine.js';

/**
 * The outputs the built-in engine writes for each input. PDF output and a DOCX reader are not
 * there yet, so DOCX input only passes through to DOCX; other pairs go to LibreOffice or Gotenberg.
 */
export const BUILTIN_PAIRS: Readonly<Record<InputFormat, readonly OutputFormat[]>> = {
  md: ['docx'],
  html: ['docx'],
  docx: ['docx'],
};

/** Returns true when the built-in engine converts `from` to `to`. */
export function isBuiltinPair(from: InputFormat, to: OutputFormat): boolean {
  return BUILTIN_PAIRS[from]?.includes(to) ?? false;
}
