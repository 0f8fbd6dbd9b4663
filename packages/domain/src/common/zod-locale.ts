import { z } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * zod/mini registers no locale, so a check without its own message would say only "Invalid
 * input". Classic zod registers English on first use; the domain does the same, so every
 * message (e.g. "Too small: expected number to be >=1") reads as before on the server and in
 * the browser. Called at the top of each module that builds schemas; a locale the app chose
 * first wins. It loads only with the schemas (decision 010 has its size).
 */
export function ensureEnglishMessages(): void {
  if (!z.config().localeError) z.config(en());
}
