/**
 * Words the signed-in shell shows on every screen, apart from their features' whole word lists:
 * a screen loads these few instead of billing's or staff's (docs/design.md §9 first-screen budget).
 * billingMessages and staffMessages include them.
 */
import { words, type Catalogues } from './common/words.js';
export const renewalMessages = words(
  'renewal',
  {
    renewalBanner: 'Your subscription ends on {date}. Renew now to keep using Kuku without a break.',
    renewNow: 'Renew now',
  },
  { sw: () => import('./sw/shell.js') as Promise<Catalogues> },
);

/** Who added and last changed a record, under its details (docs/design.md §4). */
export const recordAuthorMessages = words(
  'recordAuthors',
  {
    createdBy: 'Added by',
    updatedBy: 'Last changed by',
    formerMember: 'A former member',
  },
  { sw: () => import('./sw/shell.js') as Promise<Catalogues> },
);

/**
 * The words of the app's frame, written in its components before (decision 068): the router's
 * waits, the error and not-found screens, the header, the navigation, the footer, the offline
 * banner, the start-up overlay, and the close and page buttons every dialog and list shares.
 */
export const shellWords = words(
  'shell',
  {
    appTitle: 'Kuku — Poultry Farm Manager',
    authenticating: 'Authenticating...',
    loading: 'Loading...',
    loadingPage: 'Loading page',
    loadingData: 'Loading Poultry Data...',
    loadingProgress: 'Loading progress',
    pageNotFound: 'Page not found',
    pageNotFoundText: "This page has flown the coop. Check the address, or head back to your farm's dashboard.",
    backToDashboard: 'Back to Dashboard',
    needsConnection: 'This screen needs a connection',
    needsConnectionText: 'It opens once the signal is back.',
    unreachable: 'Could not reach Kuku',
    unreachableText: 'Check your internet connection and try again.',
    somethingWrong: 'Something went wrong',
    somethingWrongText: 'Please try again. If it keeps happening, contact support.',
    tryAgain: 'Try Again',
    goToDashboard: 'Go to Dashboard',
    serverUnreachable: 'Could not reach the server. Check your connection and try again.',
    unexpectedAnswer: 'The server sent an unexpected answer. Please try again.',
    offline: 'You are offline! Some features may be unavailable.',
    online: 'Connection restored! Everything is back online.',
    dismiss: 'Dismiss',
    toggleNavigation: 'Toggle navigation',
    closeNavigation: 'Close navigation',
    mainNavigation: 'Main',
    breadcrumb: 'Breadcrumb',
    toggleColorScheme: 'Toggle color scheme',
    myProfile: 'My Profile',
    defaultUsername: 'User',
    footerAbout: 'Poultry farm management for Kenyan farmers: flocks, eggs, sales and money in one place.',
    quickLinks: 'Quick Links',
    contact: 'Contact',
    support: 'Support:',
    place: 'Nairobi, Kenya',
    sendMessage: 'Send us a message',
    followUs: 'Follow Us',
    closeDialog: 'Close dialog',
    closeNotification: 'Close notification',
    firstPage: 'First page',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    lastPage: 'Last page',
    undo: 'Undo',
    home: 'Home',
    copyright: (year: number) => `© ${year} Kuku. All rights reserved.`,
    sortBy: 'Sort by',
    sortAscending: (column: string) => `${column}, ascending`,
    sortDescending: (column: string) => `${column}, descending`,
    language: 'Language',
    /** Each language's name in itself, as a switch offers it. */
    languageNames: { en: 'English', sw: 'Kiswahili' },
    languageChanging: 'Changing the language...',
  },
  { sw: () => import('./sw/shell.js') as Promise<Catalogues> },
);
