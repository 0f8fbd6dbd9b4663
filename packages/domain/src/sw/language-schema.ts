/**
 * Kiswahili of common/language-schema.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the words the signed-in shell shows on every screen (shell-words.ts). */
import type { Catalogue } from '../common/words.js';
import type { languageMessages } from '../common/language-schema.js';

export const language = {
  unknown: 'Chagua English au Kiswahili.',
  changed: 'Lugha imebadilishwa.',
} satisfies Catalogue<typeof languageMessages>;
