// A fontconfig file that shows a browser only the fonts .ci/run installs (DejaVu and Liberation),
// so that tests of the editor's web fonts see the same "installed" fonts on every machine, whether
// or not it has Carlito, Caladea and the other open stand-ins for Word's fonts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The font folders of Debian's fonts-dejavu-core and fonts-liberation2. */
const BASIC_FONT_DIRS = ['/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/truetype/liberation2'];

/** A fontconfig file and the font families it lets a program see. */
export interface BasicFontconfig {
  /** For the environment of the program started: `{ FONTCONFIG_FILE: path }`. */
  readonly env: Readonly<Record<string, string>>;
  /** The families `fc-list` lists under it, one a line. */
  readonly families: string;
}

/** Writes, in a new temporary folder, a fontconfig file that lists DejaVu and Liberation only. */
export function writeBasicFontconfig(): BasicFontconfig {
  const folder = mkdtempSync(join(tmpdir(), 'quire-fontconfig-'));
  const file = join(folder, 'fonts.conf');
  const dirs = BASIC_FONT_DIRS.map((dir) => `<dir>${dir}</dir>`).join('');
  writeFileSync(file, `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>${dirs}<cachedir>${join(folder, 'cache')}</cachedir></fontconfig>`);
  const env = { FONTCONFIG_FILE: file };
  return { env, families: execFileSync('fc-list', ['--format', '%{family}\n'], { encoding: 'utf8', env: { ...process.env, ...env } }) };
}
