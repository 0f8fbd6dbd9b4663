/** Kiswahili of economics-summary-words.ts (decision 068; farm words per docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { economicsSummaryWords as english } from '../economics-summary-words.js';

/** A count or a quantity as every screen writes it ('1,234'): a catalogue imports no code. */
const count = (n: number) => n.toLocaleString('en-KE', { maximumFractionDigits: 3 });

export const economicsSummaryWords = {
  title: 'Chakula na gharama',
  feedTitle: 'Chakula ghalani',
  feedDaysLeft: 'Siku za chakula zilizobaki',
  days: (days) => (days === 1 ? 'siku 1' : `siku ${count(days)}`),
  storeAndUse: (storeKg, kgPerDay, windowDays) =>
    `Kilo ${count(storeKg)} ghalani; kilo ${count(kgPerDay)} kwa siku zimetolewa ${windowDays === 1 ? 'leo' : `katika siku ${windowDays} zilizopita`}.`,
  low: (days) => `Chini ya siku ${days}: agiza chakula cha kuku mapema.`,
  noFeedItems: 'Ongeza chakula chako ghalani (bidhaa ya aina ya chakula cha kuku) ili uone kitadumu siku ngapi.',
  noUse: (windowDays) => `Hakuna chakula kilichorekodiwa katika siku ${windowDays} zilizopita. Rekodi chakula unachowapa kuku ili uone akiba itadumu siku ngapi.`,
  noWeight: (items) =>
    items === ''
      ? 'Weka uzito wa mfuko mmoja wa kila chakula kwenye orodha ya bidhaa ili uone akiba itadumu siku ngapi.'
      : `Weka uzito wa mfuko mmoja wa ${items} kwenye orodha ya bidhaa ili uone akiba itadumu siku ngapi.`,
  openInventory: 'Fungua orodha ya bidhaa',
  trayThisMonth: 'Trei (tray) ya mayai mwezi huu',
  trayNote: 'Makundi ya kuku wa mayai kwa pamoja. Gharama zote: chakula walichopewa kwa gharama yake na gharama zao nyingine; bei: mauzo ya mayai ÷ trei zilizouzwa.',
  noLayers: 'Hakuna makundi ya kuku wa mayai mwezi huu.',
  loadFailed: 'Takwimu za chakula na gharama hazikuweza kupakiwa.',
  retry: 'Jaribu tena',
  trayIn: (year) => `Trei (tray) ya mayai mwaka ${year}`,
} satisfies Catalogue<typeof english>;
