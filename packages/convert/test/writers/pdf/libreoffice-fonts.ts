// Gives LibreOffice the fonts the built-in PDF writer lays out with, so that page counts compare
// pagination rather than font substitution: a machine without Carlito or Caladea (Debian's
// fonts-crosextra-*) sets Calibri and Cambria in DejaVu, whose letters are about 15% wider.
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { woffToSfnt } from '../../../src/writers/pdf/woff-to-sfnt.js';

const require = createRequire(import.meta.url);
const FAMILIES = ['carlito', 'caladea', 'arimo', 'gelasio'] as const;
const FACES = ['400-normal', '400-italic', '700-normal', '700-italic'] as const;
// The writer's substitutes for Word fonts that fontconfig does not map (docs/fonts.md): Georgia's
// metric-compatible clone, and the nearest font to Aptos, which has none.
const ALIASES: readonly (readonly [string, string])[] = [
  ['Georgia', 'Gelasio'],
  ['Aptos', 'Arimo'],
  ['Aptos Display', 'Arimo'],
];

/**
 * Runs `task` with `FONTCONFIG_FILE` pointing at a configuration that adds the writer's Carlito,
 * Caladea, Arimo and Gelasio faces (Latin subsets, as TrueType) and its aliases to the system's fonts, and
 * restores the environment afterwards. Child processes started by `task` (soffice) inherit it.
 */
export async function withWriterFonts<T>(task: () => Promise<T>): Promise<T> {
  const work = await mkdtemp(join(tmpdir(), 'quire-fonts-'));
  const previous = process.env.FONTCONFIG_FILE;
  try {
    const fonts = join(work, 'fonts');
    await mkdir(fonts);
    for (const family of FAMILIES) {
      const directory = join(dirname(require.resolve(`@fontsource/${family}/package.json`)), 'files');
      for (const face of FACES) {
        const woff = new Uint8Array(await readFile(join(directory, `${family}-latin-${face}.woff`)));
        await writeFile(join(fonts, `${family}-${face}.ttf`), woffToSfnt(woff));
      }
    }
    const aliases = ALIASES.map(([from, to]) => `<alias binding="same"><family>${from}</family><prefer><family>${to}</family></prefer></alias>`).join('');
    const config =
      '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>' +
      `<include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>${fonts}</dir><cachedir>${join(work, 'cache')}</cachedir>${aliases}</fontconfig>`;
    await writeFile(join(work, 'fonts.conf'), config);
    process.env.FONTCONFIG_FILE = join(work, 'fonts.conf');
    return await task();
  } finally {
    if (previous === undefined) delete process.env.FONTCONFIG_FILE;
    else process.env.FONTCONFIG_FILE = previous;
    await rm(work, { recursive: true, force: true });
  }
}
