/**
 * The words of the flocks screen's first view (the page, its list, its two cards), apart from
 * flocks-rules.ts: the dashboard reads those rules and does not carry these (decision 068).
 */
import { words, type Catalogues } from './common/words.js';

export const flockPageWords = words(
  'flockPage',
  {
    title: 'Flock Management',
    welcome: "Let's Manage Your Flock",
    intro: "Keep each flock's bird count and status up to date, and see which vaccinations are coming up.",
    addFlock: 'Add Flock',
    recentlyDeleted: 'Recently deleted',
    loadingDetails: 'Loading flock details...',
    yourFlocks: 'Your Flocks',
    search: 'Search flocks',
    searchHint: 'Name or breed',
    filterStatus: 'Filter by status',
    allStatuses: 'All statuses',
    flocks: 'Flocks',
    loading: 'Loading flocks',
    loadFailed: 'Flocks could not be loaded. Please try again.',
    empty: 'No flocks yet. Add your first flock to get started.',
    /** The list filtered to nothing: by the words searched, a status's label, or both. */
    noMatch: (q: string, status: string) => `No flocks match${q ? ` "${q}"` : ''}${status ? `${q ? ' and' : ''} status ${status}` : ''}.`,
    count: (n: number) => `${n} ${n === 1 ? 'flock' : 'flocks'}`,
    pages: 'Flock list pages',
    colId: 'Flock ID',
    colName: 'Flock Name',
    colBreed: 'Breed',
    colAge: 'Age',
    colBirds: 'Bird Count',
    colStatus: 'Status',
    colActions: 'Actions',
    viewDetails: 'View Details',
    viewDetailsOf: (name: string) => `View Details of ${name}`,
    weeks: (n: number) => `${n} ${n === 1 ? 'week' : 'weeks'}`,
    /** A count already written with its thousands: '1,200 birds'. */
    birds: (count: string) => `${count} birds`,
    statistics: 'Flock Statistics',
    statsFailed: 'Flock statistics could not be loaded.',
    loadingStats: 'Loading flock statistics',
    totalBirds: 'Total Birds',
    totalBirdsNote: 'In flocks not archived',
    totalFlocks: 'Total Flocks',
    byStatus: 'Flocks by status',
    mortalityRate: 'Mortality Rate',
    vaccinations: 'Vaccinations',
    countsFailed: 'Vaccination counts could not be loaded.',
    loadingCounts: 'Loading vaccination counts',
    dueWithin7: 'Due within 7 days',
    overdue: 'Overdue',
    viewSchedule: 'View vaccination schedule',
  },
  { sw: () => import('./sw/flock-page-words.js') as Promise<Catalogues> },
);
