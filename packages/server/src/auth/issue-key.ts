import type { ServerDeps } from '../deps.js';
import { createApiKey } from './api-key.js';
import type { AuthPolicy } from './auth-policy.js';
import { insertApiKey } from './key-store.js';
import { redeemVerificationCode, type RedeemCodeInput } from './redeem-code.js';

/** What a verify call needs: the validated address, the code as typed and the client's IP. */
export type IssueKeyInput = RedeemCodeInput;

/** A key issued by {@link issueApiKey}; `apiKey` is the only copy of the secret that will ever exist. */
export interface IssuedApiKey {
  apiKey: string;
  prefix: string;
  email: string;
  createdAt: Date;
}

/**
 * Checks the code of an address and, when it matches, consumes it and issues a new API key (an
 * address may hold several keys; each verify issues one). Throws `AUTH_CODE_INVALID` for a wrong,
 * expired, used or exhausted code alike, and `AUTH_RATE_LIMITED` over the verify limits.
 */
export async function issueApiKey(deps: ServerDeps, policy: AuthPolicy, input: IssueKeyInput): Promise<IssuedApiKey> {
  return redeemVerificationCode(deps, policy, input, async (trx, now) => {
    const key = createApiKey(deps.randomBytes);
    const record = await insertApiKey(trx, { prefix: key.prefix, keyHash: key.hash, email: input.email.canonical, createdAt: now });
    return { apiKey: key.apiKey, prefix: record.prefix, email: record.email, createdAt: record.createdAt };
  });
}
