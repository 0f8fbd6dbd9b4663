/**
 * Kiswahili of sales-dialog-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the sales screen, its dialog and charts, and who owes (sales-rules.ts and its words files; docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { saleDialogWords } from '../sales-dialog-words.js';

export const saleDialog = {
  updateSale: 'Sasisha mauzo',
  saveSale: 'Hifadhi mauzo',
  noFlocks: 'Bado hakuna makundi.',
  addFlock: 'Ongeza kundi',
  noFlocksAfter: 'kwanza, kisha urekodi mauzo yake hapa.',
  flock: 'Kundi',
  selectFlock: 'Chagua kundi',
  category: 'Aina ya mauzo',
  selectCategory: 'Chagua aina ya mauzo',
  product: 'Bidhaa',
  productPlaceholder: 'mf. mayai ya daraja A',
  quantity: 'Idadi',
  unit: 'Kipimo',
  unitPrice: 'Bei ya kipimo kimoja (Ksh)',
  amount: 'Kiasi',
  saleType: 'Aina ya malipo',
  status: 'Hali',
  selectStatus: 'Chagua hali',
  date: 'Tarehe',
  description: 'Maelezo',
  descriptionHint: 'Si lazima: mnunuzi, au maelezo',
  cancel: 'Ghairi',
  savedLine: (ref, quantity, product, amount) => `${ref}: ${product}, ${quantity}, ${amount}`,
} satisfies Catalogue<typeof saleDialogWords>;
