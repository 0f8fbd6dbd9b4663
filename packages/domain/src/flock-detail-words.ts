/**
 * The words of a flock's details overlay (its cards, its charts) and of the add form, apart from
 * the list's: only those lazily loaded parts carry them (decision 068, docs/design.md §9).
 */
import { words, type Catalogues } from './common/words.js';

const sw = () => import('./sw/flocks.js') as Promise<Catalogues>;

export const flockDetailWords = words(
  'flockDetails',
  {
    managing: (name: string) => `Managing Flock: ${name}`,
    details: 'Flock details',
    back: 'Back to Flock List',
    loadFailed: 'This flock could not be loaded. Go back to the list and try again.',
    loading: 'Loading flock details...',
    weeks: (n: number) => `${n} ${n === 1 ? 'week' : 'weeks'}`,
    /** A count already written with its thousands: '1,200 birds'. */
    birds: (count: string) => `${count} birds`,
    deleteFlock: 'Delete Flock',
    quickActions: 'Quick Actions',
    vaccinations: 'Vaccinations',
    vaccinationsText: "Plan this flock's next vaccinations.",
    schedule: 'Schedule',
    reports: 'Reports',
    reportsText: "Create a report of your farm's records.",
    generate: 'Generate',
    health: 'Health',
    averageHealth: 'Average Health',
    monitoring: 'Monitoring...',
    /** A rate already written with its decimals: '2.50'. */
    mortalityRate: (rate: string) => `Mortality rate: ${rate}%`,
    updateCount: 'Update Bird Count',
    nowOf: (now: string, initial: string) => `Now ${now} of ${initial} birds`,
    newCount: 'New Bird Count',
    notePlaceholder: 'e.g. 3 died of heat stress',
    updating: 'Updating...',
    changeStatus: 'Change Status',
    currentStatus: 'Current status:',
    flockStatus: 'Flock Status',
    selectStatus: 'Select a new status',
    saving: 'Saving...',
    savedAtOnce: 'Saved as soon as you pick one.',
    vaccinationSchedule: 'Vaccination Schedule',
    scheduleList: 'Vaccination schedule',
    loadingVaccinations: 'Loading vaccinations',
    vaccinationsFailed: 'Vaccinations could not be loaded.',
    statistics: 'Flock Statistics',
    statsFailed: 'Flock statistics could not be loaded.',
    loadingStats: 'Loading flock statistics',
    birdCountTitle: 'Bird Count Over Time',
    birdCountNote: 'Birds at the end of each week',
    deathsTitle: 'Deaths per Week',
    deathsNote: 'Birds lost to mortality',
    mortalityTitle: 'Mortality Rate Trend',
    mortalityNote: 'Deaths to date over the initial count, %',
    vaccinationsTitle: 'Vaccinations Done vs Due',
    vaccinationsNote: 'Per week, cancelled ones left out',
    birdsSummary: (birds: number, weeks: number) => `${birds} birds at the end of ${weeks} ${weeks === 1 ? 'week' : 'weeks'}.`,
    deathsSummary: (deaths: number, weeks: number) => `${deaths} deaths in ${weeks} ${weeks === 1 ? 'week' : 'weeks'}.`,
    /** A rate already written with its decimals: '2.50'. */
    mortalitySummary: (rate: string) => `${rate}% by the latest week.`,
    vaccinationsSummary: (done: number, due: number, weeks: number) => `${done} done of ${due} due in ${weeks} ${weeks === 1 ? 'week' : 'weeks'}.`,
    birdsSeries: 'Birds',
    deathsSeries: 'Deaths',
    mortalitySeries: 'Mortality rate',
    dueSeries: 'Due',
    doneSeries: 'Done',
    weekOf: 'Week of',
    birdsAtWeekEnd: 'Birds at week end',
  },
  { sw },
);
