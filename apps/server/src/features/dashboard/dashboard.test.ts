import { dashboardEggDays, dashboardWeeks, saleTrendMonths, shiftDay, shiftMonth, type Dashboard } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { records, written } from '../../test/records.js';
import { createFlock, farmWithFlock } from '../../test/factories.js';
import { firstOfMonth, thisMonth, today } from '../../test/farm-days.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;

const ok = (headers: Headers, method: 'POST' | 'PUT', url: string, payload: object) => written(app, headers, method, url, payload);
const eggs = (headers: Headers, ...args: Parameters<ReturnType<typeof records>['eggs']>) => records(app, headers).eggs(...args);
const sale = (headers: Headers, ...args: Parameters<ReturnType<typeof records>['sale']>) => records(app, headers).sale(...args);
const expense = (headers: Headers, ...args: Parameters<ReturnType<typeof records>['expense']>) => records(app, headers).expense(...args);

async function dashboard(headers: Headers): Promise<Dashboard> {
  const res = await app.inject({ method: 'GET', url: '/api/stats/dashboard', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Dashboard>();
}

describe('GET /api/stats/dashboard', () => {
  it('answers a new farm with zeros and empty charts, the days, weeks and months already laid out', async () => {
    const { headers, flock } = await farmWithFlock(app, { bird_count: 0, initial_bird_count: 0 });
    const d = await dashboard(headers);
    expect(d).toMatchObject({
      today: today(),
      month: thisMonth(),
      total_birds: 0,
      total_flocks: 1,
      eggs_this_month: 0,
      revenue_this_month_cents: 0,
      revenue_this_month: 0,
      expenses_this_month_cents: 0,
      mortality_rate: 0,
      revenue_vs_expenses: { revenue_cents: 0, expenses_cents: 0 },
    });
    expect(d.eggs_last_7_days).toEqual({ days: dashboardEggDays(today()), flocks: [] });
    expect(d.eggs_by_week).toEqual({ weeks: dashboardWeeks(today()), flocks: [] });
    expect(d.sales_by_month).toEqual({ months: saleTrendMonths(today()), flocks: [] });
    expect(d.flocks.map((f) => f.id)).toEqual([flock.id]);
    expect(d.flocks[0]).toMatchObject({ next_vaccination: null, mortality_rate: 0, vaccinations_pending: 0 });
  });

  it("sums this month's eggs, revenue and expenses, and lays each flock's points on its day, week and month", async () => {
    const { headers, flock, ...owner } = await farmWithFlock(app, { name: 'A flock', bird_count: 500, initial_bird_count: 500 });
    const other = await createFlock(app, owner, { name: 'B flock', bird_count: 200, initial_bird_count: 200 });
    const first = firstOfMonth();
    const t = today();
    await eggs(headers, flock.id, first, 300);
    if (t !== first) await eggs(headers, flock.id, t, 410);
    await eggs(headers, other.id, t === first ? t : shiftDay(t, -1), 150);
    // Last month's eggs count in the 7 days when they fall in them, never in this month's tiles.
    const lastMonthDay = shiftDay(first, -1);
    await eggs(headers, other.id, lastMonthDay, 99);
    await sale(headers, flock.id, t, 1_250.5, 'pending');
    await sale(headers, other.id, t, 749.5);
    const twoMonthsBack = `${shiftMonth(thisMonth(), -2)}-15`;
    await sale(headers, other.id, twoMonthsBack, 3_000);
    await expense(headers, flock.id, t, 800);

    const d = await dashboard(headers);
    const thisMonthEggs = 300 + (t !== first ? 410 : 0) + 150;
    expect(d.eggs_this_month).toBe(thisMonthEggs);
    expect(d.revenue_this_month_cents).toBe(200_000);
    expect(d.revenue_this_month).toBe(2_000);
    expect(d.expenses_this_month_cents).toBe(80_000);
    expect(d.revenue_vs_expenses).toEqual({ revenue_cents: 200_000, expenses_cents: 80_000 });
    expect(d.total_birds).toBe(700);

    // Each value sits at its day's index; a flock with nothing in the window draws no line.
    const days = d.eggs_last_7_days.days;
    const at = (flockId: number, day: string) => d.eggs_last_7_days.flocks.find((f) => f.flock_id === flockId)?.values[days.indexOf(day)] ?? 0;
    if (days.includes(first)) expect(at(flock.id, first)).toBe(300);
    if (t !== first) expect(at(flock.id, t)).toBe(410);
    if (days.includes(lastMonthDay)) expect(at(other.id, lastMonthDay)).toBe(99);
    expect(d.eggs_last_7_days.flocks.map((f) => f.flock_name)).toEqual(expect.arrayContaining(['A flock']));

    // Weeks count from the 1st, 7 days each: the 1st is week 1, today's week is (day - 1) / 7 + 1 up to week 4.
    const week = (day: string) => Math.floor((Number(day.slice(8)) - 1) / 7);
    const weekA = d.eggs_by_week.flocks.find((f) => f.flock_id === flock.id)!;
    const expectedA = [0, 0, 0, 0];
    expectedA[0]! += 300;
    if (t !== first && week(t) < 4) expectedA[week(t)]! += 410;
    expect(weekA.values).toEqual(expectedA);

    // The 6 months end with this one; amounts in cents at their month.
    const months = d.sales_by_month.months;
    const salesOf = (flockId: number) => d.sales_by_month.flocks.find((f) => f.flock_id === flockId)?.values;
    expect(salesOf(flock.id)).toEqual(months.map((m) => (m === thisMonth() ? 125_050 : 0)));
    expect(salesOf(other.id)).toEqual(months.map((m) => (m === thisMonth() ? 74_950 : m === twoMonthsBack.slice(0, 7) ? 300_000 : 0)));
  });

  it('weights the mortality rate by birds and lists the largest flocks with their next pending vaccination', async () => {
    const { headers, flock, ...owner } = await farmWithFlock(app, { name: 'Big', bird_count: 300, initial_bird_count: 300 });
    await createFlock(app, owner, { name: 'Small', bird_count: 100, initial_bird_count: 100 });
    await createFlock(app, owner, { name: 'Gone', bird_count: 900, initial_bird_count: 900, status: 'archived' });
    // 30 of 300 die: 10 %; the small flock loses none. Weighted by the birds left: (270 × 10 + 100 × 0) / 370.
    await ok(headers, 'PUT', `/api/flocks/${flock.id}`, { bird_count: 270, reason: 'mortality' });
    const later = await ok(headers, 'POST', `/api/flocks/${flock.id}/vaccinations`, { vaccine_name: 'Gumboro', date: `${shiftDay(today(), 20)} 08:00:00`, status: 'Pending', mode_of_administration: 'Oral' });
    const sooner = await ok(headers, 'POST', `/api/flocks/${flock.id}/vaccinations`, { vaccine_name: 'Newcastle', date: `${shiftDay(today(), 2)} 08:00:00`, status: 'Pending', mode_of_administration: 'Oral' });
    await ok(headers, 'POST', `/api/flocks/${flock.id}/vaccinations`, { vaccine_name: 'Done', date: `${shiftDay(today(), -3)} 08:00:00`, status: 'Completed', mode_of_administration: 'Oral' });

    const d = await dashboard(headers);
    expect(d.mortality_rate).toBe(Number(((270 * 10) / 370).toFixed(2)));
    expect(d.total_birds).toBe(370);
    expect(d.flocks.map((f) => f.name)).toEqual(['Big', 'Small']);
    expect(d.flocks[0]).toMatchObject({ bird_count: 270, initial_bird_count: 300, deaths: 30, mortality_rate: 10, vaccinations_pending: 2, vaccinations_completed: 1 });
    expect(d.flocks[0]!.next_vaccination).toMatchObject({ id: sooner.id, vaccine_name: 'Newcastle' });
    expect(later.id).not.toBe(sooner.id);
    expect(d.flocks[1]!.next_vaccination).toBeNull();
  });

  it("never counts another farm's records", async () => {
    const mine = await farmWithFlock(app, { bird_count: 50, initial_bird_count: 50 });
    const theirs = await farmWithFlock(app, { bird_count: 5_000, initial_bird_count: 5_000 });
    await eggs(theirs.headers, theirs.flock.id, today(), 4_000);
    await sale(theirs.headers, theirs.flock.id, today(), 90_000);
    await expense(theirs.headers, theirs.flock.id, today(), 70_000);
    const d = await dashboard(mine.headers);
    expect(d).toMatchObject({ total_birds: 50, eggs_this_month: 0, revenue_this_month_cents: 0, expenses_this_month_cents: 0 });
    expect(d.flocks.map((f) => f.id)).toEqual([mine.flock.id]);
    expect(JSON.stringify(d)).not.toContain(theirs.flock.name);
  });

  it('answers 401 without a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/stats/dashboard' })).statusCode).toBe(401);
  });
});
