/**
 * The words of the custom vaccination form and the standard schedule form, in a module of their
 * own: only those lazily loaded forms carry them (decision 068, docs/design.md §9).
 */
import { words, type Catalogues } from './common/words.js';

export const vaccinationFormWords = words(
  'vaccinationForm',
  {
    addTitle: 'Add Custom Vaccination',
    flock: 'Flock',
    selectFlock: '-- Select a flock --',
    vaccineName: 'Vaccine Name',
    date: 'Vaccination Date',
    localTime: 'In your local time',
    mode: 'Mode of Vaccination',
    selectMode: '-- Select a mode --',
    status: 'Status',
    cancel: 'Cancel',
    adding: 'Adding...',
    add: 'Add Vaccination',
    switchFlock: 'Switch Flock',
    /** 'No flocks yet. [Add a flock] to schedule its vaccinations.': the link in the middle. */
    noFlocks: 'No flocks yet.',
    addFlock: 'Add a flock',
    toSchedule: 'to schedule its vaccinations.',
    on: (date: string) => `On ${date}`,
    chooseFlock: 'Choose a flock to see the date',
    modeShort: 'Mode',
    modeFor: (label: string) => `Mode for ${label}`,
    selectShort: '-- Select --',
    addToSchedule: 'Add to Schedule',
    result: (created: number, skipped: number) => {
      const added = `${created} vaccination${created === 1 ? '' : 's'} added`;
      return skipped > 0 ? `${added}, ${skipped} already scheduled.` : `${added}.`;
    },
  },
  { sw: () => import('./sw/vaccination-form-words.js') as Promise<Catalogues> },
);
