/**
 * Kiswahili of footer-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the words the signed-in shell shows on every screen (shell-words.ts). */
import type { Catalogue } from '../common/words.js';
import type { footerWords } from '../footer-words.js';

export const footer = {
  about: 'Usimamizi wa shamba la kuku kwa wafugaji wa Kenya: makundi, mayai, mauzo na fedha mahali pamoja.',
  quickLinks: 'Viungo vya haraka',
  contact: 'Mawasiliano',
  support: 'Msaada:',
  place: 'Nairobi, Kenya',
  sendMessage: 'Tutumie ujumbe',
  followUs: 'Tufuate',
  copyright: (year) => `© ${year} Kuku. Haki zote zimehifadhiwa.`,
  offline: 'Huna mtandao! Huduma nyingine huenda zisipatikane.',
  online: 'Mtandao umerudi! Kila kitu kinafanya kazi tena.',
  dismiss: 'Ondoa',
} satisfies Catalogue<typeof footerWords>;
