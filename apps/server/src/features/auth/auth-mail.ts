import type { AppContext } from '../../platform/context.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function linkMail(greeting: string, intro: string, action: string, link: string, outro: string) {
  const text = `${greeting}\n\n${intro}\n\n${action}: ${link}\n\n${outro}\n\n— Cutroom`;
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p><p>— Cutroom</p>`;
  return { text, html };
}

export async function sendVerificationMail(ctx: AppContext, to: string, firstname: string, token: string) {
  const link = `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
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
  await ctx.mailer.send({
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
