/**
 * A notice's mail (decision 076): HTML and plain text in the recipient's language, with the farm's
 * name, the notice's own words, a link back to its screen and an unsubscribe link. The links are
 * written when the mail is sent (the sender knows the public origin and the link secret): until
 * then the outbox holds NOTICE_ORIGIN and NOTICE_UNSUBSCRIBE in their place.
 */
import { isNoticeKind, noticeWords, type Language, type NoticeKind } from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { escapeHtml } from '../../html.js';
import type { MailRow } from '../../integrations/mail/mailer.js';
import type { MailMessage } from '../../integrations/mail/transport.js';
import { unsubscribeToken, unsubscribeUrl } from './links.js';

/** Where the public origin goes ('https://kuku.example'), in the body and the headers. */
export const NOTICE_ORIGIN = '{{kuku.origin}}';
/** Where the signed unsubscribe URL goes. */
export const NOTICE_UNSUBSCRIBE = '{{kuku.unsubscribe}}';

/** RFC 8058: a mail client may unsubscribe with one POST, no page in between. */
export const NOTICE_MAIL_HEADERS: Record<string, string> = {
  'List-Unsubscribe': `<${NOTICE_UNSUBSCRIBE}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
};

export interface NoticeMailInput {
  language: Language;
  farm: string;
  kind: NoticeKind;
  title: string;
  message: string;
  /** The screen's path ('/vaccination/3'), or null: the dashboard. */
  link: string | null;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const footerWords = (language: Language, kind: NoticeKind) => {
  const w = wordsIn(language, noticeWords);
  return { why: w.mailWhy(w.kinds[kind]), unsubscribe: w.unsubscribe, choices: w.changeChoices };
};

/** The footer every notice mail ends with, the summary's too: why it came, how to stop it. */
export function noticeMailFooter(language: Language, kind: NoticeKind): { html: string; text: string } {
  const f = footerWords(language, kind);
  return {
    html: `<p style="margin:24px 0 0;font-size:13px;color:#5b6b5b">${escapeHtml(f.why)}<br>
<a href="${NOTICE_UNSUBSCRIBE}" style="color:#2f6b2f">${escapeHtml(f.unsubscribe)}</a> · <a href="${NOTICE_ORIGIN}/my-profile" style="color:#2f6b2f">${escapeHtml(f.choices)}</a></p>`,
    text: `--\n${f.why}\n${f.unsubscribe}: ${NOTICE_UNSUBSCRIBE}\n${f.choices}: ${NOTICE_ORIGIN}/my-profile`,
  };
}

/** A mail the draft brought itself (the weekly summary) with the footer added, before </body> when it has one. */
export function withFooter(mail: RenderedMail, language: Language, kind: NoticeKind): RenderedMail {
  const footer = noticeMailFooter(language, kind);
  const at = mail.html.search(/<\/body>/i);
  const html = at < 0 ? `${mail.html}\n${footer.html}` : `${mail.html.slice(0, at)}${footer.html}\n${mail.html.slice(at)}`;
  return { subject: mail.subject, html, text: `${mail.text}\n\n${footer.text}` };
}

export function noticeMail(input: NoticeMailInput): RenderedMail {
  const w = wordsIn(input.language, noticeWords);
  const href = `${NOTICE_ORIGIN}${input.link ?? '/'}`;
  const footer = noticeMailFooter(input.language, input.kind);
  const html = `<!doctype html><html lang="${input.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(input.title)}</title></head>
<body style="margin:0;padding:16px;background:#f4f7f2;font-family:Arial,Helvetica,sans-serif;color:#1f2d1f">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:20px">
<p style="margin:0 0 12px;font-size:14px;color:#2f6b2f;font-weight:bold">${escapeHtml(w.mailFarm(input.farm))}</p>
<h1 style="margin:0 0 12px;font-size:20px;line-height:1.3">${escapeHtml(input.title)}</h1>
<p style="margin:0 0 20px;font-size:16px;line-height:1.5">${escapeHtml(input.message)}</p>
<p style="margin:0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#2f6b2f;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-size:16px">${escapeHtml(w.openInKuku)}</a></p>
${footer.html}
</div>
</body></html>`;
  const text = `${w.mailFarm(input.farm)}\n\n${input.title}\n\n${input.message}\n\n${w.openInKuku}: ${href}\n\n${footer.text}`;
  return { subject: w.mailSubject(input.title, input.farm), html, text };
}

/** The mail as it is sent: the origin and the unsubscribe URL in their places, escaped in the HTML. */
export function withLinks<T extends { html: string; text: string; headers: Record<string, string> }>(mail: T, origin: string, unsubscribe: string): T {
  const fill = (text: string, escape: (value: string) => string) => text.replaceAll(NOTICE_ORIGIN, escape(origin)).replaceAll(NOTICE_UNSUBSCRIBE, escape(unsubscribe));
  const plain = (value: string) => value;
  return {
    ...mail,
    html: fill(mail.html, escapeHtml),
    text: fill(mail.text, plain),
    headers: Object.fromEntries(Object.entries(mail.headers).map(([name, value]) => [name, fill(value, plain)])),
  };
}

/**
 * The mailer's `prepare` (integrations/mail/mailer.ts): a notice's mail (a user and a kind) gets the
 * public origin and a fresh unsubscribe link, good for 60 days from its sending; without an origin
 * (production without PUBLIC_URL) it cannot go. Any other mail goes as it is.
 */
export function noticeMailLinks(links: { origin: () => string | null; secret: Buffer }) {
  return (message: MailMessage & { headers: Record<string, string> }, row: MailRow, now: Date): MailMessage | string => {
    if (row.userId === null || !isNoticeKind(row.kind)) return message;
    const origin = links.origin();
    if (!origin) return 'PUBLIC_URL is unset: a notice mail cannot carry its links';
    return withLinks(message, origin, unsubscribeUrl(origin, unsubscribeToken(links.secret, row.userId, row.kind, now)));
  };
}
