import { calendarWords, instantDateTimeText, mailWords, OTP_TTL_MINUTES, type Language } from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import type { MailMessage } from '../../integrations/mail/transport.js';
import { escapeHtml } from '../../html.js';

// Each mail in its recipient's language (decision 068): the account's, or the one the request that
// caused it was made in.

function codeMail(to: string, username: string, subject: string, intro: string, code: string, language: Language): MailMessage {
  const m = wordsIn(language, mailWords);
  const text = [m.hello(username), '', intro, '', m.yourCode(code), '', m.codeExpires(OTP_TTL_MINUTES), '', m.signature].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1f2d1f">
<p>${escapeHtml(m.hello(username))}</p>
<p>${escapeHtml(intro)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>
<p>${escapeHtml(m.codeExpires(OTP_TTL_MINUTES))}</p>
<p style="color:#667">${escapeHtml(m.signature)}</p>
</body></html>`;
  return { to, subject, text, html };
}

export function verificationMail(to: string, username: string, code: string, language: Language): MailMessage {
  const m = wordsIn(language, mailWords);
  return codeMail(to, username, m.verificationSubject, m.verificationIntro, code, language);
}

export function passwordResetMail(to: string, username: string, code: string, language: Language): MailMessage {
  const m = wordsIn(language, mailWords);
  return codeMail(to, username, m.resetSubject, m.resetIntro, code, language);
}

export function emailChangeCodeMail(to: string, username: string, code: string, language: Language): MailMessage {
  const m = wordsIn(language, mailWords);
  return codeMail(to, username, m.emailChangeSubject, m.emailChangeIntro, code, language);
}

/** To the old address once the change is done: what it became, when, and what to do if it was not them. */
export function emailChangedMail(to: string, username: string, newEmail: string, when: Date, language: Language): MailMessage {
  const m = wordsIn(language, mailWords);
  const at = `${instantDateTimeText(when, 'UTC', wordsIn(language, calendarWords).shortMonths)} UTC`;
  const lines = [m.emailChanged(newEmail, at), m.emailChangedByYou, m.emailChangedNotByYou];
  const text = [m.hello(username), '', ...lines, '', m.signature].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1f2d1f">
<p>${escapeHtml(m.hello(username))}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p style="color:#667">${escapeHtml(m.signature)}</p>
</body></html>`;
  return { to, subject: m.emailChangedSubject, text, html };
}
