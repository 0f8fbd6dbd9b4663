/**
 * Kiswahili of vaccination-form-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the words of vaccinations (decision 068; farm words per docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { vaccinationFormWords } from '../vaccination-form-words.js';

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
