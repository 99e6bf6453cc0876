import type { ServerDeps } from '../deps.js';
import { ApiError } from '../errors/api-error.js';
import type { AuthPolicy } from './auth-policy.js';
import { storeVerificationCode } from './code-store.js';
import type { EmailAddress } from './email-address.js';
import { enforceRateLimits } from './enforce-rate-limits.js';
import { toIpSubject } from './ip-subject.js';
import { generateVerificationCode, hashVerificationCode } from './verification-code.js';
import { composeVerificationEmail, type CodePurpose } from './verification-email.js';

/** What a register call needs: the validated address and the client's IP address. */
export interface RequestCodeInput {
  email: EmailAddress;
  clientIp: string;
  /** Where the e-mail says to enter the code; default an API key. */
  purpose?: CodePurpose;
}

/**
 * Sends a fresh 6-digit code to the address and stores only its HMAC, replacing any earlier code.
 * Runs the same way for every address, known or not. Throws `AUTH_RATE_LIMITED` over the per-IP or
 * per-address limit and `AUTH_MAIL_UNAVAILABLE` when the mail cannot be handed over.
 */
export async function requestVerificationCode(deps: ServerDeps, policy: AuthPolicy, input: RequestCodeInput): Promise<void> {
  const now = deps.now();
  await enforceRateLimits(
    deps.db,
    [
      { bucket: `register:ip:${toIpSubject(input.clientIp)}`, rule: policy.registerPerIp },
      { bucket: `register:email:${input.email.canonical}`, rule: policy.registerPerAddress },
    ],
    now,
    deps.metrics,
  );
  const code = generateVerificationCode(deps.randomBytes);
  await storeVerificationCode(deps.db, {
    email: input.email.canonical,
    codeHmac: hashVerificationCode(deps.config.secret, input.email.canonical, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + policy.codeTtlSeconds * 1000),
  });
  try {
    await deps.mailer.send(composeVerificationEmail(input.email.address, code, policy.codeTtlSeconds, input.purpose));
  } catch (error) {
    deps.logger.error({ err: error }, 'verification e-mail could not be sent');
    throw new ApiError('AUTH_MAIL_UNAVAILABLE');
  }
}
