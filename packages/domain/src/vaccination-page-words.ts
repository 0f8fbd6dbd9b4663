/**
 * The words of the vaccinations screen's first view (the page, its cards, its history), apart
 * from vaccinations-rules.ts, which the flock screens read too (decision 068).
 */
import { words, type Catalogues } from './common/words.js';

export const vaccinationPageWords = words(
  'vaccinationPage',
  {
    title: 'Vaccination Scheduling',
    notFound: 'This flock does not exist on your farm.',
    showAll: 'Show all flocks',
    flockFailed: 'Could not load the flock. Please try again.',
    loadingFlock: 'Loading flock',
    scheduleFor: (flock: string) => `Vaccination Schedule for Flock: ${flock}`,
    allFlocks: 'All Flocks',
    addCustom: 'Add Custom Vaccination',
    unnamed: 'Unnamed Flock',
    scheduled: 'Scheduled',
    pending: 'Pending',
    completed: 'Completed',
    overdue: 'Overdue',
    dueWithin7: 'Due within 7 days',
    standardTitle: 'Standard Vaccination Schedule',
    standardIntro: 'Tick the vaccines to add for the flock. Dates count from the day the flock was added.',
    history: 'Vaccination History',
    historyLabel: 'Vaccination history',
    inTotal: (n: number) => `${n} in total`,
    show: 'Show',
    loading: 'Loading vaccinations',
    loadFailed: 'Could not load vaccinations. Please try again.',
    pages: 'Vaccination pages',
    colVaccine: 'Vaccine',
    colFlock: 'Flock',
    colDate: 'Date',
    colMode: 'Mode',
    colStatus: 'Status',
    colActions: 'Actions',
    markCompleted: 'Mark Completed',
    markPending: 'Mark Pending',
    delete: 'Delete',
    confirm: 'Confirm',
    deleteTitle: 'Delete vaccination',
    confirmDelete: (vaccine: string, when: string) => `Delete ${vaccine} of ${when}? This cannot be undone.`,
    /** `status` is the status's label. */
    confirmMark: (vaccine: string, when: string, status: string) => `Mark ${vaccine} of ${when} as ${status}?`,
  },
  { sw: () => import('./sw/vaccination-page-words.js') as Promise<Catalogues> },
);
