/**
 * Kiswahili of sales-chart-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the sales screen, its dialog and charts, and who owes (sales-rules.ts and its words files; docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { saleChartWords } from '../sales-chart-words.js';

export const saleCharts = {
  dailyNote: 'Mauzo ya kila siku mwezi huu, kwa Ksh',
  trendNote: 'Mauzo ya kila mwezi, kwa Ksh',
  byWeekTitle: 'Mauzo ya kila kundi kwa wiki',
  byWeekNote: 'Mwezi huu, kwa Ksh: wiki za siku 7 kuanzia tarehe 1',
  byMonthTitle: 'Mauzo ya kila kundi kwa mwezi',
  byMonthNote: 'Miezi 6 iliyopita, kwa Ksh',
  failed: 'Chati za mauzo hazikuweza kupakiwa.',
  noSalesThisMonth: 'Bado hakuna mauzo mwezi huu.',
  noSalesSixMonths: 'Hakuna mauzo katika miezi 6 iliyopita.',
  dailySummary: (first, last, bestDay, amount) => `mauzo ya kila siku kuanzia ${first} hadi ${last}; siku bora ilikuwa ${bestDay} kwa ${amount}.`,
  sales: 'Mauzo',
  day: 'Siku',
  week: 'Wiki',
  month: 'Mwezi',
  salesNumber: 'Idadi ya mauzo',
  weekLabel: (week) => `Wiki ${week}`,
  weekLong: (week, range) => `Wiki ${week}, ${range}`,
  spanWeeks: 'kila wiki ya siku 7 ya mwezi huu hadi sasa',
  spanMonths: (first, last) => `kila mwezi kuanzia ${first} hadi ${last}`,
  spanEachMonth: 'kila mwezi',
  flockSummary: (span, shown, others) =>
    `mauzo ${span}, ${shown === 1 ? 'mstari 1 kwa kundi 1' : `mstari mmoja kwa kila moja ya makundi ${shown}`}` +
    (others > 0 ? `, makundi mengine ${others} yamejumlishwa katika mstari mmoja.` : '.'),
  otherFlocks: (n) => `Makundi mengine (${n})`,
} satisfies Catalogue<typeof saleChartWords>;
