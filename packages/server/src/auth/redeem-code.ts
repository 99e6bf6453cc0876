import type { Kysely } from 'kysely';
import type { ServerDeps } from '../deps.js';
import { ApiError } from '../errors/api-error.js';
import type { Database } from '../store/schema.js';
import type { AuthPolicy } from './auth-policy.js';
import { consumeVerificationCode } from './code-store.js';
import type { EmailAddress } from './email-address.js';
import { enforceRateLimits } from './enforce-rate-limits.js';
import { toIpSubject } from './ip-subject.js';
import { hashVerificationCode } from './verification-code.js';

/** A code as typed, for an address, from a client. */
export interface RedeemCodeInput {
  email: EmailAddress;
  code: string;
  clientIp: string;
}

const codePattern = /^\d{6}$/;

/**
 * Checks the code of an address and, when it matches, consumes it and runs `use` in the same
 * transaction (issuing a key, opening a session), resolving to its result. Throws
 * `AUTH_CODE_INVALID` for a wrong, expired, used or exhausted code alike, and `AUTH_RATE_LIMITED`
 * over the verify limits (which every use of a code shares).
 */
export async function redeemVerificationCode<T>(
  deps: ServerDeps,
  policy: AuthPolicy,
  input: RedeemCodeInput,
  use: (trx: Kysely<Database>, now: Date) => Promise<T>,
): Promise<T> {
  // Users paste codes with spaces ("123 456"); anything else that is not six digits cannot match.
  const code = input.code.replace(/\s+/g, '');
  if (!codePattern.test(code)) throw new ApiError('AUTH_CODE_INVALID');
  const now = deps.now();
  const email = input.email.canonical;
  await enforceRateLimits(
    deps.db,
    [
      { bucket: `verify:ip:${toIpSubject(input.clientIp)}`, rule: policy.verifyPerIp },
      { bucket: `verify:email:${email}`, rule: policy.verifyPerAddress },
    ],
    now,
    deps.metrics,
  );
  const codeHmac = hashVerificationCode(deps.config.secret, email, code);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const result = await consumeVerificationCode(trx, email, codeHmac, { now, maxAttempts: policy.maxCodeAttempts });
    return result.ok ? { value: await use(trx, now) } : undefined;
  });
  // Thrown after the transaction so that a failed attempt is committed, not rolled back.
  if (outcome === undefined) throw new ApiError('AUTH_CODE_INVALID');
  return outcome.value;
}
