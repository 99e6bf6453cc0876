// The layout (src/layout) and everything it imports, followed file by file: a browser can load it,
// since none of it names a Node built-in or Node's globals. The PDF writer's Node parts (reading
// font files, pdfkit) stay in @quire/convert.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = resolve(import.meta.dirname, '../../src');
const LAYOUT = join(SOURCE, 'layout');

/** The module specifiers a source file imports or re-exports, statically or with `import()`, comments left out. */
function specifiers(code: string): string[] {
  const withoutComments = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...withoutComments.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'([^']+)'/gm)].map((match) => match[1]!);
}

/** Every source file the layout's files reach through relative imports, each with its specifiers. */
function reachedFiles(): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const pending = readdirSync(LAYOUT).filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts')).map((name) => join(LAYOUT, name));
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (reached.has(file)) continue;
    const found = specifiers(readFileSync(file, 'utf8'));
    reached.set(file, found);
    for (const specifier of found) if (specifier.startsWith('.')) pending.push(resolve(dirname(file), specifier).replace(/\.js$/, '.ts'));
  }
  return reached;
}

const isNodeBuiltin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!);

describe('the layout as a browser loads it', () => {
  const reached = reachedFiles();
  const names = [...reached.keys()].map((file) => relative(SOURCE, file));

  it('imports nothing from Node, however deep its imports go', () => {
    // The walk sees the files that matter: the paginator, the font catalog and the model's face metrics.
    expect(names).toEqual(expect.arrayContaining(['layout/paginate.ts', 'layout/font-catalog.ts', 'model/face-metrics-table.ts']));
    const nodeImports = [...reached].flatMap(([file, found]) => found.filter(isNodeBuiltin).map((specifier) => `${relative(SOURCE, file)} imports ${specifier}`));
    expect(nodeImports).toEqual([]);
  });

  it("uses neither Node's Buffer nor process", () => {
    const uses = [...reached.keys()].filter((file) => /\bBuffer\b|\bprocess\./.test(readFileSync(file, 'utf8').replace(/\/\/.*$/gm, ''))).map((file) => relative(SOURCE, file));
    expect(uses).toEqual([]);
  });

  it('imports no package but the model, line breaking (UAX #14) and bidi (UAX #9) libraries', () => {
    const packages = new Set([...reached.values()].flat().filter((specifier) => !specifier.startsWith('.')));
    expect([...packages].sort()).toEqual(expect.arrayContaining(['bidi-js', 'linebreak']));
    expect([...packages].filter((name) => !['bidi-js', 'linebreak', 'prosemirror-model'].includes(name) && !name.startsWith('prosemirror-'))).toEqual([]);
  });
});
