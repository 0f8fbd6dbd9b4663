/**
 * Kiswahili of password-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: sign-in, registration, the code sent by mail and the password fields (auth-rules.ts, auth-screen-words.ts, password-words.ts). */
import type { Catalogue } from '../common/words.js';
import type { passwordWords } from '../password-words.js';

export const passwords = {
  password: 'Nenosiri',
  current: 'Nenosiri la sasa',
  new: 'Nenosiri jipya',
  confirm: 'Thibitisha nenosiri',
  confirmNew: 'Thibitisha nenosiri jipya',
  atLeast: 'Angalau herufi 8',
  change: 'Badilisha nenosiri',
} satisfies Catalogue<typeof passwordWords>;
