/**
 * Kiswahili of header-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the words the signed-in shell shows on every screen (shell-words.ts). */
import type { Catalogue } from '../common/words.js';
import type { headerWords } from '../header-words.js';

export const header = {
  loadingData: 'Inapakia taarifa za kuku...',
  loadingProgress: 'Maendeleo ya kupakia',
  toggleNavigation: 'Fungua au funga menyu',
  closeNavigation: 'Funga menyu',
  mainNavigation: 'Menyu kuu',
  breadcrumb: 'Ulipo',
  home: 'Mwanzo',
  toggleColorScheme: 'Badilisha mwanga au giza',
  myProfile: 'Wasifu wangu',
  defaultUsername: 'Mtumiaji',
  language: 'Lugha',
  languageNames: { en: 'English', sw: 'Kiswahili' },
} satisfies Catalogue<typeof headerWords>;
