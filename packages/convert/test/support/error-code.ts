import { isConversionError } from '../../src/conversion-error.js';

/**
 * Resolves to the code of the `ConversionError` that `promise` rejects with, to a description of
 * any other rejection, or to `'resolved'`: one value for a test to compare.
 */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return isConversionError(error) ? error.code : `not a ConversionError: ${String(error)}`;
  }
  return 'resolved';
}
