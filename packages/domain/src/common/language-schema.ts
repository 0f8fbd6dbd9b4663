import { z } from 'zod/mini';
import { ensureEnglishMessages } from './zod-locale.js';
import { LANGUAGES, words, type Catalogues } from './words.js';

ensureEnglishMessages();

export const languageMessages = words(
  'language',
  {
    unknown: 'Choose English or Kiswahili.',
    changed: 'Language changed.',
  },
  { sw: () => import('../sw/language-schema.js') as Promise<Catalogues> },
);

/** PUT /api/auth/language: the account's language (decision 068); null gives the choice back to each browser. */
export const setLanguageSchema = z.object({
  language: z.nullable(z.enum(LANGUAGES, { error: () => languageMessages.unknown })),
});
export type SetLanguageInput = z.infer<typeof setLanguageSchema>;
