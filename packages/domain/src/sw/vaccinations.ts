/** Kiswahili: the words of vaccinations (decision 068; farm words per docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { rescheduleMessages } from '../vaccination-reschedule.js';
import type { vaccinationFormWords } from '../vaccination-form-words.js';
import type { vaccinationPageWords } from '../vaccination-page-words.js';
import type {
  VACCINATION_MODE_LABELS,
  VACCINATION_STATUS_LABELS,
  vaccinationFilterLabels,
  vaccinationMessages,
} from '../vaccinations-rules.js';

export const vaccinationStatuses = {
  Pending: 'Inasubiri',
  Completed: 'Imekamilika',
  Cancelled: 'Imeghairiwa',
} satisfies Catalogue<typeof VACCINATION_STATUS_LABELS>;

export const vaccinationModes = {
  Injection: 'Sindano',
  Oral: 'Kwa mdomo',
  Spray: 'Kunyunyizia',
  'Wing web': 'Utando wa bawa (wing web)',
  '1m': '1m',
  'Drinking Water': 'Maji ya kunywa',
  'Wing Stab': 'Kuchoma bawa (wing stab)',
  'Thigh Muscle': 'Msuli wa paja',
} satisfies Catalogue<typeof VACCINATION_MODE_LABELS>;

export const vaccinations = {
  selectFlock: 'Tafadhali chagua kundi.',
  selectMode: 'Tafadhali chagua njia ya kutoa chanjo.',
  notAuthenticated: 'Mtumiaji hajaingia.',
  futureMustBePending: "Chanjo za siku zijazo lazima ziwe na hali ya 'Inasubiri'.",
  futureCompletedNotice: 'Huwezi kupanga chanjo ya siku zijazo yenye hali ya "Imekamilika".',
  vaccineNameRequired: 'Jina la chanjo linahitajika.',
  vaccineNameTooLong: 'Jina la chanjo lisizidi herufi 100.',
  dateRequired: 'Tarehe ya chanjo inahitajika.',
  dateInvalid: 'Andika tarehe na muda sahihi.',
  statusRequired: 'Tafadhali chagua hali.',
  scheduled: 'Chanjo imepangwa!',
  updated: 'Chanjo imesasishwa!',
  editTitle: 'Hariri chanjo maalum',
  updateVaccination: 'Sasisha chanjo',
  noFlockId: 'Namba ya kundi haikupatikana.',
  failedToUpdateStatus: 'Imeshindikana kusasisha hali ya chanjo.',
  failedToDelete: 'Imeshindikana kufuta chanjo.',
  failedToAdd: 'Imeshindikana kuongeza chanjo.',
  selectFlockFirst: 'Tafadhali chagua kundi kwanza.',
  tickOneVaccine: 'Weka alama kwenye angalau chanjo moja.',
  noneScheduled: 'Bado hakuna chanjo zilizopangwa.',
  cancelledIsFinal: 'Hali ya chanjo iliyoghairiwa haiwezi kubadilishwa.',
  notFound: 'Chanjo haikupatikana.',
  unknownFlock: 'Kundi lisilojulikana.',
  dueFilterInvalid: 'Kichujio cha due kiwe overdue au week.',
  reschedule: 'Panga upya',
  noneMatch: 'Hakuna chanjo zinazolingana na kichujio hiki.',
  failedToAddVaccine: (vaccine) => `Imeshindikana kuongeza chanjo: ${vaccine}.`,
  selectModeFor: (vaccine) => `Tafadhali chagua njia ya kutoa ${vaccine}`,
  dayN: (n) => `Siku ya ${n}`,
  weekN: (n) => `Wiki ya ${n}`,
  monthN: (n) => `Mwezi wa ${n}`,
  overdue: 'Imechelewa',
  dueSoon: 'Inakaribia',
} satisfies Catalogue<typeof vaccinationMessages>;

export const vaccinationFilters = {
  all: 'Zote',
  overdue: 'Zilizochelewa',
  week: 'Za wiki hii',
  pending: 'Zinazosubiri',
  done: 'Zilizokamilika',
} satisfies Catalogue<typeof vaccinationFilterLabels>;

export const reschedule = {
  rescheduledTo: (vaccine, when) => `${vaccine} imehamishwa hadi ${when}.`,
  markedDone: (vaccine) => `${vaccine} imekamilika.`,
  failedToReschedule: 'Imeshindikana kupanga upya chanjo.',
  done: 'Imetolewa',
  reschedule: 'Panga upya',
  doneLabel: (vaccine, flock) => `Weka ${vaccine} ya ${flock} kuwa imetolewa`,
  rescheduleFor: (vaccine, flock) => `Panga upya ${vaccine} ya ${flock}`,
  title: 'Panga upya chanjo',
  label: 'Tarehe na muda mpya',
  onlyPending: 'Chanjo inayosubiri pekee ndiyo inaweza kupangwa upya.',
  past: 'Chagua tarehe kuanzia leo.',
  localTime: 'Kwa muda wa eneo lako',
  cancel: 'Ghairi',
} satisfies Catalogue<typeof rescheduleMessages>;

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

export const vaccinationForm = {
  addTitle: 'Ongeza chanjo maalum',
  flock: 'Kundi',
  selectFlock: '-- Chagua kundi --',
  vaccineName: 'Jina la chanjo',
  date: 'Tarehe ya chanjo',
  localTime: 'Kwa muda wa eneo lako',
  mode: 'Njia ya kutoa chanjo',
  selectMode: '-- Chagua njia --',
  status: 'Hali',
  cancel: 'Ghairi',
  adding: 'Inaongeza...',
  add: 'Ongeza chanjo',
  switchFlock: 'Badilisha kundi',
  noFlocks: 'Bado hakuna kundi.',
  addFlock: 'Ongeza kundi',
  toSchedule: 'ili kupanga chanjo zake.',
  on: (date) => `Tarehe ${date}`,
  chooseFlock: 'Chagua kundi kuona tarehe',
  modeShort: 'Njia',
  modeFor: (label) => `Njia ya ${label}`,
  selectShort: '-- Chagua --',
  addToSchedule: 'Ongeza kwenye ratiba',
  result: (created, skipped) => {
    const added = created === 1 ? 'Chanjo 1 imeongezwa' : `Chanjo ${created} zimeongezwa`;
    if (skipped === 0) return `${added}.`;
    return `${added}; ${skipped === 1 ? 'chanjo 1 ilikuwa imeshapangwa' : `chanjo ${skipped} zilikuwa zimeshapangwa`}.`;
  },
} satisfies Catalogue<typeof vaccinationFormWords>;
