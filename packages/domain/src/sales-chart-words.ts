/**
 * The sales charts' words: only the charts' lazy chunk reads them (docs/design.md §9 budget,
 * decision 068). Their titles that the page's placeholder shows too are in saleMessages.
 */
import { words, type Catalogues } from './common/words.js';

export const saleChartWords = words(
  'saleCharts',
  {
    dailyNote: 'Sales each day this month, in Ksh',
    trendNote: 'Sales each month, in Ksh',
    // Titles of one line on a 390 px phone: the page's placeholder holds one line for each.
    byWeekTitle: 'Sales per flock by week',
    byWeekNote: 'This month, 7-day weeks from the 1st, in Ksh',
    byMonthTitle: 'Sales per flock by month',
    byMonthNote: 'The last 6 months, in Ksh',
    failed: 'Sales charts could not be loaded.',
    noSalesThisMonth: 'No sales this month yet.',
    noSalesSixMonths: 'No sales in the last 6 months.',
    /** The daily chart's accessible name after its title (the days and the amount already written). */
    dailySummary: (first: string, last: string, bestDay: string, amount: string) =>
      `sales each day from ${first} to ${last}; the best day was ${bestDay} with ${amount}.`,
    /** A dataset's name and a table's column. */
    sales: 'Sales',
    day: 'Day',
    week: 'Week',
    month: 'Month',
    salesNumber: 'Number of sales',
    /** 'Week 2' */
    weekLabel: (week: number) => `Week ${week}`,
    /** 'Week 2, 08 Nov – 14 Nov' (the range already written). */
    weekLong: (week: number, range: string) => `Week ${week}, ${range}`,
    spanWeeks: 'each 7-day week of this month so far',
    /** 'each month from Jun 2026 to Nov 2026' (the months already written). */
    spanMonths: (first: string, last: string) => `each month from ${first} to ${last}`,
    spanEachMonth: 'each month',
    /** A per-flock chart's accessible name after its title: what it spans, then its lines. */
    flockSummary: (span: string, shown: number, others: number) =>
      `sales ${span}, one line for each of ${shown} ${shown === 1 ? 'flock' : 'flocks'}` +
      (others > 0 ? `, the other ${others} flocks summed in one line.` : '.'),
    /** The line of the flocks past the chart's ten. */
    otherFlocks: (count: number) => `Other flocks (${count})`,
  },
  { sw: () => import('./sw/sales-chart-words.js') as Promise<Catalogues> },
);
