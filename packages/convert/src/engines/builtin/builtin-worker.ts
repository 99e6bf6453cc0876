// Entry of a built-in engine worker thread: answers each task posted by the engine's pool.
import { parentPort, type MessagePort } from 'node:worker_threads';
import { isConversionError } from '../../conversion-error.js';
import { isDocumentError } from 'quire/package';
// The catalog module itself, not the PDF writer's index: that would load pdfkit before the first PDF.
import { FontCatalog } from '../../writers/pdf/font-catalog.js';
import { runBuiltinConversion } from './run-builtin-conversion.js';
import type { BuiltinAnswer, BuiltinTask } from './worker-messages.js';

if (parentPort) {
  const port = parentPort;
  // One catalog per worker: font files are read and inflated once, then shared by every PDF.
  const fonts = new FontCatalog();
  port.on('message', (task: BuiltinTask) => void answerTask(port, task, fonts));
}

async function answerTask(port: MessagePort, task: BuiltinTask, fonts: FontCatalog): Promise<void> {
  let answer: BuiltinAnswer;
  try {
    const output = await runBuiltinConversion(task.input, task.from, task.to, { fonts, ...(task.paperSize ? { paperSize: task.paperSize } : {}), ...(task.markup ? { markup: task.markup } : {}) });
    answer = { id: task.id, ok: true, bytes: ownedCopy(output.bytes), warnings: output.warnings };
  } catch (error) {
    answer = { id: task.id, ok: false, ...describeFailure(error) };
  }
  port.postMessage(answer, answer.ok ? [answer.bytes.buffer as ArrayBuffer] : []);
}

// Only a whole, unshared buffer can be transferred rather than copied.
function ownedCopy(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return whole ? bytes : bytes.slice();
}

function describeFailure(error: unknown): Pick<Extract<BuiltinAnswer, { ok: false }>, 'code' | 'message'> {
  if (isConversionError(error)) return { code: error.code, message: error.message };
  if (isDocumentError(error)) return { code: 'CONVERT_INPUT_INVALID', message: error.message };
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return { code: 'CONVERT_INPUT_INVALID', message: 'The document is nested too deeply to convert.' };
  }
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return { code: 'CONVERT_ENGINE_FAILED', message: `The built-in engine failed: ${reason}` };
}
