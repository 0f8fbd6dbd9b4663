/**
 * Kiswahili of list-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the words the signed-in shell shows on every screen (shell-words.ts). */
import type { Catalogue } from '../common/words.js';
import type { listWords } from '../list-words.js';

export const list = {
  firstPage: 'Ukurasa wa kwanza',
  previousPage: 'Ukurasa uliotangulia',
  nextPage: 'Ukurasa unaofuata',
  lastPage: 'Ukurasa wa mwisho',
  sortBy: 'Panga kwa',
  sortAscending: (column) => `${column}, kuanzia ndogo`,
  sortDescending: (column) => `${column}, kuanzia kubwa`,
} satisfies Catalogue<typeof listWords>;
