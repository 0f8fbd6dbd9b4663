/**
 * The sales screen's reads, on the egg farm (egg-farm.ts): its 50 laying flocks sold their
 * eggs by the crate every few days for 10 years, with manure, layer mash and chicks now and
 * then (seedFarmData's sales, about 53,000 rows), as the first screen of /sales-management asks.
 */
export const SALES_ROUTES = [
  // Recent Sales, its first page as the screen opens.
  '/api/sales?page=1&pageSize=10&sort=date&order=desc',
  '/api/sales/stats',
  '/api/sales/series',
] as const;
export const SALES_RATIO_GOAL = 0.25;
export const SALES_P99_GOAL_MS = 150;

/** The farm's number of sales, as the list's total answers it. */
export async function salesOnFarm(baseUrl: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(`${baseUrl}/api/sales?pageSize=1`, { headers });
  const body = (await res.json()) as { total?: number };
  if (!res.ok || typeof body.total !== 'number') throw new Error(`GET /api/sales answered ${res.status}`);
  return body.total;
}
