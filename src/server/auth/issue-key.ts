import type { ServerDeps } from '../deps.js';
import { ApiError } from '../errors/api-error.js';
import { createApiKey } from './api-key.js';
import type { AuthPolicy } from './auth-policy.js';
import { consumeVerificationCode } from './code-store.js';
import type { EmailAddress } from './email-address.js';
import { enforceRateLimits } from './enforce-rate-limits.js';
import { toIpSubject } from './ip-subject.js';
import { insertApiKey } from './key-store.js';
import { hashVerificationCode } from './verification-code.js';

/** What a verify call needs: the validated address, the code as typed and the client's IP. */
export interface IssueKeyInput {
  email: EmailAddress;
  code: string;
  clientIp: string;
}

/** A key issued by {@link issueApiKey}; `apiKey` is the only copy of the secret that will ever exist. */
export interface IssuedApiKey {
  apiKey: string;
  prefix: string;
  email: string;
  createdAt: Date;
}

const codePattern = /^\d{6}$/;

/**
 * Checks the code of an address and, when it matches, consumes it and issues a new API key (an
 * address may hold several keys; each verify issues one). Throws `AUTH_CODE_INVALID` for a wrong,
 * expired, used or exhausted code alike, and `AUTH_RATE_LIMITED` over the verify limits.
 */
export async function issueApiKey(deps: ServerDeps, policy: AuthPolicy, input: IssueKeyInput): Promise<IssuedApiKey> {
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
  const issued = await deps.db.transaction().execute(async (trx) => {
    const result = await consumeVerificationCode(trx, email, codeHmac, { now, maxAttempts: policy.maxCodeAttempts });
    if (!result.ok) return undefined;
    const key = createApiKey(deps.randomBytes);
    const record = await insertApiKey(trx, { prefix: key.prefix, keyHash: key.hash, email, createdAt: now });
    return { apiKey: key.apiKey, prefix: record.prefix, email: record.email, createdAt: record.createdAt };
  });
  // Thrown after the transaction so that a failed attempt is committed, not rolled back.
  if (issued === undefined) throw new ApiError('AUTH_CODE_INVALID');
  return issued;
}
