/**
 * The unsubscribe link's page (decision 076): small, server-rendered, in the user's language, no
 * script and no sign-in. Asking first (a button that POSTs) keeps a mail scanner that opens every
 * link from unsubscribing anyone; a mail client's one-click POST needs no page.
 */
import { noticeWords, type Language, type NoticeKind } from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { escapeHtml } from '../../html.js';
import { UNSUBSCRIBE_PATH } from './links.js';

function page(language: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Kuku</title>
<style>body{margin:0;padding:24px 16px;background:#f4f7f2;font-family:Arial,Helvetica,sans-serif;color:#1f2d1f}main{max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:20px}h1{font-size:22px;margin:0 0 12px}p{font-size:16px;line-height:1.5}button{font-size:16px;padding:12px 20px;border:0;border-radius:6px;background:#2f6b2f;color:#fff;cursor:pointer}a{color:#2f6b2f}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/my-profile">${escapeHtml(wordsIn(language, noticeWords).changeChoices)}</a></p></main></body></html>`;
}

export function askPage(language: Language, kind: NoticeKind, email: string, token: string): string {
  const w = wordsIn(language, noticeWords);
  return page(
    language,
    w.unsubscribeTitle,
    `<p>${escapeHtml(w.unsubscribeAsk(w.kinds[kind], email))}</p>
<form method="post" action="${UNSUBSCRIBE_PATH}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${escapeHtml(w.unsubscribeButton)}</button></form>`,
  );
}

export function donePage(language: Language, kind: NoticeKind, email: string): string {
  const w = wordsIn(language, noticeWords);
  return page(language, w.unsubscribedTitle, `<p>${escapeHtml(w.unsubscribed(w.kinds[kind], email))}</p>`);
}

export function refusedPage(language: Language, reason: 'invalid' | 'expired'): string {
  const w = wordsIn(language, noticeWords);
  return page(language, w.linkInvalidTitle, `<p>${escapeHtml(reason === 'expired' ? w.linkExpired : w.linkInvalid)}</p>`);
}
