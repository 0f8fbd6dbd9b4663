/**
 * Kiswahili of egg-form-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/**
 * Kiswahili: the egg screens' words (eggs-rules.ts; farm words per docs/glossary-sw.md). `trei`
 * and `kreti` are unverified loanwords: a label keeps the English in brackets, a count
 * ('trei 12 + mayai 5') does not, where brackets would nest.
 */
import type { Catalogue } from '../common/words.js';
import type { eggFormWords } from '../egg-form-words.js';
import { eggsOf } from './eggs-shared.js';

export const eggForms = {
  flock: 'Kundi',
  selectFlock: 'Chagua kundi',
  date: 'Tarehe',
  trays: 'Trei (trays)',
  traysNote: 'Mayai 30 kila moja',
  remainder: 'Mayai yaliyobaki',
  remainderNote: '0 hadi 29',
  totalPrompt: 'Jumla: weka trei na mayai',
  totalEggs: (eggs, shown, trays) => `= ${eggsOf(eggs, shown)} (${trays})`,
  totalRevenue: 'Jumla ya mapato',
  editExisting: 'Hariri rekodi iliyopo',
  cancel: 'Ghairi',
  updating: 'Inasasisha...',
  adding: 'Inaongeza...',
  editProductionTitle: 'Hariri uzalishaji wa mayai',
  addProductionTitle: 'Ongeza uzalishaji mpya',
  updateProduction: 'Sasisha uzalishaji',
  addProduction: 'Ongeza uzalishaji',
  editAdjustmentTitle: 'Hariri marekebisho ya mayai',
  addAdjustmentTitle: 'Ongeza marekebisho ya mayai',
  type: 'Aina',
  number: 'Idadi',
  unit: 'Kipimo',
  eggs: 'Mayai',
  crates: 'Kreti (crates)',
  cratesNote: 'Kreti (crate) moja ni mayai 30',
  notes: 'Maelezo',
  optional: 'Si lazima',
  updateAdjustment: 'Sasisha marekebisho',
  addAdjustment: 'Ongeza marekebisho',
  noFlocks: 'Bado hakuna makundi.',
  addFlock: 'Ongeza kundi',
  noFlocksThen: 'kwanza, kisha rekodi mayai yake hapa.',
} satisfies Catalogue<typeof eggFormWords>;
