/**
 * The words of the farm's feed and cost summary (decision 074): the dashboard's lazily loaded card
 * (feed days left, this month's cost, price and margin a tray) and the financial dashboard's lazily
 * loaded tray figures of each laying flock. Only those lazy parts carry them, so no first screen
 * grows (decisions 068, 069). The tray figures' own names are economicsWords' (decision 071).
 */
import { formatCount, formatQuantity } from './common/numbers.js';
import { words, type Catalogues } from './common/words.js';

export const economicsSummaryWords = words(
  'economicsSummaryWords',
  {
    // The dashboard's card.
    title: 'Feed and cost',
    /** A role without money: the card has only the feed. */
    feedTitle: 'Feed in the store',
    feedDaysLeft: 'Feed days left',
    /** Whole days, written: '12 days'. */
    days: (days: number) => (days === 1 ? '1 day' : `${formatCount(days)} days`),
    /** The store and the use behind the figure. */
    storeAndUse: (storeKg: number, kgPerDay: number, windowDays: number) =>
      `${formatQuantity(storeKg)} kg in the store; ${formatQuantity(kgPerDay)} kg a day given ${windowDays === 1 ? 'today' : `over the last ${windowDays} days`}.`,
    /** Fewer days left than FEED_DAYS_LOW, its days. */
    low: (days: number) => `Under ${days} days: order feed soon.`,
    noFeedItems: 'Add your feed to the store (an item of kind Feed) to see how long it lasts.',
    /** No feed given in the window: its days. */
    noUse: (windowDays: number) => `No feed recorded in the last ${windowDays} days. Record feed given to your flocks to see how long the store lasts.`,
    /** The feed items without a weight of one unit, their names joined: 'Layers mash, Chick mash'. */
    noWeight: (items: string) =>
      items === '' ? 'Enter the weight of one bag of each feed on the inventory screen to see how long the store lasts.' : `Enter the weight of one bag of ${items} on the inventory screen to see how long the store lasts.`,
    openInventory: 'Open inventory',
    /** The tray figures' tile: the laying flocks together, this month (GET /api/economics). */
    trayThisMonth: 'A tray of eggs this month',
    trayNote: 'The laying flocks together. All costs: feed given at its cost and their other costs; price: egg sales ÷ trays sold.',
    noLayers: 'No laying flocks this month.',
    loadFailed: 'The feed and cost figures could not be loaded.',
    retry: 'Retry',
    // The financial dashboard's flock cards.
    /** Over the screen's year: 'A tray of eggs in 2026'. */
    trayIn: (year: number) => `A tray of eggs in ${year}`,
  },
  { sw: () => import('./sw/economics-summary-words.js') as Promise<Catalogues> },
);
