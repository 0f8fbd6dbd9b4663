/**
 * Every list's pager and phone sort menu, loaded with the lists (decision 068). A module of its own: a
 * chunk that imports a words module takes all of it.
 */
import { words, type Catalogues } from './common/words.js';

export const listWords = words(
  'list',
  {
    firstPage: 'First page',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    lastPage: 'Last page',
    sortBy: 'Sort by',
    sortAscending: (column: string) => `${column}, ascending`,
    sortDescending: (column: string) => `${column}, descending`,
  },
  { sw: () => import('./sw/list-words.js') as Promise<Catalogues> },
);
