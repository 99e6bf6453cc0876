import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setVersion } from '../../scripts/set-version.js';
import { repositoryRoot } from '../support/packed-workspace.js';

/** A copy of the repository's manifests (root and packages/*), where the script can write. */
function copyManifests(): string {
  const root = mkdtempSync(join(tmpdir(), 'quire-set-version-'));
  cpSync(join(repositoryRoot, 'package.json'), join(root, 'package.json'));
  for (const folder of readdirSync(join(repositoryRoot, 'packages'))) cpSync(join(repositoryRoot, 'packages', folder, 'package.json'), join(root, 'packages', folder, 'package.json'));
  return root;
}

interface Manifest {
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Manifest;

let root: string | undefined;
afterEach(() => root && rmSync(root, { recursive: true, force: true }));

describe('npm run set-version', () => {
  it('sets one version in every package and in the ranges by which the packages depend on one another', () => {
    root = copyManifests();
    const written = setVersion(root, '2.3.4-rc.1');
    expect(written).toHaveLength(1 + readdirSync(join(root, 'packages')).length);
    const server = read(join(root, 'packages/server/package.json'));
    expect(server.version).toBe('2.3.4-rc.1');
    expect([server.dependencies?.['quire'], server.dependencies?.['@quire/convert'], server.dependencies?.['@quire/fonts']]).toEqual(['2.3.4-rc.1', '2.3.4-rc.1', '2.3.4-rc.1']);
    const convert = read(join(root, 'packages/convert/package.json'));
    expect(convert.peerDependencies?.['@quire/fonts']).toBe('2.3.4-rc.1');
    // Other dependencies keep their ranges.
    expect(convert.dependencies?.['pdfkit']).toBe(read(join(repositoryRoot, 'packages/convert/package.json')).dependencies?.['pdfkit']);
    expect(read(join(root, 'package.json')).version).toBe('2.3.4-rc.1');
  });

  it('refuses what is not a version, writing nothing', () => {
    root = copyManifests();
    expect(() => setVersion(root!, 'next')).toThrow('"next" is not a version');
    expect(read(join(root, 'packages/quire/package.json')).version).toBe(read(join(repositoryRoot, 'packages/quire/package.json')).version);
  });
});
