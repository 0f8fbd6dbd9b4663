/**
 * Kiswahili of flock-page-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the words of flocks and of deleted flocks (decision 068; farm words per docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { flockPageWords } from '../flock-page-words.js';

export const flockPage = {
  title: 'Usimamizi wa makundi',
  welcome: 'Tusimamie kundi lako',
  intro: 'Weka idadi ya kuku na hali ya kila kundi sawasawa, na uone chanjo zinazokuja.',
  addFlock: 'Ongeza kundi',
  recentlyDeleted: 'Yaliyofutwa hivi karibuni',
  loadingDetails: 'Inapakia maelezo ya kundi...',
  yourFlocks: 'Makundi yako',
  search: 'Tafuta makundi',
  searchHint: 'Jina au aina ya kuku',
  filterStatus: 'Chuja kwa hali',
  allStatuses: 'Hali zote',
  flocks: 'Makundi',
  loading: 'Inapakia makundi',
  loadFailed: 'Imeshindikana kupakia makundi. Tafadhali jaribu tena.',
  empty: 'Bado hakuna kundi. Ongeza kundi lako la kwanza kuanza.',
  noMatch: (q, status) => `Hakuna kundi${q ? ` linalolingana na "${q}"` : ''}${status ? ` lenye hali ${status}` : ''}.`,
  count: (n) => (n === 1 ? 'kundi 1' : `makundi ${n}`),
  pages: 'Kurasa za orodha ya makundi',
  colId: 'Namba ya kundi',
  colName: 'Jina la kundi',
  colBreed: 'Aina ya kuku',
  colAge: 'Umri',
  colBirds: 'Idadi ya kuku',
  colStatus: 'Hali',
  colActions: 'Vitendo',
  viewDetails: 'Angalia maelezo',
  viewDetailsOf: (name) => `Angalia maelezo ya ${name}`,
  weeks: (n) => `wiki ${n}`,
  birds: (count) => `kuku ${count}`,
  statistics: 'Takwimu za makundi',
  statsFailed: 'Imeshindikana kupakia takwimu za makundi.',
  loadingStats: 'Inapakia takwimu za makundi',
  totalBirds: 'Jumla ya kuku',
  totalBirdsNote: 'Katika makundi ambayo hayajawekwa kando',
  totalFlocks: 'Jumla ya makundi',
  byStatus: 'Makundi kwa hali',
  mortalityRate: 'Kiwango cha vifo',
  vaccinations: 'Chanjo',
  countsFailed: 'Imeshindikana kupakia idadi za chanjo.',
  loadingCounts: 'Inapakia idadi za chanjo',
  dueWithin7: 'Ndani ya siku 7',
  overdue: 'Zimechelewa',
  viewSchedule: 'Angalia ratiba ya chanjo',
} satisfies Catalogue<typeof flockPageWords>;
