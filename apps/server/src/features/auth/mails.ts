import { OTP_TTL_MINUTES } from '@kuku/domain';
import type { MailMessage } from '../../integrations/mail/transport.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

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
