// The built-in engine's conversion run in the calling thread: what its worker thread runs for a
// task (runBuiltinConversion), so that a test's spies on quire's package layer see every read the
// worker would make of the input, which they cannot see across a thread.
import { OUTPUT_CONTENT_TYPES, type ConversionEngine } from '../../../../src/engine.js';
import { isBuiltinPair } from '../../../../src/engines/builtin/builtin-pairs.js';
import { runBuiltinConversion } from '../../../../src/engines/builtin/run-builtin-conversion.js';

/** Returns an engine named builtin that converts as the built-in engine's worker does, in this thread. */
export function createInProcessBuiltinEngine(): ConversionEngine {
  return {
    name: 'builtin',
    supports: isBuiltinPair,
    async convert(input, request) {
      const output = await runBuiltinConversion(input, request.from, request.to, request.paperSize ? { paperSize: request.paperSize } : {});
      return { bytes: output.bytes, contentType: OUTPUT_CONTENT_TYPES[request.to], warnings: output.warnings };
    },
    close: async () => undefined,
  };
}
