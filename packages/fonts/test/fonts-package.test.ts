// @quire/fonts holds no code: its contract is its dependencies. The PDF writer reads each family's
// Fontsource CSS for the four faces (400/700, normal/italic) and the WOFF files it names; Noto Sans
// SC, an optional peer, comes as one TrueType file per weight.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const manifestPath = join(import.meta.dirname, '../package.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};
const resolveFrom = createRequire(manifestPath);
const familyFolder = (name: string) => dirname(resolveFrom.resolve(`${name}/package.json`));
/** The WOFF files a Fontsource face's CSS points at. */
const woffFilesOf = (folder: string, css: string) => [...readFileSync(join(folder, css), 'utf8').matchAll(/url\(\.\/(files\/[^)]+\.woff)\)/g)].map((match) => join(folder, match[1]!));

describe('@quire/fonts', () => {
  it.each(Object.keys(manifest.dependencies))('brings %s with the regular, bold, italic and bold italic faces the PDF writer reads', (name) => {
    const folder = familyFolder(name);
    for (const face of ['400.css', '700.css', '400-italic.css', '700-italic.css']) {
      const files = woffFilesOf(folder, face);
      expect(files.length, `${name}/${face}`).toBeGreaterThan(0);
      expect(files.filter((file) => !existsSync(file)), `${name}/${face}`).toEqual([]);
    }
  });

  it('finds the one font file per face that the PDF writer reads for Noto Sans SC in the optional peer (installed here for development)', () => {
    const folder = familyFolder('@expo-google-fonts/noto-sans-sc');
    for (const file of ['400Regular/NotoSansSC_400Regular.ttf', '700Bold/NotoSansSC_700Bold.ttf']) {
      expect(existsSync(join(folder, file)), file).toBe(true);
    }
    expect(readFileSync(join(folder, 'LICENSE_FONT'), 'utf8')).toContain('SIL Open Font License, Version 1.1');
  });

  it('leaves the large Chinese and Arabic faces to the user: optional peers, not dependencies', () => {
    const optional = ['@expo-google-fonts/noto-sans-sc', '@fontsource/noto-sans-arabic'];
    expect(Object.keys(manifest.peerDependencies).sort()).toEqual(optional);
    for (const name of optional) {
      expect(manifest.peerDependenciesMeta[name]?.optional, name).toBe(true);
      expect(manifest.dependencies[name], name).toBeUndefined();
    }
  });
});
