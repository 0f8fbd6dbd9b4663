/**
 * The signed-in shell's header and navigation, loaded with the shell (decision 068). A module of its own: a
 * chunk that imports a words module takes all of it.
 */
import { words, type Catalogues } from './common/words.js';

export const headerWords = words(
  'header',
  {
    loadingData: 'Loading Poultry Data...',
    loadingProgress: 'Loading progress',
    toggleNavigation: 'Toggle navigation',
    closeNavigation: 'Close navigation',
    mainNavigation: 'Main',
    breadcrumb: 'Breadcrumb',
    home: 'Home',
    toggleColorScheme: 'Toggle color scheme',
    myProfile: 'My Profile',
    defaultUsername: 'User',
    language: 'Language',
    /** Each language's name in itself, as a switch offers it. */
    languageNames: { en: 'English', sw: 'Kiswahili' },
  },
  { sw: () => import('./sw/header-words.js') as Promise<Catalogues> },
);
