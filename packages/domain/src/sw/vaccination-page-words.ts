/**
 * Kiswahili of vaccination-page-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the words of vaccinations (decision 068; farm words per docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { vaccinationPageWords } from '../vaccination-page-words.js';

export const vaccinationPage = {
  title: 'Kupanga chanjo',
  notFound: 'Kundi hili halipo kwenye shamba lako.',
  showAll: 'Onyesha makundi yote',
  flockFailed: 'Imeshindikana kupakia kundi. Tafadhali jaribu tena.',
  loadingFlock: 'Inapakia kundi',
  scheduleFor: (flock) => `Ratiba ya Chanjo ya Kundi: ${flock}`,
  allFlocks: 'Makundi yote',
  addCustom: 'Ongeza chanjo maalum',
  unnamed: 'Kundi lisilo na jina',
  scheduled: 'Zilizopangwa',
  pending: 'Zinazosubiri',
  completed: 'Zilizokamilika',
  overdue: 'Zilizochelewa',
  dueWithin7: 'Ndani ya siku 7',
  standardTitle: 'Ratiba ya kawaida ya chanjo',
  standardIntro: 'Weka alama kwenye chanjo za kuongeza kwa kundi. Tarehe zinahesabiwa kuanzia siku kundi lilipoongezwa.',
  history: 'Historia ya chanjo',
  historyLabel: 'Historia ya chanjo',
  inTotal: (n) => `Jumla ${n}`,
  show: 'Onyesha',
  loading: 'Inapakia chanjo',
  loadFailed: 'Imeshindikana kupakia chanjo. Tafadhali jaribu tena.',
  pages: 'Kurasa za chanjo',
  colVaccine: 'Chanjo',
  colFlock: 'Kundi',
  colDate: 'Tarehe',
  colMode: 'Njia',
  colStatus: 'Hali',
  colActions: 'Vitendo',
  markCompleted: 'Weka imekamilika',
  markPending: 'Weka inasubiri',
  delete: 'Futa',
  confirm: 'Thibitisha',
  deleteTitle: 'Futa chanjo',
  confirmDelete: (vaccine, when) => `Futa ${vaccine} ya ${when}? Hili haliwezi kurudishwa.`,
  confirmMark: (vaccine, when, status) => `Weka ${vaccine} ya ${when} kuwa ${status}?`,
} satisfies Catalogue<typeof vaccinationPageWords>;
