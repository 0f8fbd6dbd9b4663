/** What a refused phone number says (phone-rules.ts holds the rule, without words). */
import { words, type Catalogues } from './common/words.js';
import { kenyanMobileE164 } from './phone-rules.js';

export const phoneMessages = words(
  'phone',
  {
    notKenyanMobile: 'Enter a Kenyan mobile number, like 0712 345 678.',
  },
  { sw: () => import('./sw/phone-words.js') as Promise<Catalogues> },
);

export type KenyanMobileResult = { ok: true; number: string } | { ok: false; message: string };

/** The number in E.164 ('+254712345678'), or the message to show beside the field. */
export function kenyanMobile(input: string): KenyanMobileResult {
  const number = kenyanMobileE164(input);
  return number === null ? { ok: false, message: phoneMessages.notKenyanMobile } : { ok: true, number };
}
