/**
 * The words of a flock against its breed guide (decision 073): the chart in the flock's 'Feed and
 * cost' section and the refusal of a bad `?weeks=`. Apart from breed-guides.ts, so a screen that
 * shows these loads none of the guides' tables (decision 068).
 */
import { words, type Catalogues } from './common/words.js';
import { GUIDE_WEEKS_MAX } from './breed-guides.js';

export const breedGuideWords = words(
  'breedGuides',
  {
    title: 'Against the breed guide',
    /** Each guide's name as the chart's legend and note say it. */
    guideNames: {
      'hy-line-brown': 'Hy-Line Brown',
      'kalro-improved-kienyeji': 'KALRO improved kienyeji',
      'free-range-kienyeji': 'Kienyeji on free range',
      'cobb-500': 'Cobb 500',
    },
    note: (guide: string) => `The last weeks of the flock's life beside the ${guide} guide (its figures rounded).`,
    /** Under the note of the indigenous breeds' guides, which are the least sure. */
    rough: 'This guide is rough: read it as a direction, not a target.',
    henDayTitle: 'Hen-day production',
    henDayNote: '% of the hens laying each day, by week of age',
    feedTitle: 'Feed a bird a day',
    feedNote: 'grams, by week of age',
    weightTitle: 'Average weight',
    weightNote: 'kg, from the weighings, by week of age',
    fcrTitle: 'Feed conversion ratio (FCR)',
    fcrNote: 'feed to date ÷ weight gained, by week of age',
    thisFlock: 'This flock',
    /** The guide's line in a chart's legend and tooltips (the note above names the guide). */
    guide: 'Guide',
    /** The guide's column in a chart's table. */
    guideLine: (guide: string) => `Guide (${guide})`,
    /** An axis label: 'Wk 30'. */
    weekShort: (week: number) => `Wk ${week}`,
    weekHeader: 'Week of age',
    /** A week in the table and the tooltips: 'Week 30 (from 12 Jan 2027)'. */
    weekLong: (week: number, from: string) => `Week ${week} (from ${from})`,
    /** The latest week with a figure, in words, beside the chart. */
    summaryLayers: (week: number, henDay: string, guideHenDay: string, feed: string, guideFeed: string) =>
      `Week ${week} of age: laid ${henDay}, guide ${guideHenDay}. Feed ${feed} a bird a day, guide ${guideFeed}.`,
    summaryBroilers: (week: number, weight: string, guideWeight: string, fcr: string, guideFcr: string) =>
      `Week ${week} of age: average weight ${weight}, guide ${guideWeight}. FCR ${fcr}, guide ${guideFcr}.`,
    /** A chart's accessible name: its title, the weeks it spans and its latest figure against the guide. */
    chartLabel: (title: string, from: number, to: number, latest: string, guide: string) =>
      `${title}, weeks ${from} to ${to} of age: latest ${latest}, guide ${guide}.`,
    noFigures: 'No week has the records for a figure yet. Record eggs and feed given, or weigh a sample of birds, to see the flock against its guide.',
    noGuide: 'Kuku has no guide for this breed.',
    loading: 'Loading the weeks...',
    loadFailed: 'The weeks could not be loaded.',
    weeksInvalid: `Weeks must be a whole number from 1 to ${GUIDE_WEEKS_MAX}.`,
  },
  { sw: () => import('./sw/breed-guide-words.js') as Promise<Catalogues> },
);
