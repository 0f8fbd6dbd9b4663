/**
 * Kiswahili of weighings-rules.ts (decision 068): one catalogue module per words module, so that a
 * screen asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: a broiler batch's weighings (weighings-rules.ts; docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { weighingMessages } from '../weighings-rules.js';

/** A count as every screen writes it ('1,234'), as formatCount does: a catalogue imports no code. */
const count = (n: number) => n.toLocaleString('en-KE');

export const weighings = {
  title: 'Vipimo vya uzito',
  recordWeighing: 'Rekodi kipimo cha uzito',
  birdsWeighed: 'Kuku waliopimwa',
  totalWeight: 'Uzito wote (kilo)',
  average: 'Wastani',
  noWeighings: 'Bado hakuna vipimo vya uzito. Pima baadhi ya kuku kila wiki ili ufuatilie ukuaji wao.',
  birdsRequired: 'Weka idadi ya kuku waliopimwa.',
  birdsWhole: 'Idadi ya kuku waliopimwa lazima iwe namba kamili zaidi ya 0.',
  birdsPastFlock: (birds) => `Kundi lina kuku ${count(birds)}: huwezi kupima zaidi ya hao.`,
  weightRequired: 'Weka uzito wote wa kuku kwa kilo.',
  weightInvalid: 'Weka uzito wote kwa kilo, zaidi ya 0, hadi desimali 3.',
  averageOutOfRange: 'Kuku mmoja ana uzito wa kati ya kilo 0.02 na 10: angalia idadi ya kuku na uzito wote.',
  dateRequired: 'Tarehe inahitajika.',
  dateInvalid: 'Weka tarehe sahihi.',
  dateFuture: 'Tarehe haiwezi kuwa ya siku zijazo.',
  dateBeforeFlock: (firstDay) => `Tarehe haiwezi kuwa kabla ya kundi kuongezwa (${firstDay}).`,
  flockArchived: 'Kundi hili limewekwa kando: kipimo cha uzito hakiwezi kurekodiwa.',
  notFound: 'Kipimo cha uzito hakipatikani.',
  saved: 'Kipimo cha uzito kimehifadhiwa.',
  deleted: 'Kipimo cha uzito kimefutwa.',
  dateLabel: 'Tarehe',
  averageOf: (kg) => `Wastani: kilo ${kg} kwa kuku.`,
  summary: (birds, totalKg, averageKg) => `kuku ${count(birds)} · kilo ${totalKg} · wastani kilo ${averageKg}`,
  listLabel: 'Vipimo vya karibuni',
  loading: 'Vipimo vinapakiwa...',
  loadFailed: 'Vipimo havikuweza kupakiwa.',
  save: 'Hifadhi kipimo',
  saving: 'Inahifadhi...',
  cancel: 'Ghairi',
  errorSaving: 'Kipimo hakikuweza kuhifadhiwa.',
  errorDeleting: 'Kipimo hakikuweza kufutwa.',
  deleteOf: (date) => `Futa kipimo cha ${date}`,
  deleteTitle: 'Futa kipimo cha uzito',
  confirmDelete: 'Takwimu za kundi zitahesabiwa upya bila kipimo hiki.',
  delete: 'Futa',
} satisfies Catalogue<typeof weighingMessages>;
