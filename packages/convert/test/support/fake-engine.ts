// A conversion engine that records its calls and answers with a fixed output, for selection tests.
import type { ConversionEngine, ConversionRequest, EngineName, InputFormat, OutputFormat } from '../../src/engine.js';

export interface FakeEngine extends ConversionEngine {
  calls: Array<{ input: Uint8Array; request: ConversionRequest }>;
  closed: boolean;
}

/** Returns a fake engine converting the given outputs (default both); PDF answers are valid PDF bytes. */
export function createFakeEngine(name: EngineName, outputs: readonly OutputFormat[] = ['pdf', 'docx']): FakeEngine {
  const engine: FakeEngine = {
    name,
    calls: [],
    closed: false,
    supports: (_from: InputFormat, to: OutputFormat) => outputs.includes(to),
    async convert(input, request) {
      engine.calls.push({ input, request });
      return {
        bytes: new TextEncoder().encode(`%PDF-1.7 by ${name}\n%%EOF`),
        contentType: request.to === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        warnings: [`converted by ${name}`],
      };
    },
    async close() {
      engine.closed = true;
    },
  };
  return engine;
}
