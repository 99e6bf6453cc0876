// `npm run set-version -- <version>`: the packages are released together at one version. Sets it
// in the root and every workspace package.json, and in the exact ranges by which the packages
// depend on one another (`npm version --workspaces` leaves those at the old version). Run
// `npm install` afterwards to refresh package-lock.json.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies'] as const;
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

type Manifest = { name: string; version: string } & Partial<Record<(typeof DEPENDENCY_FIELDS)[number], Record<string, string>>>;

/** Sets `version` in the manifests under `root` (the root's and packages/*'s); returns the files written. */
export function setVersion(root: string, version: string): string[] {
  if (!SEMVER.test(version)) throw new Error(`set-version: "${version}" is not a version such as 1.2.3 or 1.2.3-rc.1`);
  const files = [join(root, 'package.json'), ...readdirSync(join(root, 'packages')).map((folder) => join(root, 'packages', folder, 'package.json'))];
  const manifests = files.map((file) => ({ file, manifest: JSON.parse(readFileSync(file, 'utf8')) as Manifest }));
  const workspaceNames = new Set(manifests.slice(1).map(({ manifest }) => manifest.name));
  for (const { file, manifest } of manifests) {
    manifest.version = version;
    for (const field of DEPENDENCY_FIELDS) {
      for (const name of Object.keys(manifest[field] ?? {})) if (workspaceNames.has(name)) manifest[field]![name] = version;
    }
    writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  }
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [version] = process.argv.slice(2);
  if (version === undefined) {
    console.error('usage: npm run set-version -- <version>');
    process.exit(2);
  }
  for (const file of setVersion(join(import.meta.dirname, '..'), version)) console.log(`set ${version} in ${file}`);
}
