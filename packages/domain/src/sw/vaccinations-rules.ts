/**
 * Kiswahili of vaccinations-rules.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the words of vaccinations (decision 068; farm words per docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { STANDARD_VACCINE_LABELS, VACCINATION_MODE_LABELS, VACCINATION_STATUS_LABELS, vaccinationFilterLabels, vaccinationMessages } from '../vaccinations-rules.js';

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

// Disease names stay as vets and vaccine packs print them; the glossary's unsure terms keep the English.
export const standardVaccines = {
  Mareks: 'Mareks',
  'Newcastle and Infectious Bronchitis': 'Newcastle na IB (infectious bronchitis)',
  Gumboro: 'Gumboro',
  'Fowl Pox': 'Ndui ya kuku (fowl pox)',
  'Fowl Typhoid': 'Homa ya matumbo ya kuku (fowl typhoid)',
  Dewormer: 'Dawa ya minyoo',
} satisfies Catalogue<typeof STANDARD_VACCINE_LABELS>;

export const vaccinationFilters = {
  all: 'Zote',
  overdue: 'Zilizochelewa',
  week: 'Za wiki hii',
  pending: 'Zinazosubiri',
  done: 'Zilizokamilika',
} satisfies Catalogue<typeof vaccinationFilterLabels>;
