/**
 * The expense screen's reads, on the egg farm (egg-farm.ts): its 50 flocks bought feed every
 * week, paid the vet and the utilities every month and transport every few weeks for 10
 * years (seedFarmData's expenses, about 40,000 rows), with budgets for this month and the
 * three before, as the first screen of /expenses asks.
 */
export const EXPENSE_ROUTES = [
  // The expense list, its first page as the screen opens.
  '/api/expenses?page=1&pageSize=10&sort=date&order=desc',
  '/api/expenses/stats',
  // The four charts, the year chart among them.
  '/api/expenses/series',
] as const;
export const EXPENSE_RATIO_GOAL = 0.25;
export const EXPENSE_P99_GOAL_MS = 150;

/** The farm's number of expenses, as the list's total answers it. */
export async function expensesOnFarm(baseUrl: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(`${baseUrl}/api/expenses?pageSize=1`, { headers });
  const body = (await res.json()) as { total?: number };
  if (!res.ok || typeof body.total !== 'number') throw new Error(`GET /api/expenses answered ${res.status}`);
  return body.total;
}
