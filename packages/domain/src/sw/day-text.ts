/**
 * Kiswahili of common/day-text.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the words of common/ (decision 068; farm words per docs/glossary-sw.md). */
import type { calendarWords } from '../common/day-text.js';
import type { Catalogue } from '../common/words.js';

export const calendar = {
  months: ['Januari', 'Februari', 'Machi', 'Aprili', 'Mei', 'Juni', 'Julai', 'Agosti', 'Septemba', 'Oktoba', 'Novemba', 'Desemba'],
  shortMonths: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ago', 'Sep', 'Okt', 'Nov', 'Des'],
  // CLDR has no shorter Kiswahili day names than the whole ones.
  shortWeekdays: ['Jumatatu', 'Jumanne', 'Jumatano', 'Alhamisi', 'Ijumaa', 'Jumamosi', 'Jumapili'],
} satisfies Catalogue<typeof calendarWords>;
