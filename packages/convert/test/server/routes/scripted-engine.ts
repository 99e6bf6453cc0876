// A conversion engine for server tests whose conversions do what their input text says.
import { ConversionError } from '../../../src/conversion-error.js';
import type { ConversionEngine, ConversionResult, EngineName } from '../../../src/engine.js';

/** A {@link createScriptedEngine} engine. */
export interface ScriptedEngine extends ConversionEngine {
  /** Conversions started so far (their input text). */
  started: string[];
  /** Finishes every conversion waiting for the test. */
  finishAll(): void;
}

/**
 * Returns an engine (named `name`, default builtin) for which input "hold" waits for finishAll(),
 * "hang" never finishes (and ignores its signal), "busy" is refused as a full queue, "fail" fails
 * as a crashed engine; anything else converts at once.
 */
export function createScriptedEngine(name: EngineName = 'builtin'): ScriptedEngine {
  let waiting: Array<() => void> = [];
  const result: ConversionResult = { bytes: new TextEncoder().encode('converted'), contentType: 'application/pdf', warnings: [] };
  const engine: ScriptedEngine = {
    name,
    started: [],
    supports: () => true,
    async convert(input) {
      const command = new TextDecoder().decode(input);
      engine.started.push(command);
      if (command === 'busy') throw new ConversionError('CONVERT_BUSY', 'The scripted engine is full.');
      if (command === 'fail') throw new ConversionError('CONVERT_ENGINE_FAILED', 'The scripted engine crashed.', { engine: name });
      if (command === 'hang') return new Promise<ConversionResult>(() => undefined);
      if (command === 'hold') await new Promise<void>((resolve) => waiting.push(resolve));
      return result;
    },
    finishAll() {
      for (const resolve of waiting) resolve();
      waiting = [];
    },
    close: async () => undefined,
  };
  return engine;
}

/** Resolves once `condition` holds, checking every 5 ms; rejects after about 2.5 s. */
export async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('condition not met in time');
}
