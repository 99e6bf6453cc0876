// The reference LibreOffice sets Word's fonts as the built-in writer does (Carlito for Calibri,
// Caladea for Cambria, Gelasio for Georgia) unless the system's fonts are asked for.
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { convert } from '../../packages/convert/src/convert.js';
import type { EngineRegistry } from '../../packages/convert/src/create-engines.js';
import { createFidelityEngines } from '../../fidelity/create-fidelity-engines.js';
import { findFidelityTools } from '../../fidelity/find-tools.js';
import { buildTestDocx } from '../support/docx-package.js';
import { listFonts } from '../support/pdf-tools.js';

const FONTS = ['Calibri', 'Cambria', 'Georgia'] as const;

/** One paragraph in each of Calibri, Cambria and Georgia. */
function wordFontsDocx(): Uint8Array {
  const paragraph = (font: string) =>
    `<w:p><w:r><w:rPr><w:rFonts w:ascii="${font}" w:hAnsi="${font}"/></w:rPr><w:t>Set in ${font}, as Word sets it.</w:t></w:r></w:p>`;
  return buildTestDocx({ body: FONTS.map(paragraph).join('') });
}

/** The families LibreOffice embedded, without subset prefixes and faces ("Carlito" of "ABCDEF+Carlito-Bold"). */
async function familiesLibreOfficeEmbeds(engines: EngineRegistry): Promise<string[]> {
  const { bytes } = await convert(wordFontsDocx(), { from: 'docx', to: 'pdf', engine: 'libreoffice' }, engines);
  return [...new Set(listFonts(bytes).map((font) => font.name.replace(/^[A-Z]{6}\+/, '').replace(/-.*$/, '')))].sort();
}

function systemMatches(family: string): string {
  return execFileSync('fc-match', ['-f', '%{family[0]}', family], { encoding: 'utf8' });
}

describe('createFidelityEngines', () => {
  const found = findFidelityTools();
  if (!found.ok) throw new Error(`These tests need LibreOffice and poppler-utils: ${found.message}`);
  let engines: EngineRegistry | undefined;

  afterEach(async () => {
    await engines?.close();
    engines = undefined;
  });

  it("gives LibreOffice the writer's stand-ins for Word's fonts by default", { timeout: 120_000 }, async () => {
    engines = await createFidelityEngines({ soffice: found.tools.soffice });
    expect(await familiesLibreOfficeEmbeds(engines)).toEqual(['Caladea', 'Carlito', 'Gelasio']);
  });

  it("leaves LibreOffice the system's fonts when asked", { timeout: 120_000 }, async () => {
    engines = await createFidelityEngines({ soffice: found.tools.soffice, referenceFonts: 'system' });
    const expected = [...new Set(FONTS.map(systemMatches).map((family) => family.replace(/\s+/g, '')))].sort();
    expect(await familiesLibreOfficeEmbeds(engines)).toEqual(expected);
  });
});
