// The package graph: every import in a package's sources stays inside the package, names a Node
// built-in, or names a package the package.json declares; a workspace package is reached only
// through an entry its exports map lists; and dependencies flow one way
// (server -> convert -> quire, convert -> fonts), the same layers the code had before the split.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../support/packed-workspace.js';

interface Manifest {
  name: string;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const folders = readdirSync(join(repositoryRoot, 'packages'));
// @quire/fonts holds fonts and no code.
const foldersWithCode = folders.filter((folder) => existsSync(join(repositoryRoot, 'packages', folder, 'src')));
const manifests = new Map(folders.map((folder) => [folder, JSON.parse(readFileSync(join(repositoryRoot, 'packages', folder, 'package.json'), 'utf8')) as Manifest]));
const workspaceNames = new Set([...manifests.values()].map((manifest) => manifest.name));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every module specifier a file imports or re-exports, statically or with `import()`. */
function specifiers(file: string): string[] {
  const code = readFileSync(file, 'utf8').replace(/^\s*(\/\/.*|\*.*|\/\*\*.*)$/gm, '');
  return [...code.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'([.@a-z0-9][\w@./-]*)'/gim)].map((match) => match[1]!);
}

const packageName = (specifier: string) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);

/** Problems with the imports of one package's sources, one line each. */
function boundaryProblems(folder: string): string[] {
  const manifest = manifests.get(folder)!;
  const source = join(repositoryRoot, 'packages', folder, 'src');
  // devDependencies count where the build bundles them into the package (markdown-it, uPlot).
  const declared = new Set(Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.devDependencies }));
  const problems: string[] = [];
  for (const file of sourceFiles(source)) {
    const where = relative(repositoryRoot, file);
    for (const specifier of specifiers(file)) {
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        if (!target.startsWith(`${source}/`)) problems.push(`${where}: ${specifier} leaves the package`);
        continue;
      }
      if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
      const name = packageName(specifier);
      if (!declared.has(name)) problems.push(`${where}: ${specifier} is not declared in ${manifest.name}'s package.json`);
      if (workspaceNames.has(name)) {
        const target = [...manifests.values()].find((other) => other.name === name)!;
        const entry = `.${specifier.slice(name.length)}`;
        if (!Object.hasOwn(target.exports ?? {}, entry)) problems.push(`${where}: ${specifier} is not an entry of ${name}'s exports`);
      }
    }
  }
  return problems;
}

describe('the workspace packages', () => {
  it.each(foldersWithCode)('packages/%s imports only its own files, Node built-ins and the exports of what it declares', (folder) => {
    expect(boundaryProblems(folder)).toEqual([]);
  });

  it('depend on one another one way: server on convert and quire, convert on quire and fonts, quire on none', () => {
    const graph = Object.fromEntries(
      [...manifests.values()].map((manifest) => [
        manifest.name,
        Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }).filter((name) => workspaceNames.has(name)).sort(),
      ]),
    );
    expect(graph).toEqual({
      quire: [],
      '@quire/fonts': [],
      '@quire/convert': ['@quire/fonts', 'quire'],
      '@quire/server': ['@quire/convert', '@quire/fonts', 'quire'],
    });
  });

  it('share one version, which each workspace dependency asks for exactly', () => {
    const versions = new Set([...manifests.values()].map((manifest) => (manifest as Manifest & { version: string }).version));
    expect(versions.size).toBe(1);
    const [version] = versions;
    for (const manifest of manifests.values()) {
      for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies })) {
        if (workspaceNames.has(name)) expect(range, `${manifest.name} -> ${name}`).toBe(version);
      }
    }
  });

  it('keep the browser package free of Node-only and server dependencies', () => {
    const quire = manifests.get('quire')!;
    expect(Object.keys(quire.dependencies ?? {}).filter((name) => !/^prosemirror-|^@rgrove\/parse-xml$|^decode-named-character-reference$|^@noble\/hashes$/.test(name))).toEqual([]);
  });
});
