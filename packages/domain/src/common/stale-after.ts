/**
 * What a change to a farm's records makes stale on a screen: the one table the web app reads
 * after its own writes (each mutation) and after another phone's (a live-update message,
 * docs/product.md §7 Real-time). Each kind of change is the `type` of the farm event the server
 * publishes for it (`apps/server/src/plugins/events.ts`).
 */

/**
 * The roots of the web app's query keys: every query of a feature sits under its root
 * (docs/style.md rule 12), so marking a root stale reads all of them again.
 */
export const QUERY_ROOTS = {
  flocks: ['flocks'],
  vaccinations: ['vaccinations'],
  eggs: ['eggs'],
  sales: ['sales'],
  expenses: ['expenses'],
  inventory: ['inventory'],
  /** Feed given to the flocks (decision 070): each flock's records and its usual feed. */
  feed: ['feed'],
  /** Stock counts and the balance checks (decision 077). */
  stockCounts: ['stock-counts'],
  reports: ['reports'],
  /** The owner's weekly summaries (decision 078): kept as made, moved by no record. */
  summaries: ['summaries'],
  payments: ['payments'],
  staff: ['staff'],
  notifications: ['notifications'],
  contact: ['contact'],
  /** The signed-in user, their farm, role and subscription (`GET /api/auth/me`). */
  currentUser: ['auth', 'me'],
  /**
   * The farm-wide figures: the dashboard, the financial dashboard, today's list and the first
   * steps. They read every kind of record, so most changes mark them stale (`figures` below).
   */
  figures: ['farm-figures'],
} as const;
export type QueryRoot = keyof typeof QUERY_ROOTS;

export interface Staleness {
  /** The features' queries to read again. */
  roots: readonly QueryRoot[];
  /** Whether the farm-wide figures move too. */
  figures: boolean;
}

/** The kinds of change to a farm's records that open screens hear about. */
export const FARM_CHANGES = ['flock', 'vaccination', 'egg_production', 'inventory', 'feed', 'sale', 'expense', 'budget', 'financial', 'report', 'payment', 'member', 'stock_count'] as const;
export type FarmChange = (typeof FARM_CHANGES)[number];

export const STALE_AFTER: Record<FarmChange, Staleness> = {
  // A flock's name, status and bird count show on every record screen; a flock deleted with
  // its records takes them from each list, its feed records and the store's feed days left too.
  flock: { roots: ['flocks', 'vaccinations', 'eggs', 'sales', 'expenses', 'inventory', 'feed', 'stockCounts'], figures: true },
  // The flocks screen shows each flock's vaccination counts and schedule.
  vaccination: { roots: ['vaccinations', 'flocks'], figures: true },
  // The flocks screen shows each flock's eggs.
  egg_production: { roots: ['eggs', 'flocks', 'stockCounts'], figures: true },
  // Today's list names the items below their reorder level. An item renamed or deleted renames or
  // takes its feed records.
  inventory: { roots: ['inventory', 'feed', 'stockCounts'], figures: true },
  // A feed record draws from its item's stock (the store's list, statistics and low stock; Today's
  // list) and is a cost of its flock, whose figures (decision 071) sit under the flocks' root.
  feed: { roots: ['feed', 'inventory', 'flocks', 'stockCounts'], figures: true },
  // An egg sale takes trays from the egg stock the egg screen shows; a bird sale takes birds off
  // its flock's count (decision 072), and its money is the flock's economics (under the flocks' root).
  sale: { roots: ['sales', 'eggs', 'flocks', 'stockCounts'], figures: true },
  // The budgets live on the expenses screen, under the expenses' root.
  expense: { roots: ['expenses'], figures: true },
  budget: { roots: ['expenses'], figures: true },
  financial: { roots: [], figures: true },
  // The first steps tick 'a report' once one is made.
  report: { roots: ['reports'], figures: true },
  // A payment moves the subscription the shell and the billing screen show, not a figure.
  payment: { roots: ['payments', 'currentUser'], figures: false },
  // A member's role changed: the navigation and every screen follow it, figures with money
  // shown or hidden included.
  member: { roots: ['staff', 'currentUser'], figures: true },
  // A count moves only the counts and the balance checks; the records above move the checks too.
  stock_count: { roots: ['stockCounts'], figures: false },
};

/** The query keys a change makes stale, figures included: what the web app invalidates. */
export function staleKeysAfter(change: FarmChange): ReadonlyArray<readonly string[]> {
  const { roots, figures } = STALE_AFTER[change];
  return [...roots.map((root) => QUERY_ROOTS[root]), ...(figures ? [QUERY_ROOTS.figures] : [])];
}
