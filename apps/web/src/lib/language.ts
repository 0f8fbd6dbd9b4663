import { LANGUAGE_KEY, LANGUAGE_STORAGE_KEY, pageLanguage, type Language, type User } from '@kuku/domain';
import { apiRequest } from './api-client';

/** Whether index.html's script chose this page's language (a build's page; not the dev server's or a test's). */
const chosenByPage = () => LANGUAGE_KEY in globalThis;

function keep(language: Language): boolean {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens Kuku in `language` (decision 068): kept on this phone, and on the account when signed
 * in, so that it follows the farmer to another phone and the server writes to them in it. The
 * page starts again, as every words object takes its language when it is made. With no signal
 * the phone keeps it all the same.
 */
export async function switchLanguage(language: Language, signedIn: boolean): Promise<void> {
  if (signedIn) await apiRequest('/api/auth/language', { method: 'PUT', body: { language } }).catch(() => undefined);
  if (keep(language)) window.location.reload();
}

/** A signed-in account whose language is not the page's: the phone takes the account's, once. */
export function followAccountLanguage(user: User): void {
  if (!user.language || user.language === pageLanguage() || !chosenByPage()) return;
  if (keep(user.language)) window.location.reload();
}
