import { describe, expect, it } from 'vitest';
import { inheritableExecArgv, locateBuiltinWorker, startBuiltinWorker } from '../../../src/engines/builtin/start-builtin-worker.js';

describe('locateBuiltinWorker', () => {
  it('finds the TypeScript entry beside the module when run from sources', () => {
    expect(locateBuiltinWorker('file:///app/src/convert/engines/builtin/start-builtin-worker.ts').href).toBe(
      'file:///app/src/convert/engines/builtin/builtin-worker.ts',
    );
  });

  it('finds the built worker one folder below dist/esm or dist/cjs, from any chunk', () => {
    expect(locateBuiltinWorker('file:///app/node_modules/quire/dist/esm/chunks/engine-a1b2.js').href).toBe(
      'file:///app/node_modules/quire/dist/esm/convert/builtin-worker.js',
    );
    expect(locateBuiltinWorker('file:///app/node_modules/quire/dist/esm/server/index.js').href).toBe(
      'file:///app/node_modules/quire/dist/esm/convert/builtin-worker.js',
    );
    expect(locateBuiltinWorker('file:///app/node_modules/quire/dist/cjs/convert/index.cjs').href).toBe(
      'file:///app/node_modules/quire/dist/cjs/convert/builtin-worker.cjs',
    );
  });
});

describe('startBuiltinWorker', () => {
  it('fails with CONVERT_ENGINE_UNAVAILABLE when the worker script is missing', () => {
    expect(() => startBuiltinWorker({ maxHeapMb: 64, script: new URL('file:///nonexistent/builtin-worker.js') })).toThrow(
      expect.objectContaining({ code: 'CONVERT_ENGINE_UNAVAILABLE', message: expect.stringMatching(/rebuild the package/) }),
    );
  });

  it('bounds both heap generations of the worker, the young one well below the V8 default', async () => {
    const worker = startBuiltinWorker({ maxHeapMb: 64, script: new URL('./support/scripted-worker.mjs', import.meta.url) });
    try {
      await new Promise((resolve) => worker.once('online', resolve));
      expect(worker.resourceLimits?.maxOldGenerationSizeMb).toBe(64);
      // V8's own young generation default on 64-bit reaches 48 MB (3 × 16 MB semi-spaces).
      expect(worker.resourceLimits?.maxYoungGenerationSizeMb).toBeGreaterThan(0);
      expect(worker.resourceLimits?.maxYoungGenerationSizeMb).toBeLessThanOrEqual(16);
    } finally {
      await worker.terminate();
    }
  });
});

describe('inheritableExecArgv', () => {
  it('drops --input-type, which worker threads refuse, and keeps every other flag', () => {
    expect(inheritableExecArgv(['--input-type=module', '--max-old-space-size=512', '-e', 'code'])).toEqual(['--max-old-space-size=512', '-e', 'code']);
    expect(inheritableExecArgv(['--input-type', 'commonjs', '--enable-source-maps'])).toEqual(['--enable-source-maps']);
  });
});
