/** Kiswahili of breed-guide-words.ts (decision 068; farm words per docs/glossary-sw.md). */
import type { breedGuideWords } from '../breed-guide-words.js';
import type { Catalogue } from '../common/words.js';

export const breedGuides = {
  title: 'Kulinganisha na mwongozo wa aina ya kuku (guide)',
  guideNames: {
    'hy-line-brown': 'Hy-Line Brown',
    'kalro-improved-kienyeji': 'Kienyeji walioboreshwa wa KALRO',
    'free-range-kienyeji': 'Kienyeji wa kufugwa huru',
    'cobb-500': 'Cobb 500',
  },
  note: (guide) => `Wiki za mwisho za maisha ya kundi kando ya mwongozo wa ${guide} (takwimu zake zimekadiriwa).`,
  rough: 'Mwongozo huu ni wa kukadiria: usome kama mwelekeo, si lengo.',
  henDayTitle: 'Utagaji kwa kuku kwa siku (hen-day)',
  henDayNote: '% ya kuku wanaotaga kila siku, kwa wiki ya umri',
  feedTitle: 'Chakula kwa kuku kwa siku',
  feedNote: 'gramu, kwa wiki ya umri',
  weightTitle: 'Uzito wa wastani',
  weightNote: 'kilo, kutoka vipimo vya uzito, kwa wiki ya umri',
  fcrTitle: 'Uwiano wa chakula na uzito (FCR)',
  fcrNote: 'chakula hadi sasa ÷ uzito ulioongezeka, kwa wiki ya umri',
  thisFlock: 'Kundi hili',
  guide: 'Mwongozo',
  guideLine: (guide) => `Mwongozo (${guide})`,
  weekShort: (week) => `Wiki ${week}`,
  weekHeader: 'Wiki ya umri',
  weekLong: (week, from) => `Wiki ${week} (kuanzia ${from})`,
  summaryLayers: (week, henDay, guideHenDay, feed, guideFeed) =>
    `Wiki ${week} ya umri: walitaga ${henDay}, mwongozo ${guideHenDay}. Chakula ${feed} kwa kuku kwa siku, mwongozo ${guideFeed}.`,
  summaryBroilers: (week, weight, guideWeight, fcr, guideFcr) =>
    `Wiki ${week} ya umri: uzito wa wastani ${weight}, mwongozo ${guideWeight}. FCR ${fcr}, mwongozo ${guideFcr}.`,
  chartLabel: (title, from, to, latest, guide) => `${title}, wiki ${from} hadi ${to} ya umri: ya mwisho ${latest}, mwongozo ${guide}.`,
  noFigures: 'Bado hakuna wiki yenye rekodi za kutosha. Rekodi mayai na chakula ulichowapa kuku, au pima uzito wa baadhi ya kuku, ili uone kundi kando ya mwongozo wake.',
  noGuide: 'Kuku haina mwongozo wa aina hii ya kuku.',
  loading: 'Wiki zinapakiwa...',
  loadFailed: 'Wiki hazikuweza kupakiwa.',
  weeksInvalid: 'Wiki lazima ziwe namba kamili kuanzia 1 hadi 52.',
} satisfies Catalogue<typeof breedGuideWords>;
