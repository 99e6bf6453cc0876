import { checkPackageBounds } from './check-package-bounds.js';
import { ConversionError } from './conversion-error.js';
import { checkDeclaredFormat } from './detect-format.js';
import type { EngineName, InputFormat } from './engine.js';

/**
 * Checks an input before an external engine sees it: the bytes must be of the declared format,
 * and a DOCX must stay within the package bounds. Rejects with `CONVERT_INPUT_INVALID` naming
 * the problem.
 */
export async function checkEngineInput(bytes: Uint8Array, from: InputFormat, engine: EngineName): Promise<void> {
  const declared = await checkDeclaredFormat(bytes, from);
  const check = declared.ok && from === 'docx' ? await checkPackageBounds(bytes) : declared;
  if (!check.ok) throw new ConversionError('CONVERT_INPUT_INVALID', check.reason, { engine });
}
