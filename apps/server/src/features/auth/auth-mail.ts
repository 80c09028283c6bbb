import type { AppContext } from '../../platform/context.js';
import { sendMail, linkMail as mail } from '../mail/public.js';

const linkMail = (greeting: string, intro: string, label: string, url: string, outro: string) =>
  mail({ greeting, lines: [intro], action: { label, url }, outro });

export async function sendVerificationMail(ctx: AppContext, to: string, firstname: string, token: string) {
  const link = `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await sendMail(ctx, 'verify_email', {
    to,
    subject: 'Verify your Cutroom email address',
    ...linkMail(
      `Hi ${firstname},`,
      'Please confirm that this is your email address.',
      'Verify email address',
      link,
      'The link works for 48 hours. If you did not sign up for Cutroom, ignore this message.',
    ),
  });
}

export async function sendPasswordResetMail(ctx: AppContext, to: string, firstname: string, token: string) {
  const link = `${ctx.config.publicUrl}/password-reset?token=${encodeURIComponent(token)}`;
  await sendMail(ctx, 'password_reset', {
    to,
    subject: 'Reset your Cutroom password',
    ...linkMail(
      `Hi ${firstname},`,
      'We received a request to reset your password.',
      'Choose a new password',
      link,
      'The link works for 1 hour and only once. If you did not ask for this, ignore this message.',
    ),
  });
}
