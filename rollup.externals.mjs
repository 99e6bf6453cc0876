// Shared by the packages' rollup configs: what a package's build leaves as imports.
import { builtinModules } from 'node:module';

/** Node built-ins and the package's own dependencies and peer dependencies (with their subpaths) stay imports; the rest is bundled. */
export function externalsOf(pkg) {
  const names = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
  return (id) => id.startsWith('node:') || builtinModules.includes(id) || names.some((name) => id === name || id.startsWith(`${name}/`));
}
