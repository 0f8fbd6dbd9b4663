/**
 * Kiswahili of reports-rules.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the reports' words (reports-rules.ts) and the report files' (report-words.ts); farm words per docs/glossary-sw.md. */
import type { Catalogue } from '../common/words.js';
import type { REPORT_CATEGORY_LABELS, REPORT_STATE_LABELS, REPORT_TYPE_LABELS, reportMessages } from '../reports-rules.js';
import { RECORDS_OF } from './reports-shared.js';

export const reportCategories = {
  flock: 'Makundi',
  eggProduction: 'Uzalishaji wa mayai',
  sales: 'Mauzo',
  expense: 'Matumizi',
  inventory: 'Orodha ya bidhaa',
  financial: 'Fedha',
} satisfies Catalogue<typeof REPORT_CATEGORY_LABELS>;

export const reportTypes = { summary: 'Muhtasari', detailed: 'Kamili' } satisfies Catalogue<typeof REPORT_TYPE_LABELS>;

export const reportStates = { generating: 'Inatengenezwa', ready: 'Iko tayari', failed: 'Imeshindikana' } satisfies Catalogue<typeof REPORT_STATE_LABELS>;

export const reports = {
  title: 'Ripoti',
  intro: 'Rekodi za shamba lako kwa siku unazochagua, kama faili za PDF na CSV za kuhifadhi au kushiriki.',
  generatorTitle: 'Tengeneza ripoti',
  startDate: 'Tarehe ya kuanza',
  endDate: 'Tarehe ya mwisho',
  reportType: 'Aina ya ripoti',
  selectType: 'Chagua aina',
  categories: 'Aina za ripoti',
  generate: 'Tengeneza ripoti',
  generating: 'Inatengeneza...',
  flock: 'Kundi',
  allFlocks: 'Makundi yote',
  flockHint: 'Kwa ripoti ya fedha',
  selectCategory: 'Tafadhali chagua angalau aina moja ya ripoti.',
  datesRequired: 'Tafadhali chagua tarehe ya kuanza na ya mwisho.',
  startAfterEnd: 'Tarehe ya kuanza haiwezi kuwa baada ya tarehe ya mwisho.',
  singleDay: 'Huwezi kutengeneza ripoti ya siku moja. Tafadhali chagua angalau siku mbili.',
  generated: 'Ripoti zako zimetengenezwa!',
  insufficientData: 'Rekodi hazitoshi kwa tarehe ulizochagua. Tafadhali jaribu tarehe nyingine.',
  unknownError: 'Hitilafu isiyojulikana imetokea',
  failed: (message) => `Imeshindikana kutengeneza ripoti: ${message}`,
  dateInvalid: 'Weka tarehe sahihi.',
  rangeTooLong: 'Ripoti inaweza kuhusu miaka 20 tu au chini.',
  typeInvalid: 'Chagua muhtasari au kamili.',
  flockInvalid: 'Chagua kundi.',
  nameInvalid: 'Jina la ripoti lazima liwe na herufi 1 hadi 120.',
  formatInvalid: 'Chagua pdf, csv au xlsx.',
  noFile: 'Ripoti hii haina faili hilo.',
  notFound: 'Ripoti haipatikani.',
  notReady: 'Ripoti hii bado haiko tayari.',
  linkRefused: 'Kiungo hiki cha kupakua si sahihi au kimeisha muda. Fungua ripoti tena kutoka Ripoti.',
  renderFailed: 'Ripoti haikuweza kutengenezwa. Tafadhali jaribu tena.',
  interrupted: 'Seva ilisimama wakati ripoti ikitengenezwa. Tafadhali itengeneze tena.',
  queueFull: 'Ripoti zako 6 bado zinatengenezwa. Tafadhali subiri moja iishe, kisha jaribu tena.',
  // Its opening 'Rekodi hazitoshi' is what isInsufficientData looks for.
  defaultName: (category, type, from, to) => `Ripoti ya ${reportCategories[category].toLowerCase()} (${reportTypes[type].toLowerCase()}) ${from} hadi ${to}`,
  noRecords: (category, start, end) => `Rekodi hazitoshi: hakuna rekodi za ${RECORDS_OF[category]} kati ya ${start} na ${end}.`,
  recentTitle: 'Ripoti za karibuni',
  searchLabel: 'Tafuta ripoti',
  searchPlaceholder: 'Tafuta kwa jina au aina',
  empty: 'Bado hakuna ripoti. Chagua tarehe na aina hapo juu kutengeneza ripoti yako ya kwanza.',
  noMatch: 'Hakuna ripoti inayolingana na utafutaji wako.',
  download: 'Pakua',
  downloadCsv: 'CSV',
  downloadXlsx: 'Excel',
  delete: 'Futa',
  deleteTitle: 'Futa ripoti',
  deleteConfirm: (name) => `Futa ripoti "${name}"? Faili zake zitafutwa pia.`,
  deleted: 'Ripoti imefutwa.',
  deleteFailed: 'Imeshindikana kufuta ripoti. Tafadhali jaribu tena.',
  downloadFailed: 'Imeshindikana kupakua ripoti. Tafadhali jaribu tena.',
  listLoading: 'Inapakia ripoti',
  listFailed: 'Ripoti hazikuweza kupakiwa. Tafadhali jaribu tena.',
  listPages: 'Kurasa za ripoti',
  reportCount: (count) => `ripoti ${count}`,
  nameColumn: 'Jina',
  categoryColumn: 'Aina',
  stateColumn: 'Hali',
  createdColumn: 'Imetengenezwa',
  sizeColumn: 'Ukubwa',
  actionsColumn: 'Faili',
  downloadOf: (name) => `Pakua ${name}`,
  downloadCsvOf: (name) => `CSV ya ${name}`,
  downloadXlsxOf: (name) => `Excel ya ${name}`,
  deleteOf: (name) => `Futa ${name}`,
  size: (bytes) =>
    bytes === null ? '–' : bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`,
  seeReports: 'Iangalie kwenye Ripoti',
  salesFormDone: 'Ripoti yako ya mauzo inatengenezwa. Itakuwa tayari kwenye Ripoti.',
  expenseFormDone: 'Ripoti yako ya matumizi inatengenezwa. Itakuwa tayari kwenye Ripoti.',
  orderInvalid: 'Mpangilio lazima uwe asc au desc.',
} satisfies Catalogue<typeof reportMessages>;
