/** Kiswahili: the words of common/ (decision 068; farm words per docs/glossary-sw.md). */
import type { calendarWords } from '../common/day-text.js';
import type { moneyMessages } from '../common/money.js';
import type { Catalogue } from '../common/words.js';

export const calendar = {
  months: ['Januari', 'Februari', 'Machi', 'Aprili', 'Mei', 'Juni', 'Julai', 'Agosti', 'Septemba', 'Oktoba', 'Novemba', 'Desemba'],
  shortMonths: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ago', 'Sep', 'Okt', 'Nov', 'Des'],
  // CLDR has no shorter Kiswahili day names than the whole ones.
  shortWeekdays: ['Jumatatu', 'Jumanne', 'Jumatano', 'Alhamisi', 'Ijumaa', 'Jumamosi', 'Jumapili'],
} satisfies Catalogue<typeof calendarWords>;

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
