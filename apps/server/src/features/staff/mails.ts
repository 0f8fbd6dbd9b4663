import { INVITATION_TTL_DAYS, mailWords, roleLabels, type Language, type Role } from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
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
  /** The inviter's (decision 068): the invitee has chosen none yet. */
  language: Language;
}

/** The invitation: who asked, as what, the code and where to enter it. */
export function invitationMail(i: Invitation): MailMessage {
  const m = wordsIn(i.language, mailWords);
  const intro = m.invitationIntro(i.invitedBy, i.farmName, wordsIn(i.language, roleLabels)[i.role]);
  const text = [m.hello(i.username), '', intro, m.invitationStep(i.link, i.username), '', m.yourCode(i.code), '', m.invitationExpires(INVITATION_TTL_DAYS), '', m.signature].join('\n');
  const link = `<a href="${escapeHtml(i.link)}">${escapeHtml(i.link)}</a>`;
  const html = `<!doctype html><html lang="${i.language}"><body style="font-family:Arial,sans-serif;color:#1f2d1f">
<p>${escapeHtml(m.hello(i.username))}</p>
<p>${escapeHtml(intro)}</p>
<p>${m.invitationStep(link, `<b>${escapeHtml(i.username)}</b>`)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${i.code}</p>
<p>${escapeHtml(m.invitationExpires(INVITATION_TTL_DAYS))}</p>
<p style="color:#667">${escapeHtml(m.signature)}</p>
</body></html>`;
  return { to: i.to, subject: m.invitationSubject(i.farmName), text, html };
}
