// Gives LibreOffice the fonts the built-in PDF writer lays out with, so that page counts and line
// breaks compare layout rather than font substitution. The set-up is the fidelity tool's; the tests
// run soffice through test/support/libreoffice.ts, which passes on this process's environment.
import { createWriterFontConfig } from '../../../../../fidelity/writer-fonts.js';

/**
 * Runs `task` with `FONTCONFIG_FILE` pointing at a configuration that adds the writer's fonts and
 * aliases to the system's fonts, and restores the environment afterwards. Child processes started
 * by `task` (soffice) inherit it.
 */
export async function withWriterFonts<T>(task: () => Promise<T>): Promise<T> {
  const config = await createWriterFontConfig();
  const previous = process.env.FONTCONFIG_FILE;
  try {
    process.env.FONTCONFIG_FILE = config.file;
    return await task();
  } finally {
    if (previous === undefined) delete process.env.FONTCONFIG_FILE;
    else process.env.FONTCONFIG_FILE = previous;
    await config.dispose();
  }
}
