/**
 * Kiswahili of offline-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: what screens say with no signal (offline-words.ts). */
import type { Catalogue } from '../common/words.js';
import type { offlineWords } from '../offline-words.js';

export const offline = {
  savedOnPhone: 'Imehifadhiwa kwenye simu hii. Itatumwa kwa Kuku mara itakapowezekana.',
  partNeedsConnection: 'Sehemu hii inahitaji mtandao. Itaonekana mtandao ukirudi.',
  needsConnection: 'Sehemu za ukurasa huu hazijawahi kusomwa kwenye simu hii. Zinahitaji mtandao, na zitaonekana mtandao ukirudi.',
  changeOnPhone: 'Badiliko kwenye simu hii',
  deletionOnPhone: 'Kufuta kwenye simu hii',
} satisfies Catalogue<typeof offlineWords>;
