/**
 * What screens say with no signal, apart from the queue's words (offline-rules.ts): a screen's
 * first code carries these, so they are a module of their own, importing only the words helper; the header's
 * list carries the rest.
 */
import { words, type Catalogues } from './common/words.js';

export const offlineWords = words(
  'offline',
  {
  savedOnPhone: 'Saved on this phone. It will be sent to Kuku as soon as it can be.',
  partNeedsConnection: 'This part needs a connection. It shows once the signal is back.',
  needsConnection: 'Parts of this screen were never read on this phone. They need a connection, and show once the signal is back.',
  /** On a list's row whose change or deletion waits on the phone: what is shown is Kuku's, not yet the change. */
  changeOnPhone: 'Change on this phone',
  deletionOnPhone: 'Deletion on this phone',
},
  { sw: () => import('./sw/offline-words.js') as Promise<Catalogues> },
);
