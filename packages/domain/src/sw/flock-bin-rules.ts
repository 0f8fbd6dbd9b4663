/**
 * Kiswahili of flock-bin-rules.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the words of flocks and of deleted flocks (decision 068; farm words per docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { flockBinMessages } from '../flock-bin-rules.js';

export const flockBin = {
  deleteEverything: 'Futa kila kitu',
  deleting: 'Inafuta...',
  cancel: 'Ghairi',
  everythingWarning: (days) =>
    `Idadi za kuku, chanjo, rekodi za mayai, mauzo, matumizi, bajeti na akiba zake zinaondoka pamoja nalo. Unaweza kulirudisha kutoka Yaliyofutwa hivi karibuni kwa siku ${days}.`,
  typeName: (name) => `Andika jina la kundi, ${name}, kuthibitisha`,
  confirmNameRequired: 'Andika jina la kundi ili kulifuta pamoja na kila kitu kilichomo.',
  confirmNameWrong: 'Jina halilingani na jina la kundi hili. Hakuna kilichofutwa.',
  deletedWithUndo: (name) => `"${name}" limefutwa. Unaweza kulirudisha kwa siku 30.`,
  undo: 'Tendua',
  recentlyDeleted: 'Yaliyofutwa hivi karibuni',
  recentlyDeletedIntro: 'Makundi yaliyofutwa katika siku 30 zilizopita, pamoja na kila kitu kilichoondoka nayo. Baada ya hapo yanaondoka kabisa.',
  none: 'Hakuna kundi lililofutwa katika siku 30 zilizopita.',
  restore: 'Rudisha',
  restored: (name) => `"${name}" limerudi, pamoja na rekodi zake zote.`,
  restoreFailed: 'Imeshindikana kulirudisha kundi. Tafadhali jaribu tena.',
  listFailed: 'Imeshindikana kupakia makundi yaliyofutwa. Tafadhali jaribu tena.',
  notInBin: 'Hakuna kundi kama hilo lililofutwa kwenye shamba hili.',
  deletedBy: (who, when) => (who ? `Lilifutwa na ${who} tarehe ${when}` : `Lilifutwa tarehe ${when}`),
  keptUntil: (date) => `Litabaki hadi ${date}`,
  countLabels: {
    flock_bird_count_events: (n) => (n === 1 ? 'badiliko 1 la idadi ya kuku' : `mabadiliko ${n} ya idadi ya kuku`),
    vaccinations: (n) => `chanjo ${n}`,
    egg_productions: (n) => (n === 1 ? 'rekodi 1 ya mayai' : `rekodi ${n} za mayai`),
    egg_adjustments: (n) => `marekebisho ${n} ya mayai`,
    sales: (n) => `mauzo ${n}`,
    expenses: (n) => `gharama ${n}`,
    budgets: (n) => `bajeti ${n}`,
    flock_year_budgets: (n) => (n === 1 ? 'bajeti 1 ya mwaka' : `bajeti ${n} za mwaka`),
    inventory_items: (n) => (n === 1 ? 'bidhaa 1 ya akiba' : `bidhaa ${n} za akiba`),
    inventory_movements: (n) => (n === 1 ? 'badiliko 1 la akiba' : `mabadiliko ${n} ya akiba`),
  },
  noRecords: 'Hakuna rekodi',
  loading: 'Inapakia...',
  title: (name) => `Futa ${name}?`,
  choose: 'Chagua kitakachofanyika kwa kundi hili:',
  archive: 'Weka kundi kando',
  archiving: 'Inaweka kando...',
  archiveNote: (days) =>
    `(inapendekezwa): kama kundi lina rekodi za mayai, mauzo, matumizi, chanjo au idadi ya kuku, linawekwa kando na historia yake inabaki kwenye ripoti zako. Kundi lisilo na rekodi linafutwa, na mwenye shamba anaweza kulirudisha kwa siku ${days}.`,
  archived: (name) => `Kundi "${name}" limewekwa kando. Rekodi zake zinabaki kwenye ripoti zako.`,
  deleted: (name) => `Kundi "${name}" limefutwa.`,
  deleteFailed: 'Imeshindikana kufuta kundi. Tafadhali jaribu tena.',
} satisfies Catalogue<typeof flockBinMessages>;
