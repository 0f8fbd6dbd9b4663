/**
 * Kiswahili of egg-list-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/**
 * Kiswahili: the egg screens' words (eggs-rules.ts; farm words per docs/glossary-sw.md). `trei`
 * and `kreti` are unverified loanwords: a label keeps the English in brackets, a count
 * ('trei 12 + mayai 5') does not, where brackets would nest.
 */
import type { Catalogue } from '../common/words.js';
import type { eggListWords } from '../egg-list-words.js';
import { eggsOf } from './eggs-shared.js';

export const eggLists = {
  edit: (what) => `Hariri ${what}`,
  delete: (what) => `Futa ${what}`,
  productionWhat: (flock, day) => `uzalishaji wa ${flock}, tarehe ${day}`,
  adjustmentWhat: (type, flock, day) => `${type} ya ${flock}, tarehe ${day}`,
  date: 'Tarehe',
  flock: 'Kundi',
  eggs: 'Mayai',
  trays: 'Trei (trays)',
  revenue: 'Mapato',
  type: 'Aina',
  notes: 'Maelezo',
  actions: 'Vitendo',
  eggsLine: (eggs, shown) => eggsOf(eggs, shown),
  records: (n, shown) => `rekodi ${shown}`,
  productionTitle: 'Orodha ya uzalishaji wa mayai',
  searchProduction: 'Tafuta uzalishaji',
  productionPlaceholder: 'Jina la kundi au tarehe (2026-03-05)',
  productionTable: 'Rekodi za uzalishaji wa mayai',
  productionLoading: 'Inapakia uzalishaji wa mayai',
  productionFailed: 'Imeshindikana kupakia uzalishaji wa mayai. Tafadhali jaribu tena.',
  noProductionMatch: (q) => `Hakuna uzalishaji wa mayai unaolingana na "${q}".`,
  productionPages: 'Kurasa za uzalishaji wa mayai',
  deleteProduction: 'Futa uzalishaji wa mayai',
  crates: (n, shown, eggs) => `kreti ${shown} (${eggs})`,
  adjustments: (n, shown) => `marekebisho ${shown}`,
  adjustmentTitle: 'Orodha ya marekebisho ya mayai',
  searchAdjustments: 'Tafuta marekebisho',
  adjustmentPlaceholder: 'Kundi, aina, maelezo au tarehe',
  adjustmentTable: 'Marekebisho ya mayai',
  adjustmentLoading: 'Inapakia marekebisho ya mayai',
  noAdjustmentMatch: (q) => `Hakuna marekebisho ya mayai yanayolingana na "${q}".`,
  adjustmentPages: 'Kurasa za marekebisho ya mayai',
  deleteAdjustment: 'Futa marekebisho ya mayai',
  adjustmentOf: (type, flock) => `${type} ya ${flock}`,
} satisfies Catalogue<typeof eggListWords>;
