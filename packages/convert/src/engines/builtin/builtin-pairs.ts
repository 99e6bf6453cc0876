import type { InputFormat, OutputFormat } from '../../engine.js';

/**
 * The outputs the built-in engine writes for each input: every pair Quire converts. Markdown and
 * HTML go to DOCX or PDF, DOCX passes through to DOCX or is read and written as PDF.
 */
export const BUILTIN_PAIRS: Readonly<Record<InputFormat, readonly OutputFormat[]>> = {
  md: ['docx', 'pdf'],
  html: ['docx', 'pdf'],
  docx: ['docx', 'pdf'],
};

/** Returns true when the built-in engine converts `from` to `to`. */
export function isBuiltinPair(from: InputFormat, to: OutputFormat): boolean {
  return BUILTIN_PAIRS[from]?.includes(to) ?? false;
}
