/**
 * Kiswahili of dashboard-chart-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the dashboard's words (dashboard-rules.ts; farm words per docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { dashboardChartWords } from '../dashboard-chart-words.js';

export const dashboardCharts = {
  eggCount: (eggs, shown) => (eggs === 1 ? `yai ${shown}` : `mayai ${shown}`),
  flockSummary: (span, line, shown, names, others) =>
    `${span}, ${line ? 'mstari mmoja' : 'mwambaa mmoja'} kwa ${shown === 1 ? 'kundi 1' : `kila kundi kati ya makundi ${shown}`}: ${names}` +
    (others !== null ? `; makundi mengine ${others} yamejumlishwa kama moja.` : '.'),
  eggsDaySpan: (from, to) => `mayai yaliyokusanywa kila siku kuanzia ${from} hadi ${to}`,
  eggsWeekSpan: 'mayai yaliyokusanywa katika kila siku 7 kuanzia tarehe 1 ya mwezi huu, wiki 1 hadi wiki 4',
  salesSpan: (from, to) => `mauzo ya kila mwezi kuanzia ${from} hadi ${to}`,
  pieSummary: (title, slices) => `${title}: mwezi huu, ${slices}.`,
} satisfies Catalogue<typeof dashboardChartWords>;
