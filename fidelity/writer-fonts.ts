// The fonts the built-in PDF writer lays out with, given to LibreOffice through fontconfig, so that
// a comparison with LibreOffice measures layout rather than font substitution: a machine without
// Carlito or Caladea (Debian's fonts-crosextra-*) sets Calibri and Cambria in DejaVu, whose letters
// are about 15% wider, and every line then breaks elsewhere.
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { OPEN_FONTS } from '../packages/quire/src/model/word-fonts.js';
import { woffToSfnt } from '../packages/convert/src/writers/pdf/woff-to-sfnt.js';

const require = createRequire(import.meta.url);
const FACES = ['400-normal', '400-italic', '700-normal', '700-italic'] as const;
// fontconfig's own metric aliases (30-metric-aliases.conf) already send Calibri to Carlito, Cambria
// to Caladea, Arial to Arimo, Times New Roman to Tinos and Courier New to Cousine. These are the
// writer's substitutes that it does not know (docs/fonts.md): Georgia's metric-compatible clone,
// and the nearest font to Aptos, which has none.
const ALIASES: readonly (readonly [string, string])[] = [
  ['Georgia', OPEN_FONTS.gelasio.family],
  ['Aptos', OPEN_FONTS.arimo.family],
  ['Aptos Display', OPEN_FONTS.arimo.family],
];

/** A fontconfig configuration in a folder of its own. */
export interface WriterFontConfig {
  /** Path of the configuration file, for `FONTCONFIG_FILE`. */
  file: string;
  /** Removes the folder with the configuration, its fonts and its cache. */
  dispose(): Promise<void>;
}

/**
 * Writes the writer's open fonts (Carlito, Caladea, Arimo, Tinos, Cousine and Gelasio; regular,
 * bold, italic and bold italic Latin faces) as TrueType files into the new folder `folder`, from
 * the @fontsource packages @quire/fonts depends on: fonts a fontconfig `<dir>` can list.
 */
export async function writeOpenFontFiles(folder: string): Promise<void> {
  await mkdir(folder);
  for (const { id } of Object.values(OPEN_FONTS)) {
    const directory = join(dirname(require.resolve(`@fontsource/${id}/package.json`)), 'files');
    for (const face of FACES) {
      const woff = new Uint8Array(await readFile(join(directory, `${id}-latin-${face}.woff`)));
      await writeFile(join(folder, `${id}-${face}.ttf`), woffToSfnt(woff, inflateSync));
    }
  }
}

/**
 * Writes a fontconfig configuration that adds the writer's open fonts (Carlito, Caladea, Arimo,
 * Tinos, Cousine and Gelasio; regular, bold, italic and bold italic Latin faces, as TrueType) and
 * its aliases to the system's fonts. A process started with `FONTCONFIG_FILE` set to its `file`
 * (soffice) sets Word's fonts as the writer does.
 */
export async function createWriterFontConfig(): Promise<WriterFontConfig> {
  const work = await mkdtemp(join(tmpdir(), 'quire-fonts-'));
  try {
    const fonts = join(work, 'fonts');
    await writeOpenFontFiles(fonts);
    const aliases = ALIASES.map(([from, to]) => `<alias binding="same"><family>${from}</family><prefer><family>${to}</family></prefer></alias>`).join('');
    const config =
      '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>' +
      `<include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>${fonts}</dir><cachedir>${join(work, 'cache')}</cachedir>${aliases}</fontconfig>`;
    const file = join(work, 'fonts.conf');
    await writeFile(file, config);
    return { file, dispose: () => rm(work, { recursive: true, force: true }) };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}
