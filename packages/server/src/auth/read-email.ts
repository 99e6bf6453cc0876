import { ApiError } from '../errors/api-error.js';
import { parseEmailAddress, type EmailAddress } from './email-address.js';

/** Returns the parsed address, or throws `AUTH_EMAIL_INVALID` (400) saying what is wrong with it. */
export function readEmail(input: string): EmailAddress {
  const parsed = parseEmailAddress(input);
  if (!parsed.ok) throw new ApiError('AUTH_EMAIL_INVALID', { message: parsed.reason });
  return parsed.value;
}
