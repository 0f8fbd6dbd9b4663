/**
 * Kiswahili of egg-chart-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/**
 * Kiswahili: the egg screens' words (eggs-rules.ts; farm words per docs/glossary-sw.md). `trei`
 * and `kreti` are unverified loanwords: a label keeps the English in brackets, a count
 * ('trei 12 + mayai 5') does not, where brackets would nest.
 */
import type { Catalogue } from '../common/words.js';
import type { eggChartWords } from '../egg-chart-words.js';

export const eggCharts = {
  title: 'Chati za uzalishaji',
  loading: 'Inapakia chati za uzalishaji wa mayai',
  failed: 'Imeshindikana kupakia chati za uzalishaji wa mayai.',
  dailyTitle: 'Uzalishaji kwa siku (siku 30 zilizopita)',
  dailyNote: 'Mayai yaliyokusanywa kwa kila kundi na siku',
  weeklyTitle: 'Uzalishaji kwa wiki (mwezi huu)',
  weeklyNote: 'Mayai yaliyokusanywa, wiki za siku 7 kuanzia tarehe 1',
  adjustmentsTitle: 'Marekebisho ya mayai kwa aina (mwezi huu)',
  adjustmentsNote: 'Mayai yaliyotolewa bure, yaliyovunjika au yaliyoliwa',
  noDailyEggs: 'Hakuna mayai yaliyorekodiwa katika siku 30 zilizopita.',
  noWeeklyEggs: 'Hakuna mayai yaliyorekodiwa mwezi huu.',
  noAdjustments: 'Hakuna marekebisho ya mayai mwezi huu.',
  otherFlocks: (n) => `Makundi mengine (${n})`,
  dailySummary: (from, to, shown, others) =>
    `mayai yaliyokusanywa kila siku kuanzia ${from} hadi ${to}, ${shown === 1 ? 'mstari mmoja kwa kundi 1' : `mstari mmoja kwa kila kundi kati ya makundi ${shown}`}` +
    (others !== null ? `, makundi mengine ${others} yamejumlishwa katika mstari mmoja.` : '.'),
  week: (week) => `Wiki ${week}`,
  weekRange: (week, range) => `Wiki ${week}, ${range}`,
  weekSummary: (week, range, eggs) => `wiki ${week} (${range}) ${eggs}`,
  eggs: 'Mayai',
  day: 'Siku',
  weekColumn: 'Wiki',
  days: 'Siku',
  type: 'Aina',
} satisfies Catalogue<typeof eggChartWords>;
