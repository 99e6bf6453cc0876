import { checkDeclaredFormat, detectFormat, type InputFormat } from '@quire/convert';
import { ApiError } from '../errors/api-error.js';

/**
 * Returns the input format of an upload: the declared `from` once the content agrees with it,
 * else the format detected from the content and file name (see `detectFormat`). Throws an
 * `ApiError`: `CONVERT_FORMAT_MISMATCH` when the content is another supported format than the
 * declared one, `CONVERT_INPUT_INVALID` when it is no supported format or a broken one.
 */
export async function resolveUploadFormat(bytes: Uint8Array, declared: InputFormat | undefined, fileName: string | undefined): Promise<InputFormat> {
  if (declared === undefined) {
    const detected = await detectFormat(bytes, fileName === undefined ? {} : { fileName });
    if (!detected.ok) throw new ApiError('CONVERT_INPUT_INVALID', { message: detected.reason });
    return detected.format;
  }
  const check = await checkDeclaredFormat(bytes, declared);
  if (check.ok) return declared;
  const actual = await detectFormat(bytes);
  if (actual.ok && actual.format !== declared) {
    throw new ApiError('CONVERT_FORMAT_MISMATCH', {
      message: `The file was declared as ${declared} but its content is ${actual.format}.`,
      details: { declared, detected: actual.format },
    });
  }
  throw new ApiError('CONVERT_INPUT_INVALID', { message: check.reason });
}
