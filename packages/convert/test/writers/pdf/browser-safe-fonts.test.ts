// The font catalog's pure modules and what they import, followed file by file: a browser can load
// them, since none names a Node built-in or Node's globals. Only node-font-source.ts (and
// font-catalog.ts, which builds a catalog over it) may.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const PDF_WRITER = resolve(import.meta.dirname, '../../../src/writers/pdf');
const QUIRE_MODEL = resolve(import.meta.dirname, '../../../../quire/src/model/index.ts');
const PURE_ENTRIES = ['font-catalog-base.ts', 'font-families.ts', 'sfnt-coverage.ts', 'woff-to-sfnt.ts'].map((name) => resolve(PDF_WRITER, name));

/** The module specifiers a source file imports or re-exports, statically or with `import()`, comments left out. */
function specifiers(code: string): string[] {
  const withoutComments = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...withoutComments.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'([^']+)'/gm)].map((match) => match[1]!);
}

/** Every source file `entries` reach through relative imports and `quire/model`, each with its specifiers. */
function reachedFiles(entries: readonly string[]): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (reached.has(file)) continue;
    const found = specifiers(readFileSync(file, 'utf8'));
    reached.set(file, found);
    for (const specifier of found) {
      if (specifier.startsWith('.')) pending.push(resolve(dirname(file), specifier).replace(/\.js$/, '.ts'));
      else if (specifier === 'quire/model') pending.push(QUIRE_MODEL);
    }
  }
  return reached;
}

const isNodeBuiltin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!);

describe('the font catalog modules a browser loads', () => {
  it('import nothing from Node, however deep the imports go', () => {
    const reached = reachedFiles(PURE_ENTRIES);
    // The walk sees the files that matter: the catalog, its coverage parsing and the face metrics table.
    expect([...reached.keys()].map((file) => relative(resolve(PDF_WRITER, '../../../..'), file))).toEqual(
      expect.arrayContaining(['convert/src/writers/pdf/font-catalog-base.ts', 'convert/src/writers/pdf/sfnt-coverage.ts', 'quire/src/model/face-metrics-table.ts']),
    );
    const nodeImports = [...reached].flatMap(([file, found]) => found.filter(isNodeBuiltin).map((specifier) => `${relative(PDF_WRITER, file)} imports ${specifier}`));
    expect(nodeImports).toEqual([]);
  });

  it("use neither Node's Buffer nor process", () => {
    const uses = PURE_ENTRIES.filter((file) => /\bBuffer\b|\bprocess\./.test(readFileSync(file, 'utf8'))).map((file) => relative(PDF_WRITER, file));
    expect(uses).toEqual([]);
  });

  it('leave reading files to the Node font source, which the walk tells apart', () => {
    const nodeSource = reachedFiles([resolve(PDF_WRITER, 'node-font-source.ts')]).get(resolve(PDF_WRITER, 'node-font-source.ts'))!;
    expect(nodeSource.filter(isNodeBuiltin).sort()).toEqual(['node:fs', 'node:module', 'node:path', 'node:zlib']);
  });
});
