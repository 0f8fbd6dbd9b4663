import { dashboardEggDays, dashboardWeeks, dayIn, saleTrendMonths } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { eggProductions, expenses, farms, flocks, sales } from '../src/db/schema/index.js';

/**
 * The farm-wide figures (decision 030) on the egg farm (egg-farm.ts): 10 years of 50 flocks'
 * egg records, sales and expenses. The dashboard and the financial dashboard each in one
 * request, against the goal below and against the same answers summed in JavaScript.
 */
export const FIGURES_ROUTES = ['/api/stats/dashboard', '/api/flock-financial'] as const;
export const FIGURES_RATIO_GOAL = 0.2;
export const FIGURES_P99_GOAL_MS = 150;
export const FIGURES_SPEEDUP_GOAL = 50;
/** A light route keeps this share of its solo req/s while 2 clients pull the financial dashboard. */
export const FIGURES_LIGHT_RATIO_GOAL = 0.5;
export const FIGURES_HEAVY_ROUTE = '/api/flock-financial';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

async function timed<T>(runs: number, once: () => Promise<T>): Promise<{ medianMs: number; last: T }> {
  await once();
  const times: number[] = [];
  let last = await once();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    last = await once();
    times.push(performance.now() - started);
  }
  return { medianMs: median(times), last };
}

/**
 * Both screens the way the original client made them: every record of the farm read (egg
 * records, sales, expenses and flocks, through Drizzle straight from the database, so a lower
 * bound of the client's fetch-everything cost) and summed in JavaScript. The dashboard: the
 * tiles, the 7 days and 4 weeks of eggs per flock, 6 months of sales per flock, this month's
 * revenue and expenses. The financial dashboard: each flock's revenue and expenses per month
 * of this year. Medians of `runs` after one unmeasured run.
 */
export async function javascriptFigures(db: Db, farmId: number, runs = 5, now = new Date()) {
  const [farm] = await db.select({ timeZone: farms.timeZone }).from(farms).where(eq(farms.id, farmId)).limit(1);
  const today = dayIn(now, farm?.timeZone ?? 'Africa/Nairobi');
  const month = today.slice(0, 7);
  const year = today.slice(0, 4);
  const days = new Set(dashboardEggDays(today));
  const weeks = dashboardWeeks(today);
  const saleMonths = new Set(saleTrendMonths(today));

  const dashboard = await timed(runs, async () => {
    const [flockRows, eggRows, saleRows, expenseRows] = await Promise.all([
      db.select().from(flocks).where(eq(flocks.farmId, farmId)),
      db.select().from(eggProductions).where(eq(eggProductions.farmId, farmId)),
      db.select().from(sales).where(eq(sales.farmId, farmId)),
      db.select().from(expenses).where(eq(expenses.farmId, farmId)),
    ]);
    const birds = flockRows.reduce((sum, f) => sum + f.birdCount, 0);
    let eggs = 0;
    const perDay = new Map<string, number>();
    const perWeek = new Map<string, number>();
    for (const row of eggRows) {
      if (row.dateProduced.startsWith(month)) {
        eggs += row.eggsCollected;
        const week = weeks.find((w) => row.dateProduced >= w.start && row.dateProduced <= w.end);
        if (week) perWeek.set(`${row.flockId} ${week.week}`, (perWeek.get(`${row.flockId} ${week.week}`) ?? 0) + row.eggsCollected);
      }
      if (days.has(row.dateProduced)) perDay.set(`${row.flockId} ${row.dateProduced}`, row.eggsCollected);
    }
    let revenue = 0;
    const perMonth = new Map<string, number>();
    for (const row of saleRows) {
      if (row.date.startsWith(month)) revenue += row.amountCents;
      const m = row.date.slice(0, 7);
      if (saleMonths.has(m)) perMonth.set(`${row.flockId} ${m}`, (perMonth.get(`${row.flockId} ${m}`) ?? 0) + row.amountCents);
    }
    const spent = expenseRows.reduce((sum, e) => sum + (e.date.startsWith(month) ? e.amountCents : 0), 0);
    return { rows: flockRows.length + eggRows.length + saleRows.length + expenseRows.length, birds, eggs, revenue, spent, points: perDay.size + perWeek.size + perMonth.size };
  });

  const finance = await timed(runs, async () => {
    const [saleRows, expenseRows] = await Promise.all([
      db.select().from(sales).where(eq(sales.farmId, farmId)),
      db.select().from(expenses).where(eq(expenses.farmId, farmId)),
    ]);
    const byFlockMonth = new Map<string, { revenue: number; expenses: number }>();
    let revenue = 0;
    for (const row of saleRows) {
      if (!row.date.startsWith(year)) continue;
      revenue += row.amountCents;
      const key = `${row.flockId} ${row.date.slice(0, 7)}`;
      const cell = byFlockMonth.get(key) ?? { revenue: 0, expenses: 0 };
      cell.revenue += row.amountCents;
      byFlockMonth.set(key, cell);
    }
    for (const row of expenseRows) {
      if (!row.date.startsWith(year)) continue;
      const key = `${row.flockId} ${row.date.slice(0, 7)}`;
      const cell = byFlockMonth.get(key) ?? { revenue: 0, expenses: 0 };
      cell.expenses += row.amountCents;
      byFlockMonth.set(key, cell);
    }
    return { rows: saleRows.length + expenseRows.length, revenue, cells: byFlockMonth.size };
  });
  return {
    month,
    year,
    runs,
    dashboard: { medianMs: dashboard.medianMs, rows: dashboard.last.rows, revenueCents: dashboard.last.revenue },
    finance: { medianMs: finance.medianMs, rows: finance.last.rows, revenueCents: finance.last.revenue },
  };
}

/** A route one request at a time, as one farmer's screen asks: the median of `count` after 5 to warm up, and the last answer. */
export async function oneAtATime<T>(url: string, headers: Record<string, string>, count = 50): Promise<{ medianMs: number; count: number; body: T }> {
  const times: number[] = [];
  let body = {} as T;
  for (let i = 0; i < count + 5; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const text = await res.text();
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 200)}`);
    if (i >= 5) times.push(performance.now() - started);
    body = JSON.parse(text) as T;
  }
  return { medianMs: median(times), count, body };
}
