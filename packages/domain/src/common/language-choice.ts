/**
 * Which language a page opens in (decision 068): the one chosen on this phone (the account's,
 * kept), else the first of the browser's preferred languages that Kuku is written in, else
 * English. It imports nothing: index.html's inline script is built from this file's source
 * too (apps/web/build/early-requests.ts), and the server reads Accept-Language with it.
 */

/** Where the page's language is kept on `globalThis`, set before any module runs (common/words.ts reads it). */
export const LANGUAGE_KEY = Symbol.for('kuku.language');

/** Where a phone keeps the language chosen in the header or the profile (or the account's). */
export const LANGUAGE_STORAGE_KEY = 'kuku.language';

/** 'en' or 'sw' from a language tag ('sw-KE', 'EN_us'); undefined for any other or for junk. */
export function languageOfTag(tag: unknown): 'en' | 'sw' | undefined {
  if (typeof tag !== 'string') return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'sw' || primary === 'en' ? primary : undefined;
}

/** The page's language: `kept` when it is one of Kuku's, else the first of `preferred` that is, else English. */
export function chooseLanguage(kept: unknown, preferred: readonly unknown[]): 'en' | 'sw' {
  const chosen = languageOfTag(kept);
  if (chosen && kept === chosen) return chosen;
  for (const tag of preferred) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return 'en';
}

/**
 * An Accept-Language header's tags, most preferred first ('sw-KE,sw;q=0.9,en;q=0.5'); a tag
 * whose weight is not a number from 0 to 1, or is 0, is left out. Junk gives an empty list.
 */
export function preferredLanguages(header: unknown): string[] {
  if (typeof header !== 'string' || header.length > 500) return [];
  const weighed: { tag: string; q: number; at: number }[] = [];
  header.split(',').forEach((part, at) => {
    const [tag = '', ...params] = part.trim().split(';');
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') q = value !== undefined && /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : -1;
    }
    if (/^[a-z]{1,8}([-_][a-z0-9]{1,8})*$/i.test(tag.trim()) && q > 0) weighed.push({ tag: tag.trim(), q, at });
  });
  return weighed.sort((a, b) => b.q - a.q || a.at - b.at).map((w) => w.tag);
}
