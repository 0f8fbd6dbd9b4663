/**
 * The inventory screen's reads, on the egg farm (egg-farm.ts): a store of 2,000 items of its
 * flocks (feed, vaccines, drugs and litter, numbered) with 50 stock movements each over the
 * last year, 100,000 in all (seedFarmData's inventory), as the first screen of /inventory asks.
 */
export const INVENTORY_FARM = { items: 2_000, movementsPerItem: 50 } as const;

export const INVENTORY_ROUTES = [
  // The item list, its first page as the screen opens.
  '/api/inventory?page=1&pageSize=10&sort=name&order=asc',
] as const;
/** Reported beside the list, without a goal. */
export const INVENTORY_REPORTED_ROUTES = ['/api/inventory/stats'] as const;
export const INVENTORY_RATIO_GOAL = 0.25;
export const INVENTORY_P99_GOAL_MS = 150;

/** The farm's number of items, as the list's total answers it. */
export async function itemsOnFarm(baseUrl: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(`${baseUrl}/api/inventory?pageSize=1`, { headers });
  const body = (await res.json()) as { total?: number };
  if (!res.ok || typeof body.total !== 'number') throw new Error(`GET /api/inventory answered ${res.status}`);
  return body.total;
}
