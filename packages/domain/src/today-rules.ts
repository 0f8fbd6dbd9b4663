import { formatCount } from './common/numbers.js';
import { words, type Catalogues } from './common/words.js';

/**
 * The Today block: what still needs doing on the farm today, each a tap away (beyond the first plan:
 * decision 056). Words and constants, without zod; the schema is in today.ts.
 */

/** A sale unpaid for longer than this many days is owed money to chase. */
export const CREDIT_OVERDUE_DAYS = 30;
/** How many rows of each kind the block lists; its heading counts them all. */
export const TODAY_LIST_MAX = 5;

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

export const todayMessages = words(
  'today',
  {
  title: 'Today',
  allDone: 'Nothing waits for you today. Well done.',
  failed: 'Could not load what needs doing today.',
  eggsTitle: 'Eggs not yet recorded',
  eggsMissing: (missing: number, laying: number) => `${plural(missing, 'flock', 'flocks')} of ${formatCount(laying)} laying`,
  eggsAction: "Record today's eggs",
  vaccinationsTitle: 'Vaccinations due or overdue',
  vaccinationsCount: (total: number, overdue: number) =>
    overdue > 0 ? `${plural(total, 'vaccination', 'vaccinations')}, ${formatCount(overdue)} overdue` : plural(total, 'vaccination', 'vaccinations'),
  seeAllVaccinations: 'See all overdue',
  lowStockTitle: 'Low stock',
  lowStockCount: (total: number) => `${plural(total, 'item', 'items')} at or below the reorder level`,
  lowStockLine: (quantity: string, unit: string, reorder: string) => `${quantity} ${unit} left · reorder at ${reorder}`,
  seeLowStock: 'Open the store',
  creditTitle: `Unpaid for over ${CREDIT_OVERDUE_DAYS} days`,
  creditCount: (sales: number) => plural(sales, 'sale', 'sales'),
  creditSince: (day: string) => `oldest from ${day}`,
  seeDebtors: 'See who owes',
  more: (n: number) => `and ${formatCount(n)} more`,
  retry: 'Try again',
  },
  { sw: () => import('./sw/today-rules.js') as Promise<Catalogues> },
);

interface TodayParts {
  eggs: { missing: number } | null;
  vaccinations: unknown;
  low_stock: unknown;
  credit: unknown;
}

/** A farm with no laying flock and nothing due (a new farm): the block has nothing to say yet. */
export function todayIsSilent(today: TodayParts): boolean {
  return !today.eggs && !today.vaccinations && !today.low_stock && !today.credit;
}

/** Every laying flock recorded and nothing else waiting. */
export function todayAllDone(today: TodayParts): boolean {
  return (today.eggs?.missing ?? 0) === 0 && !today.vaccinations && !today.low_stock && !today.credit;
}
