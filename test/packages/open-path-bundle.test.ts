// A page that only opens and reports a document, bundled from `quire` as published (`npm test`
// builds first): the packed tarball installed outside the repository, bundled by esbuild and by
// rollup with code splitting, must stay within 16 KB min+gzip up front and hold no editor code.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleSize, editorOnlyModule, openAndReportEntry, openPathBudget, type Bundler } from '../support/bundle-size.js';
import { installInto, packWorkspace } from '../support/packed-workspace.js';

const scratch = mkdtempSync(join(tmpdir(), 'quire-open-path-'));
const app = join(scratch, 'app');

beforeAll(() => installInto(app, [packWorkspace(join(scratch, 'tarballs'), ['quire']).quire!]), 180_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('a page that imports openDocument from the published quire', () => {
  it.each<Bundler>(['esbuild', 'rollup'])('loads at most 16 KB min+gzip up front with %s, none of it ProseMirror or the editor', async (bundler) => {
    const size = await bundleSize(bundler, app, openAndReportEntry);
    expect(size.upFrontModules.filter((module) => module.startsWith('node_modules/quire/dist/esm/')).length).toBeGreaterThan(0);
    expect(size.upFrontModules.filter((module) => editorOnlyModule.test(module))).toEqual([]);
    expect(size.upFront).toBeLessThanOrEqual(openPathBudget);
    // The metadata writer behind `opened.export()` stays lazy.
    expect(Object.keys(size.lazy)).toContain('write-document-metadata');
  });
});
