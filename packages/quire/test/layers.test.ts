// The layers of packages/quire/src as ARCHITECTURE.md lists them: a folder (or a file at the
// root) imports only from layers below its own, so no import runs up and no two folders import
// each other. A new folder needs its place here, which is also its place in ARCHITECTURE.md.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = resolve(import.meta.dirname, '../src');

/** Each folder's (or root file's) layer: imports go to a lower number only. */
const LAYERS: Readonly<Record<string, number>> = {
  'xml': 0,
  'streams': 0,
  'document-error.ts': 0,
  'quire-options-error.ts': 0,
  'version.ts': 0,
  'input': 1,
  'package': 1,
  'identity': 2,
  'model': 2,
  'telemetry': 2,
  'readers': 3,
  'writers': 3,
  'layout': 3,
  'editor': 4,
  'open-document.ts': 5,
  'index.ts': 6,
};

/** The folder under src/ that `path` lies in, or its own name for a file at the root. */
const unitOf = (path: string): string => relative(SOURCE, path).split('/')[0]!;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import of every source file (static, type-only, re-exports and `import()`), as `from -> to` units. */
function importsBetweenUnits(): { file: string; from: string; to: string }[] {
  const found: { file: string; from: string; to: string }[] = [];
  for (const file of sourceFiles(SOURCE)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g)) {
      const from = unitOf(file);
      const to = unitOf(resolve(dirname(file), match[1]!));
      if (from !== to) found.push({ file: relative(SOURCE, file), from, to });
    }
  }
  return found;
}

describe('the layers of quire', () => {
  it('gives every folder and root file of src a layer', () => {
    const units = readdirSync(SOURCE, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || entry.name.endsWith('.ts'))
      .map((entry) => entry.name)
      .filter((name) => name !== 'style.css');
    expect(units.filter((unit) => LAYERS[unit] === undefined)).toEqual([]);
  });

  it('imports only from layers below, so that no import runs up and no two folders import each other', () => {
    const imports = importsBetweenUnits();
    // The walk sees the imports that matter: the editor uses the model, the readers the package.
    expect(imports.some(({ from, to }) => from === 'editor' && to === 'model')).toBe(true);
    expect(imports.some(({ from, to }) => from === 'readers' && to === 'package')).toBe(true);
    const upward = imports.filter(({ from, to }) => LAYERS[to]! >= LAYERS[from]!).map(({ file, to }) => `${file} imports from ${to}`);
    expect(upward).toEqual([]);
  });
});
