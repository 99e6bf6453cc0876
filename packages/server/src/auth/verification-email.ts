import type { MailMessage } from '../mail/mailer.js';

/** What a code is asked for: an API key (`GET /v1/auth/register`) or a dashboard sign-in. */
export type CodePurpose = 'api-key' | 'dashboard';

/** Returns the plain-text e-mail that carries a verification code to `to`, saying where to enter it. */
export function composeVerificationEmail(to: string, code: string, ttlSeconds: number, purpose: CodePurpose = 'api-key'): MailMessage {
  const minutes = Math.round(ttlSeconds / 60);
  return {
    to,
    subject: 'Your Quire verification code',
    text: [
      'Your Quire verification code is:',
      '',
      `    ${code}`,
      '',
      ...(purpose === 'dashboard'
        ? [`It is valid for ${minutes} minutes and works once. Enter it on the usage dashboard to sign in.`]
        : [`It is valid for ${minutes} minutes and works once. Send it with your address to`, 'GET /v1/auth/verify?email=...&code=... to receive your API key.']),
      '',
      'If you did not ask for a code, ignore this message: nothing happens without it.',
      '',
    ].join('\n'),
  };
}
