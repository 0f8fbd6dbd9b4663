import { words, type Catalogues } from './common/words.js';

/** The dashboard charts' own words (they load with chart.js): their text alternatives, in a module of their own (decision 068). */
export const dashboardChartWords = words(
  'dashboardCharts',
  {
    eggCount: (eggs: number, shown: string) => `${shown} ${eggs === 1 ? 'egg' : 'eggs'}`,
    /** A flock chart's text alternative after its span; `others` is the number of flocks summed as one, null without. */
    flockSummary: (span: string, line: boolean, shown: number, names: string, others: number | null) =>
      `${span}, ${line ? 'a line' : 'a bar'} for each of ${shown} ${shown === 1 ? 'flock' : 'flocks'}: ${names}` +
      (others !== null ? `; the other ${others} flocks summed as one.` : '.'),
    eggsDaySpan: (from: string, to: string) => `eggs collected each day from ${from} to ${to}`,
    eggsWeekSpan: 'eggs collected in each 7 days from the 1st of this month, Week 1 to Week 4',
    salesSpan: (from: string, to: string) => `sales each month from ${from} to ${to}`,
    /** The pie's text alternative: its title, then each slice. */
    pieSummary: (title: string, slices: string) => `${title}: this month, ${slices}.`,
  },
  { sw: () => import('./sw/dashboard-chart-words.js') as Promise<Catalogues> },
);
