import { words, type Catalogues } from './common/words.js';

/** The flock detail dialog's own words (it loads on first use), in a module of their own (decision 068). */
export const dashboardDialogWords = words(
  'dashboardDialog',
  {
    ageWeeks: (weeks: number) => `${weeks} ${weeks === 1 ? 'week' : 'weeks'}`,
  },
  { sw: () => import('./sw/dashboard-dialog-words.js') as Promise<Catalogues> },
);
