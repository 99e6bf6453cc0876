import type { MailMessage } from '../mail/mailer.js';

/** Returns the plain-text e-mail that carries a verification code to `to`. */
export function composeVerificationEmail(to: string, code: string, ttlSeconds: number): MailMessage {
  const minutes = Math.round(ttlSeconds / 60);
  return {
    to,
    subject: 'Your Quire verification code',
    text: [
      'Your Quire verification code is:',
      '',
      `    ${code}`,
      '',
      `It is valid for ${minutes} minutes and works once. Send it with your address to`,
      'GET /v1/auth/verify?email=...&code=... to receive your API key.',
      '',
      'If you did not ask for a code, ignore this message: no key is issued without it.',
      '',
    ].join('\n'),
  };
}
