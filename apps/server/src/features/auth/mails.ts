import { instantDateTimeText, OTP_TTL_MINUTES } from '@kuku/domain';
import type { MailMessage } from '../../integrations/mail/transport.js';
import { escapeHtml } from '../../html.js';

function codeMail(to: string, username: string, subject: string, intro: string, code: string): MailMessage {
  const text = [
    `Hello ${username},`,
    '',
    intro,
    '',
    `Your code: ${code}`,
    '',
    `It expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this email.`,
    '',
    'Kuku — poultry farm manager',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2d1f">
<p>Hello ${escapeHtml(username)},</p>
<p>${escapeHtml(intro)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>
<p>It expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this email.</p>
<p style="color:#667">Kuku — poultry farm manager</p>
</body></html>`;
  return { to, subject, text, html };
}

export function verificationMail(to: string, username: string, code: string): MailMessage {
  return codeMail(to, username, 'Your Kuku verification code', 'Enter this code to verify your email and finish creating your Kuku account.', code);
}

export function passwordResetMail(to: string, username: string, code: string): MailMessage {
  return codeMail(to, username, 'Your Kuku password reset code', 'Enter this code to choose a new password for your Kuku account.', code);
}

export function emailChangeCodeMail(to: string, username: string, code: string): MailMessage {
  return codeMail(to, username, 'Your Kuku email change code', 'Enter this code on My Profile to make this the email of your Kuku account.', code);
}

/** To the old address once the change is done: what it became, when, and what to do if it was not them. */
export function emailChangedMail(to: string, username: string, newEmail: string, when: Date): MailMessage {
  const at = `${instantDateTimeText(when, 'UTC')} UTC`;
  const lines = [
    `The email of your Kuku account was changed to ${newEmail} on ${at}, and every other device was signed out.`,
    'If this was you, there is nothing to do.',
    'If it was not you, reply to this email at once: someone who knew your password, or held your phone signed in, has changed it, and we will help you get your account back. Do not share any code we send you.',
  ];
  const text = [`Hello ${username},`, '', ...lines, '', 'Kuku — poultry farm manager'].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2d1f">
<p>Hello ${escapeHtml(username)},</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p style="color:#667">Kuku — poultry farm manager</p>
</body></html>`;
  return { to, subject: 'Your Kuku email was changed', text, html };
}
