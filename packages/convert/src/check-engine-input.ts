import { checkPackageBounds, PACKAGE_BOUNDS_PART_LIMITS } from './check-package-bounds.js';
import { ConversionError } from './conversion-error.js';
import { checkDeclaredFormat, openDeclaredDocx, type FormatCheck } from './detect-format.js';
import type { EngineName, InputFormat } from './engine.js';

/**
 * Checks an input before an external engine sees it: the bytes must be of the declared format,
 * and a DOCX must stay within the package bounds (both through one opened package). Rejects with
 * `CONVERT_INPUT_INVALID` naming the problem.
 */
export async function checkEngineInput(bytes: Uint8Array, from: InputFormat, engine: EngineName): Promise<void> {
  const check = from === 'docx' ? await checkDocx(bytes) : await checkDeclaredFormat(bytes, from);
  if (!check.ok) throw new ConversionError('CONVERT_INPUT_INVALID', check.reason, { engine });
}

async function checkDocx(bytes: Uint8Array): Promise<FormatCheck> {
  const opened = await openDeclaredDocx(bytes, PACKAGE_BOUNDS_PART_LIMITS);
  return opened.ok ? checkPackageBounds(opened.package) : opened;
}
