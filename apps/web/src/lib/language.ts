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
  if (signedIn) await apiRequest('/auth/language', { method: 'PUT', body: { language } }).catch(() => undefined);
  if (keep(language)) window.location.reload();
}

/** Told the account this phone's language once this page. */
let told = false;

function kept(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * A signed-in account whose language is not the page's: the phone takes the account's, once.
 * An account with none takes the one chosen on this phone before signing in.
 */
export function followAccountLanguage(user: User): void {
  if (!chosenByPage()) return;
  const chosen = kept();
  if (!user.language) {
    if ((chosen === 'en' || chosen === 'sw') && !told) {
      told = true;
      void apiRequest('/auth/language', { method: 'PUT', body: { language: chosen } }).catch(() => undefined);
    }
    return;
  }
  if (user.language !== pageLanguage() && keep(user.language)) window.location.reload();
}
