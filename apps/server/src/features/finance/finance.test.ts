import { financeMessages as m, moneyMessages, shiftMonth, type Finance, type FlockFinanceAnswer } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expenses } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { records, written } from '../../test/records.js';
import { addMember, createFlock, farmWithFlock } from '../../test/factories.js';
import { thisMonth, today } from '../../test/farm-days.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;

const ok = (headers: Headers, method: 'POST' | 'PUT', url: string, payload: object) => written(app, headers, method, url, payload);
const sale = (headers: Headers, ...args: Parameters<ReturnType<typeof records>['sale']>) => records(app, headers).sale(...args);
const expense = (headers: Headers, ...args: Parameters<ReturnType<typeof records>['expense']>) => records(app, headers).expense(...args);

const year = () => Number(today().slice(0, 4));
const monthIndex = () => Number(today().slice(5, 7)) - 1;

async function finance(headers: Headers, query = ''): Promise<Finance> {
  const res = await app.inject({ method: 'GET', url: `/api/flock-financial${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Finance>();
}
const putBudget = (headers: Headers, payload: object) => app.inject({ method: 'PUT', url: '/api/flock-financial', headers, payload });

describe('GET /api/flock-financial', () => {
  it('answers a new farm with its flocks at zero, twelve months and no best flock', async () => {
    const { headers, flock } = await farmWithFlock(app);
    const f = await finance(headers);
    expect(f).toMatchObject({
      year: year(),
      years: [year()],
      totalRevenue: 0,
      totalExpenses: 0,
      net_profit_cents: 0,
      paid_cents: 0,
      pending_cents: 0,
      best_performing: null,
      most_efficient: null,
    });
    expect(f.months.map((x) => x.month)).toEqual(Array.from({ length: 12 }, (_, i) => `${year()}-${String(i + 1).padStart(2, '0')}`));
    expect(f.flocks).toHaveLength(1);
    expect(f.flocks[0]).toMatchObject({ flock_id: flock.id, revenue_cents: 0, budget_cents: null, budget_source: null, budget_spent_cents: null, net_profit_per_bird_cents: 0 });
  });

  it('sums revenue (paid and pending apart), expenses, net revenue and the running net profit per flock and month', async () => {
    const { headers, flock, ...owner } = await farmWithFlock(app, { name: 'Layers A', bird_count: 100, initial_bird_count: 100 });
    const other = await createFlock(app, owner, { name: 'Layers B', bird_count: 40, initial_bird_count: 40 });
    const empty = await createFlock(app, owner, { name: 'Layers C', bird_count: 10, initial_bird_count: 10 });
    const t = today();
    await sale(headers, flock.id, t, 10_000);
    await sale(headers, flock.id, t, 2_500.5, 'pending');
    await expense(headers, flock.id, t, 4_000);
    await sale(headers, other.id, t, 6_000);
    await expense(headers, other.id, t, 1_000);
    // Last month, when it falls in this year: January's running total starts the year.
    const last = shiftMonth(thisMonth(), -1);
    const lastInYear = last.startsWith(String(year()));
    if (lastInYear) await expense(headers, other.id, `${last}-10`, 500);

    const f = await finance(headers);
    const i = monthIndex();
    expect(f.total_revenue_cents).toBe(1_850_050);
    expect(f.totalRevenue).toBe(18_500.5);
    expect(f.paid_cents).toBe(1_600_000);
    expect(f.pending_cents).toBe(250_050);
    expect(f.total_expenses_cents).toBe(500_000 + (lastInYear ? 50_000 : 0));
    expect(f.net_profit_cents).toBe(f.total_revenue_cents - f.total_expenses_cents);
    expect(f.months[i]).toMatchObject({ revenue_cents: 1_850_050, expenses_cents: 500_000, net_revenue_cents: 1_350_050, net_profit_cents: f.net_profit_cents });
    expect(f.months[11]!.net_profit_cents).toBe(f.net_profit_cents);

    const a = f.flocks.find((x) => x.flock_id === flock.id)!;
    const b = f.flocks.find((x) => x.flock_id === other.id)!;
    expect(f.flocks.map((x) => x.flock_name)).toEqual(['Layers A', 'Layers B', 'Layers C']);
    expect(a.months[i]).toMatchObject({ revenue_cents: 1_250_050, expenses_cents: 400_000, net_revenue_cents: 850_050 });
    expect(a).toMatchObject({ revenue_cents: 1_250_050, expenses_cents: 400_000, net_profit_cents: 850_050, net_profit_per_bird_cents: 8_501 });
    if (lastInYear) {
      expect(b.months[i - 1]).toMatchObject({ expenses_cents: 50_000, net_revenue_cents: -50_000, net_profit_cents: -50_000 });
      expect(b.months[i]).toMatchObject({ net_revenue_cents: 500_000, net_profit_cents: 450_000 });
    }
    // Best: the most revenue (A). Most efficient: net per bird, A 8,500.50 vs B (6,000 − 1,000 − 5) / 40.
    expect(f.best_performing).toEqual({ flock_id: flock.id, flock_name: 'Layers A', amount_cents: 1_250_050 });
    const bPerBird = Math.round(b.net_profit_cents / 40);
    expect(f.most_efficient).toEqual(bPerBird > 8_501 ? { flock_id: other.id, flock_name: 'Layers B', amount_cents: bPerBird } : { flock_id: flock.id, flock_name: 'Layers A', amount_cents: 8_501 });
    expect(f.flocks.find((x) => x.flock_id === empty.id)).toMatchObject({ revenue_cents: 0, expenses_cents: 0 });

    // Another year holds none of it.
    const before = await finance(headers, `?year=${year() - 1}`);
    expect(before).toMatchObject({ year: year() - 1, total_revenue_cents: 0, total_expenses_cents: 0, best_performing: null });
  });

  it("offers every year back to the farm's first records, before the budgets' 2023, and reads them", async () => {
    const { headers, flock, farm, user } = await farmWithFlock(app);
    // An expense of 2017, as an import or the demo seed writes it (the API takes this month's only).
    await app.db.insert(expenses).values({ farmId: farm.id, flockId: flock.id, createdBy: user.id, updatedBy: user.id, date: '2017-03-10', description: 'Layers mash', amountCents: 250_000, category: 'Feed' });
    const f = await finance(headers);
    expect(f.years.at(-1)).toBe(2017);
    expect(f.years).toHaveLength(year() - 2017 + 1);
    const first = await finance(headers, '?year=2017');
    expect(first).toMatchObject({ year: 2017, total_expenses_cents: 250_000 });
    expect(first.months[2]).toMatchObject({ month: '2017-03', expenses_cents: 250_000 });
  });

  it("shows a flock's budget: the sum of its monthly budgets, or the yearly one once set; DELETE clears only that", async () => {
    const { headers, flock } = await farmWithFlock(app);
    const period = { month: Number(today().slice(5, 7)), year: year() };
    await ok(headers, 'POST', '/api/budget', { flock_id: flock.id, amount: 5_000, ...period });
    await expense(headers, flock.id, today(), 1_200);
    let f = await finance(headers);
    expect(f.flocks[0]).toMatchObject({ budget_cents: 500_000, budget: 5_000, budget_source: 'monthly', yearly_budget_cents: null, budget_spent_cents: 120_000 });
    // Monthly budgets stand against their own months' expenses only: last month's, without a budget, is left out.
    const last = shiftMonth(thisMonth(), -1);
    if (last.startsWith(String(year()))) {
      await expense(headers, flock.id, `${last}-05`, 300);
      f = await finance(headers);
      expect(f.flocks[0]).toMatchObject({ expenses_cents: 150_000, budget_spent_cents: 120_000 });
      await app.database.query('delete from expenses where flock_id = $1 and date < $2', [flock.id, `${thisMonth()}-01`]);
    }

    const set = await putBudget(headers, { flock_id: flock.id, budget: '60,000' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<FlockFinanceAnswer>().flock).toMatchObject({
      budget_cents: 6_000_000,
      budget_source: 'yearly',
      yearly_budget_cents: 6_000_000,
      expenses_cents: 120_000,
      budget_spent_cents: 120_000,
    });
    // A second PUT changes the same budget.
    expect((await putBudget(headers, { flockId: flock.id, amount: 70_000, year: year() })).json<FlockFinanceAnswer>().flock.budget_cents).toBe(7_000_000);
    f = await finance(headers);
    expect(f.flocks[0]).toMatchObject({ budget_cents: 7_000_000, budget_source: 'yearly' });

    const cleared = await app.inject({ method: 'DELETE', url: `/api/flock-financial/flock/${flock.id}`, headers });
    expect(cleared.statusCode).toBe(204);
    f = await finance(headers);
    expect(f.flocks[0]).toMatchObject({ budget_cents: 500_000, budget_source: 'monthly', yearly_budget_cents: null, expenses_cents: 120_000 });
    const count = await app.database.query<{ n: number }>('select count(*)::int as n from expenses where flock_id = $1', [flock.id]);
    expect(count[0]?.n).toBe(1);
  });

  it('keeps one yearly budget a flock when many set it at once', async () => {
    const { headers, flock } = await farmWithFlock(app);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => putBudget(headers, { flock_id: flock.id, budget: 1_000 + i })));
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    const rows = await app.database.query<{ amount_cents: number }>('select amount_cents from flock_year_budgets where flock_id = $1', [flock.id]);
    expect(rows).toHaveLength(1);
    expect((await finance(headers)).flocks[0]!.budget_cents).toBe(Number(rows[0]!.amount_cents));
  });

  it('refuses bad budgets and years with their messages and changes nothing', async () => {
    const { headers, flock } = await farmWithFlock(app);
    const cases: [object, string, string][] = [
      [{ budget: 1_000 }, 'flock_id', m.selectFlock],
      [{ flock_id: 'abc', budget: 1_000 }, 'flock_id', m.selectFlock],
      [{ flock_id: flock.id }, 'budget', moneyMessages.amountRequired],
      [{ flock_id: flock.id, budget: -5 }, 'budget', moneyMessages.amountNegative],
      [{ flock_id: flock.id, budget: 'lots' }, 'budget', moneyMessages.amountInvalid],
      [{ flock_id: flock.id, budget: 1_000, year: 2019 }, 'year', m.yearTooEarly],
      [{ flock_id: flock.id, budget: 1_000, year: year() + 5 }, 'year', m.yearInvalid],
      [{ flock_id: flock.id, budget: 1_000, year: 'next' }, 'year', m.yearInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const res = await putBudget(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields[field], JSON.stringify(payload)).toBe(message);
    }
    expect((await app.inject({ method: 'GET', url: '/api/flock-financial?year=1999', headers })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `/api/flock-financial?year=${year() + 2}`, headers })).statusCode).toBe(400);
    expect((await finance(headers)).flocks[0]!.budget_cents).toBeNull();
  });

  it("answers 404 for another farm's flock and leaves its budget alone", async () => {
    const mine = await farmWithFlock(app);
    const theirs = await farmWithFlock(app);
    expect((await putBudget(theirs.headers, { flock_id: theirs.flock.id, budget: 9_000 })).statusCode).toBe(200);
    expect((await putBudget(mine.headers, { flock_id: theirs.flock.id, budget: 1 })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/flock-financial/flock/${theirs.flock.id}`, headers: mine.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/flock-financial/flock/${theirs.flock.id}`, headers: mine.headers })).statusCode).toBe(404);
    expect((await finance(theirs.headers)).flocks[0]).toMatchObject({ budget_cents: 900_000, budget_source: 'yearly' });
    expect((await finance(mine.headers)).flocks.map((f) => f.flock_id)).toEqual([mine.flock.id]);
  });

  it("answers one flock's year, archived ones included", async () => {
    const { headers, flock } = await farmWithFlock(app, { status: 'archived' });
    const res = await app.inject({ method: 'GET', url: `/api/flock-financial/flock/${flock.id}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<FlockFinanceAnswer>()).toMatchObject({ year: year(), flock: { flock_id: flock.id, status: 'archived', revenue_cents: 0 } });
    // The farm's answer leaves an archived flock without records out.
    expect((await finance(headers)).flocks).toEqual([]);
  });
});

describe('who set and last changed a yearly budget', () => {
  it("answers the setter's name, then a second member's change as the last one; null without a yearly budget", async () => {
    const f = await farmWithFlock(app);
    const owner = f.user.username;
    expect((await finance(f.headers)).flocks[0]).toMatchObject({ created_by_name: null, updated_by_name: null });
    const set = await putBudget(f.headers, { flock_id: f.flock.id, budget: 60_000 });
    expect(set.json<FlockFinanceAnswer>().flock).toMatchObject({ created_by_name: owner, updated_by_name: owner });

    const manager = await addMember(app, f.farm, 'manager');
    const changed = await putBudget(manager.headers, { flock_id: f.flock.id, budget: 70_000 });
    expect(changed.json<FlockFinanceAnswer>().flock).toMatchObject({ budget_cents: 7_000_000, created_by_name: owner, updated_by_name: manager.user.username });
    expect((await finance(f.headers)).flocks[0]).toMatchObject({ created_by_name: owner, updated_by_name: manager.user.username });
  });
});
