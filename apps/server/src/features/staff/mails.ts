import { INVITATION_TTL_DAYS, roleLabels, type Role } from '@kuku/domain';
import type { MailMessage } from '../../integrations/mail/transport.js';
import { escapeHtml } from '../../html.js';

export interface Invitation {
  to: string;
  username: string;
  farmName: string;
  invitedBy: string;
  role: Role;
  /** Where the invitee enters the code: the app's /auth with the invitation view. */
  link: string;
  code: string;
}

/** The invitation: who asked, as what, the code and where to enter it. */
export function invitationMail(i: Invitation): MailMessage {
  const intro = `${i.invitedBy} has added you to ${i.farmName} on Kuku as ${roleLabels[i.role]}.`;
  const step = `Open ${i.link}, enter the code below and choose your password. Your username is ${i.username}.`;
  const text = [
    `Hello ${i.username},`,
    '',
    intro,
    step,
    '',
    `Your code: ${i.code}`,
    '',
    `It expires in ${INVITATION_TTL_DAYS} days. If you did not expect it, you can ignore this email.`,
    '',
    'Kuku — poultry farm manager',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2d1f">
<p>Hello ${escapeHtml(i.username)},</p>
<p>${escapeHtml(intro)}</p>
<p>Open <a href="${escapeHtml(i.link)}">${escapeHtml(i.link)}</a>, enter the code below and choose your password. Your username is <b>${escapeHtml(i.username)}</b>.</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${i.code}</p>
<p>It expires in ${INVITATION_TTL_DAYS} days. If you did not expect it, you can ignore this email.</p>
<p style="color:#667">Kuku — poultry farm manager</p>
</body></html>`;
  return { to: i.to, subject: `You're invited to ${i.farmName} on Kuku`, text, html };
}
