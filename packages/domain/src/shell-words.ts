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
  { sw: () => import('./sw/shell-words.js') as Promise<Catalogues> },
);

/** Who added and last changed a record, under its details (docs/design.md §4). */
export const recordAuthorMessages = words(
  'recordAuthors',
  {
    createdBy: 'Added by',
    updatedBy: 'Last changed by',
    formerMember: 'A former member',
  },
  { sw: () => import('./sw/shell-words.js') as Promise<Catalogues> },
);

/**
 * The words of the app's frame that its entry shows (decision 068): the router's waits, the error
 * and not-found screens, the tab's title, the API client's own failures and the dialogs' close
 * buttons. What only the signed-in shell, the footer or a list shows is in header-words.ts,
 * footer-words.ts and list-words.ts,
 * apart, so that it is not on every first screen.
 */
export const shellWords = words(
  'shell',
  {
    appTitle: 'Kuku — Poultry Farm Manager',
    authenticating: 'Authenticating...',
    loading: 'Loading...',
    loadingPage: 'Loading page',
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
    closeDialog: 'Close dialog',
    closeNotification: 'Close notification',
    togglePassword: 'Toggle password visibility',
  },
  { sw: () => import('./sw/shell-words.js') as Promise<Catalogues> },
);
