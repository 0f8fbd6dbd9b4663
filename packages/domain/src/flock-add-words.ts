/** The add form's words (add-flock-modal), in a module of their own: only the form carries them (decision 068). */
import { words, type Catalogues } from './common/words.js';

export const flockAddWords = words(
  'flockAdd',
  {
    title: 'Add Flock',
    name: 'Flock Name',
    breed: 'Breed',
    selectBreed: 'Select breed',
    age: 'Age (weeks)',
    initialCount: 'Initial Bird Count',
    currentCount: 'Current Bird Count',
    status: 'Status',
    selectStatus: 'Select status',
    adding: 'Adding...',
  },
  { sw: () => import('./sw/flock-add-words.js') as Promise<Catalogues> },
);
