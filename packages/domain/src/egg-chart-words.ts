import { words, type Catalogues } from './common/words.js';

/** The egg screen's charts' words (they load with chart.js), in a module of their own (decision 068). */
export const eggChartWords = words(
  'eggCharts',
  {
    title: 'Production charts',
    loading: 'Loading egg production charts',
    failed: 'Egg production charts could not be loaded.',
    dailyTitle: 'Production per day (last 30 days)',
    dailyNote: 'Eggs collected per flock and day',
    weeklyTitle: 'Production per week (this month)',
    weeklyNote: 'Eggs collected, 7-day weeks from the 1st',
    adjustmentsTitle: 'Egg adjustments by type (this month)',
    adjustmentsNote: 'Eggs given away, broken or eaten',
    noDailyEggs: 'No eggs recorded in the last 30 days.',
    noWeeklyEggs: 'No eggs recorded this month.',
    noAdjustments: 'No egg adjustments this month.',
    otherFlocks: (n: number) => `Other flocks (${n})`,
    /** The daily chart's text alternative; `others` is the number of flocks summed in one line, null without. */
    dailySummary: (from: string, to: string, shown: number, others: number | null) =>
      `eggs collected each day from ${from} to ${to}, one line for each of ${shown} ${shown === 1 ? 'flock' : 'flocks'}` +
      (others !== null ? `, the other ${others} flocks summed in one line.` : '.'),
    week: (week: number) => `Week ${week}`,
    weekRange: (week: number, range: string) => `Week ${week}, ${range}`,
    /** One week in the weekly chart's text alternative: "week 2 (08 Mar – 14 Mar) 1,234 eggs". */
    weekSummary: (week: number, range: string, eggs: string) => `week ${week} (${range}) ${eggs}`,
    eggs: 'Eggs',
    day: 'Day',
    weekColumn: 'Week',
    days: 'Days',
    type: 'Type',
  },
  { sw: () => import('./sw/egg-chart-words.js') as Promise<Catalogues> },
);
