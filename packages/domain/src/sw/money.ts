/**
 * Kiswahili of common/money.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the words of common/ (decision 068; farm words per docs/glossary-sw.md). */
import type { moneyMessages } from '../common/money.js';
import type { Catalogue } from '../common/words.js';

export const money = {
  amountRequired: 'Kiasi kinahitajika.',
  amountInvalid: 'Andika kiasi kwa shilingi, kama 1,250.50.',
  amountNegative: 'Kiasi hakiwezi kuwa chini ya sifuri.',
  amountNotPositive: 'Kiasi lazima kiwe zaidi ya 0.',
  amountDecimals: 'Kiasi kinaweza kuwa na desimali 2 tu.',
  amountGrouping: 'Weka koma kati ya makundi ya tarakimu tatu tu, kama 1,250.50.',
  amountTooLarge: 'Kiasi lazima kisizidi Ksh 100,000,000.',
  amountNotWholeCents: 'Kiasi lazima kiwe senti kamili.',
  quantityInvalid: 'Idadi lazima iwe namba.',
  quantityNegative: 'Idadi haiwezi kuwa chini ya sifuri.',
  quantityDecimals: 'Idadi inaweza kuwa na desimali 3 tu.',
} satisfies Catalogue<typeof moneyMessages>;
