/** Kiswahili of phone-words.ts (decision 068). */
import type { Catalogue } from '../common/words.js';
import type { phoneMessages } from '../phone-words.js';

export const phone = {
  notKenyanMobile: 'Weka namba ya simu ya mkononi ya Kenya, mfano 0712 345 678.',
} satisfies Catalogue<typeof phoneMessages>;
