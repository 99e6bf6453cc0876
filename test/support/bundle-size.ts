// What a page downloads from a module, bundled as an application's bundler would: esbuild (code
// splitting on, as Vite's dev server and many apps use it) or rollup (as Vite builds for
// production), minified, each output file gzipped (level 9). Shared by the open path's bundle test
// and `npm run bench size`, which bundle from the packed `quire` installed outside the repository.
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { build, type Metafile } from 'esbuild';
import { rollup, type OutputChunk } from 'rollup';

export type Bundler = 'esbuild' | 'rollup';

/** What a page that only opens and reports documents may load up front, min+gzip, whichever the bundler. */
export const openPathBudget = 16 * 1024;

/** A page that opens a document and reports it, and nothing else: what {@link openPathBudget} is about. */
export const openAndReportEntry = `import { openDocument } from 'quire';
export async function open(file) {
  const opened = await openDocument(file, { licenseKey: 'your-organisation-key' });
  return opened.documentId;
}`;

/** A module of the installed `quire` that only the editor and the converters need: ProseMirror, the document model and its builder, the readers and writers. */
export const editorOnlyModule = /prosemirror|\/dist\/esm\/(?:editor|model|readers|writers)\//;

/** Min+gzip bytes a page loads up front and on demand, and the modules of the up-front part. */
export interface BundleSize {
  /** The entry and every output file it imports statically, gzipped. */
  readonly upFront: number;
  /** Each file the page may load later, through dynamic imports, by the module it loads (or `shared by the lazy chunks`). */
  readonly lazy: Readonly<Record<string, number>>;
  /** The modules whose code the up-front files hold, as paths under `folder`. */
  readonly upFrontModules: readonly string[];
}

// The module bundled, as if it lay in the folder its imports resolve from; it is never written.
const entryName = 'entry.js';

/** Gzipped size of `code` (level 9), the figure of every bundle size here. */
export const gzippedSize = (code: string | Uint8Array): number => gzipSync(code, { level: 9 }).length;

/** `quire/dist/esm/writers/docx/docx-writers.js` or `.../read-markdown-with-html-parser.ts` give their file names less the extension. */
const moduleLabel = (path: string) => path.replace(/^.*\//, '').replace(/\.[cm]?[jt]s$/, '');

/**
 * Bundles `contents` (an ES module whose imports resolve from `folder`, as if it lay there) for a
 * browser with `bundler`, code splitting on, and measures the output.
 */
export async function bundleSize(bundler: Bundler, folder: string, contents: string): Promise<BundleSize> {
  return bundler === 'esbuild' ? esbuildSize(folder, contents) : rollupSize(folder, contents);
}

async function esbuildSize(folder: string, contents: string): Promise<BundleSize> {
  const result = await build({
    stdin: { contents, resolveDir: folder, loader: 'js', sourcefile: entryName },
    absWorkingDir: folder,
    bundle: true, minify: true, splitting: true, format: 'esm', platform: 'browser',
    outdir: join(folder, 'esbuild-out'), write: false, metafile: true,
    logLevel: 'silent',
  });
  const sizes = new Map(result.outputFiles.map((file) => [file.path, gzippedSize(file.contents)]));
  const outputs = (result.metafile as Metafile).outputs;
  // Metafile paths are relative to the working directory; output files carry absolute paths.
  const sizeOf = (name: string) => sizes.get(resolve(folder, name)) ?? 0;
  const entry = Object.keys(outputs).find((name) => outputs[name]?.entryPoint === entryName);
  const importsOf = (name: string, kinds: readonly string[]) =>
    (outputs[name]?.imports ?? []).filter((imported) => kinds.includes(imported.kind)).map((imported) => imported.path);
  const upFront = reachable(entry, (name) => importsOf(name, ['import-statement']));
  const lazy: Record<string, number> = {};
  // esbuild also writes the chunks of dynamic imports in code it dropped: those no page loads.
  for (const name of reachable(entry, (name) => importsOf(name, ['import-statement', 'dynamic-import']))) {
    if (upFront.has(name)) continue;
    // esbuild adds chunks for code that several lazy ones share.
    const loads = outputs[name]?.entryPoint;
    const label = loads === undefined ? 'shared by the lazy chunks' : moduleLabel(loads);
    lazy[label] = (lazy[label] ?? 0) + sizeOf(name);
  }
  return {
    upFront: [...upFront].reduce((sum, name) => sum + sizeOf(name), 0),
    lazy,
    upFrontModules: [...upFront].flatMap((name) => Object.keys(outputs[name]?.inputs ?? {})),
  };
}

async function rollupSize(folder: string, contents: string): Promise<BundleSize> {
  const entryId = join(folder, entryName);
  const entry = { name: 'entry', resolveId: (id: string) => (id === entryId ? id : null), load: (id: string) => (id === entryId ? contents : null) };
  // Browser field resolution, as Vite does; commonjs for dependencies published as CommonJS (@rgrove/parse-xml).
  const bundle = await rollup({ input: entryId, plugins: [entry, nodeResolve({ browser: true }), commonjs()], onwarn: () => {} });
  try {
    const { output } = await bundle.generate({ format: 'esm', plugins: [terser({ format: { comments: false } })] });
    const chunks = new Map(output.filter((file): file is OutputChunk => file.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
    const first = [...chunks.values()].find((chunk) => chunk.isEntry);
    const upFront = reachable(first?.fileName, (name) => chunks.get(name)?.imports ?? []);
    const lazy: Record<string, number> = {};
    for (const name of reachable(first?.fileName, (name) => [...(chunks.get(name)?.imports ?? []), ...(chunks.get(name)?.dynamicImports ?? [])])) {
      if (upFront.has(name)) continue;
      const chunk = chunks.get(name)!;
      const label = chunk.facadeModuleId === null ? 'shared by the lazy chunks' : moduleLabel(chunk.facadeModuleId);
      lazy[label] = (lazy[label] ?? 0) + gzippedSize(chunk.code);
    }
    const upFrontChunks = [...upFront].map((name) => chunks.get(name)!);
    return {
      upFront: upFrontChunks.reduce((sum, chunk) => sum + gzippedSize(chunk.code), 0),
      lazy,
      upFrontModules: upFrontChunks.flatMap((chunk) =>
        Object.entries(chunk.modules).filter(([, module]) => module.renderedLength > 0).map(([id]) => id.replace(`${folder}/`, '').replace(/^\0/, '')),
      ),
    };
  } finally {
    await bundle.close();
  }
}

/** The output file `start` and every one it reaches through `importsOf`. */
function reachable(start: string | undefined, importsOf: (name: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const imported of importsOf(name)) visit(imported);
  };
  if (start !== undefined) visit(start);
  return seen;
}
