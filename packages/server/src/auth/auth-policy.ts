import type { RateLimit } from './rate-limit.js';

/** The lifetimes and limits of the key-issuing flow; {@link defaultAuthPolicy} holds the documented values. */
export interface AuthPolicy {
  /** Seconds a verification code stays valid. */
  codeTtlSeconds: number;
  /** Wrong tries after which a code is dead. */
  maxCodeAttempts: number;
  /** Codes sent per address. */
  registerPerAddress: RateLimit;
  /** Codes requested per client IP (IPv6: per /64). */
  registerPerIp: RateLimit;
  /** Verify calls per address, against guessing across fresh codes. */
  verifyPerAddress: RateLimit;
  /** Verify calls per client IP, against guessing across many addresses. */
  verifyPerIp: RateLimit;
  /** A key's `last_used_at` is written only when the stored value is older than this. */
  lastUsedResolutionSeconds: number;
  /** Expired codes and rate-limit rows are purged at most this often (per server instance). */
  purgeIntervalSeconds: number;
}

const hour = 3600;

/** 10-minute codes, 5 tries; 5 codes per address and 20 per IP an hour; 10 and 60 verify calls. */
export const defaultAuthPolicy: AuthPolicy = {
  codeTtlSeconds: 600,
  maxCodeAttempts: 5,
  registerPerAddress: { limit: 5, windowSeconds: hour },
  registerPerIp: { limit: 20, windowSeconds: hour },
  verifyPerAddress: { limit: 10, windowSeconds: hour },
  verifyPerIp: { limit: 60, windowSeconds: hour },
  lastUsedResolutionSeconds: 60,
  purgeIntervalSeconds: 600,
};
