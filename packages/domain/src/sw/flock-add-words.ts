/**
 * Kiswahili of flock-add-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the words of flocks and of deleted flocks (decision 068; farm words per docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { flockAddWords } from '../flock-add-words.js';

export const flockAdd = {
  title: 'Ongeza kundi',
  name: 'Jina la kundi',
  breed: 'Aina ya kuku',
  selectBreed: 'Chagua aina ya kuku',
  age: 'Umri (wiki)',
  initialCount: 'Idadi ya kuku wa mwanzo',
  currentCount: 'Idadi ya kuku ya sasa',
  status: 'Hali',
  selectStatus: 'Chagua hali',
  adding: 'Inaongeza...',
} satisfies Catalogue<typeof flockAddWords>;
