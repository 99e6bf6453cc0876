// A conversion engine for server tests whose conversions do what their input text says.
import { ConversionError } from '../../../src/conversion-error.js';
import type { ConversionEngine, ConversionRequest, ConversionResult, EngineName } from '../../../src/engine.js';

/** A {@link createScriptedEngine} engine. */
export interface ScriptedEngine extends ConversionEngine {
  /** Conversions started so far (their input text). */
  started: string[];
  /** The requests of those conversions, in the same order. */
  requests: ConversionRequest[];
  /** Resolves once `count` conversions have started: counts, never a clock. */
  whenStarted(count: number): Promise<void>;
  /** Finishes every conversion waiting for the test. */
  finishAll(): void;
}

/**
 * Returns an engine (named `name`, default builtin) for which input "hold" waits for finishAll(),
 * "hang" never finishes (and ignores its signal), "busy" is refused as a full queue, "busy-late"
 * is refused as a full queue after an input check as long as the longest queue wait it was given
 * (LibreOffice checks a DOCX before it asks its queue), "queue" is refused after waiting the
 * longest queue wait it was given, "queue-short" after a wait of 1 ms (a queue with a shorter
 * limit of its own), "fail" fails as a crashed engine; anything else converts at once.
 */
export function createScriptedEngine(name: EngineName = 'builtin'): ScriptedEngine {
  let waiting: Array<() => void> = [];
  const watchers: Array<{ count: number; resolve: () => void }> = [];
  const result: ConversionResult = { bytes: new TextEncoder().encode('converted'), contentType: 'application/pdf', warnings: [] };
  const engine: ScriptedEngine = {
    name,
    started: [],
    requests: [],
    supports: () => true,
    async convert(input, request) {
      const command = new TextDecoder().decode(input);
      engine.started.push(command);
      engine.requests.push(request);
      for (const watcher of watchers.filter((candidate) => candidate.count <= engine.started.length)) {
        watchers.splice(watchers.indexOf(watcher), 1);
        watcher.resolve();
      }
      if (command === 'busy-late') await new Promise((resolve) => setTimeout(resolve, request.maxQueueWaitMs));
      if (command === 'busy' || command === 'busy-late') throw new ConversionError('CONVERT_BUSY', 'The scripted engine is full.', { reason: 'queue_full' });
      if (command === 'queue' || command === 'queue-short') {
        const waitMs = command === 'queue' ? request.maxQueueWaitMs : 1;
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        throw new ConversionError('CONVERT_BUSY', `The scripted engine's queue held the conversion for ${waitMs} ms.`, { reason: 'queue_wait' });
      }
      if (command === 'fail') throw new ConversionError('CONVERT_ENGINE_FAILED', 'The scripted engine crashed.', { engine: name });
      if (command === 'hang') return new Promise<ConversionResult>(() => undefined);
      if (command === 'hold') await new Promise<void>((resolve) => waiting.push(resolve));
      return result;
    },
    whenStarted(count) {
      if (engine.started.length >= count) return Promise.resolve();
      return new Promise<void>((resolve) => watchers.push({ count, resolve }));
    },
    finishAll() {
      for (const resolve of waiting) resolve();
      waiting = [];
    },
    close: async () => undefined,
  };
  return engine;
}
