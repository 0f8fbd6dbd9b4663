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
