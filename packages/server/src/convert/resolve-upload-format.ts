import { resolveInputFormat, type InputFormat } from '@quire/convert';
import { ApiError } from '../errors/api-error.js';

/**
 * Returns the input format of an upload: the declared `from` once the content agrees with it,
 * else the format detected from the content and file name (see `resolveInputFormat`). Reads the
 * first bytes only: a zip is taken as a DOCX, which the engine opens (ARCHITECTURE.md, The life
 * of a conversion on the server). Throws an `ApiError`: `CONVERT_FORMAT_MISMATCH` when the content
 * is another supported format than the declared one, `CONVERT_INPUT_INVALID` when it is no
 * supported format.
 */
export async function resolveUploadFormat(bytes: Uint8Array, declared: InputFormat | undefined, fileName: string | undefined): Promise<InputFormat> {
  const resolved = await resolveInputFormat(bytes, { ...(declared === undefined ? {} : { from: declared }), ...(fileName === undefined ? {} : { fileName }) });
  if (resolved.ok) return resolved.format;
  if (declared !== undefined && resolved.detected !== undefined) {
    throw new ApiError('CONVERT_FORMAT_MISMATCH', {
      message: `The file was declared as ${declared} but its content is ${resolved.detected}.`,
      details: { declared, detected: resolved.detected },
    });
  }
  throw new ApiError('CONVERT_INPUT_INVALID', { message: resolved.reason });
}
