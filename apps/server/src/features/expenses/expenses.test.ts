import {
  dayIn,
  EXPENSE_CATEGORIES,
  expenseMonthWeeks,
  expenseWeekDays,
  flockMessages,
  expenseMessages as m,
  maxBudgetYear,
  moneyMessages,
  shiftDay,
  shiftMonth,
  yearMonths,
  type Budget,
  type Expense,
  type ExpenseSeries,
  type ExpenseStats,
} from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { budgets, expenses, farms, flocks } from '../../db/schema/index.js';
import type { FarmEvent } from '../../plugins/events.js';
import { createTestApp } from '../../test/app.js';
import { expenseSeries } from './service.js';
import { counterDrift } from '../../test/counters.js';
import * as factories from '../../test/factories.js';
import { addMember, bearer, createFlock, createSession, createUser } from '../../test/factories.js';
import { dayAsShown, firstOfMonth, lastMonth, thisMonth, today } from '../../test/farm-days.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** docs/product.md §5: the first day of the month six months back is the earliest date an expense may take. */
const earliest = () => `${shiftMonth(thisMonth(), -6)}-01`;
const year = () => Number(today().slice(0, 4));
const month = () => Number(today().slice(5, 7));
/** Last month as (month, year). */
const previous = () => ({ month: Number(shiftMonth(thisMonth(), -1).slice(5)), year: Number(shiftMonth(thisMonth(), -1).slice(0, 4)) });

const farmWithFlock = (overrides: Parameters<typeof createFlock>[2] = {}) => factories.farmWithFlock(app, overrides);

const add = (headers: Headers, payload: object, extra: Headers = {}) => app.inject({ method: 'POST', url: '/api/expenses', headers: { ...headers, ...extra }, payload });
const put = (headers: Headers, id: number | string, payload: object) => app.inject({ method: 'PUT', url: `/api/expenses/${id}`, headers, payload });
const del = (headers: Headers, id: number | string) => app.inject({ method: 'DELETE', url: `/api/expenses/${id}`, headers });
const addBudget = (headers: Headers, payload: object, extra: Headers = {}) => app.inject({ method: 'POST', url: '/api/budget', headers: { ...headers, ...extra }, payload });
const putBudget = (headers: Headers, monthNo: number | string, yearNo: number | string, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/budget/${monthNo}/${yearNo}`, headers, payload });
const delBudget = (headers: Headers, id: number | string) => app.inject({ method: 'DELETE', url: `/api/budget/${id}`, headers });

async function made<T = Expense>(res: Promise<LightMyRequestResponse>): Promise<T> {
  const answer = await res;
  if (answer.statusCode !== 201) throw new Error(`expected 201, got ${answer.statusCode} ${answer.body}`);
  return answer.json<T>();
}

/** Two bags of layers mash today, KES 4,200. */
const expense = (flockId: number, change: object = {}) => ({
  flock_id: flockId,
  date: today(),
  description: 'Layers mash, 2 bags',
  amount: 4_200,
  category: 'Feed',
  ...change,
});
/** KES 5,000 for this month. */
const budget = (flockId: number, change: object = {}) => ({ flock_id: flockId, amount: 5_000, month: month(), year: year(), ...change });

const expenseRows = (farmId: number) => app.db.select().from(expenses).where(eq(expenses.farmId, farmId)).orderBy(expenses.id);
const budgetRows = (farmId: number) => app.db.select().from(budgets).where(eq(budgets.farmId, farmId)).orderBy(budgets.id);

const get = async <T>(headers: Headers, url: string): Promise<T> => {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

function expectRefused(res: LightMyRequestResponse, status: number, field?: string, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const error = res.json<{ error: { message: string; fields?: Record<string, string> } }>().error;
  if (field) expect(error.fields?.[field], res.body).toBe(message);
  else if (message) expect(error.message).toBe(message);
}

/** An expense written straight into the table: a date the API would refuse today. */
async function storedExpense(farmId: number, flockId: number, change: Partial<typeof expenses.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(expenses)
    .values({ farmId, flockId, date: shiftDay(earliest(), -40), description: 'Old feed', amountCents: 100_000, category: 'Feed', ...change })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

/** Every event a farm hears while `work` runs. */
async function heardDuring(farmId: number, work: () => Promise<unknown>): Promise<FarmEvent[]> {
  const heard: FarmEvent[] = [];
  // The notifications a change leads to are the notifications suite's; this one hears the change's own events.
  const stop = app.events.subscribe(farmId, (e) => e.type !== 'notification' && heard.push(e));
  try {
    await work();
  } finally {
    stop();
  }
  return heard;
}

describe('POST /api/expenses', () => {
  it('records an expense: the amount in cents and shillings, the flock’s name, the user', async () => {
    const f = await farmWithFlock({ name: 'Alpha house' });
    const res = await add(f.headers, expense(f.flock.id, { amount: '4200.50' }));
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<Expense>();
    expect(answer).toEqual({
      id: expect.any(Number),
      flock_id: f.flock.id,
      flock_name: 'Alpha house',
      date: today(),
      description: 'Layers mash, 2 bags',
      amount: 4_200.5,
      amount_cents: 420_050,
      category: 'Feed',
      user_id: f.user.id,
      created_at: expect.any(String),
      updated_at: expect.any(String),      created_by_name: f.user.username,
      updated_by_name: f.user.username,
    });
    expect(await expenseRows(f.farm.id)).toEqual([expect.objectContaining({ id: answer.id, amountCents: 420_050, createdBy: f.user.id, date: today() })]);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });

  it('takes the product’s body: flockId, the date as noon UTC, categories in any case or by another name', async () => {
    const f = await farmWithFlock();
    const noon = await made(add(f.headers, { flockId: f.flock.id, date: `${today()}T12:00:00.000Z`, description: ' Newcastle vaccine ', amount: 950, category: 'veterinary' }));
    expect(noon).toMatchObject({ flock_id: f.flock.id, date: today(), description: 'Newcastle vaccine', category: 'Vet', amount_cents: 95_000 });
    // The phone's midnight in Nairobi is 21:00Z the day before.
    const midnight = await made(add(f.headers, expense(f.flock.id, { date: `${shiftDay(today(), -1)}T21:00:00.000Z`, category: 'other' })));
    expect(midnight).toMatchObject({ date: today(), category: 'Others' });
    expect((await made(add(f.headers, expense(f.flock.id, { category: 'UTILITIES' })))).category).toBe('Utilities');
  });

  it('ignores the client’s cents, id, farm and user: the session decides', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const answer = await made(
      add(f.headers, { ...expense(f.flock.id, { amount: 12 }), amount_cents: 5, id: 999_999, farm_id: other.farm.id, user_id: other.user.id }),
    );
    expect(answer).toMatchObject({ amount_cents: 1_200, user_id: f.user.id });
    expect(answer.id).not.toBe(999_999);
    expect(await expenseRows(other.farm.id)).toHaveLength(0);
  });

  it.each([
    ['an amount of 0', { amount: 0 }, 'amount', moneyMessages.amountNotPositive],
    ['a negative amount', { amount: -250 }, 'amount', moneyMessages.amountNegative],
    ['a negative amount as text', { amount: '-1' }, 'amount', moneyMessages.amountNegative],
    ['no amount', { amount: undefined }, 'amount', moneyMessages.amountRequired],
    ['an amount as words', { amount: 'lots' }, 'amount', moneyMessages.amountInvalid],
    ['an amount with 3 decimals', { amount: 1.005 }, 'amount', moneyMessages.amountDecimals],
    ['an amount above the maximum', { amount: 100_000_000.01 }, 'amount', moneyMessages.amountTooLarge],
    ['an unknown category', { category: 'Fuel' }, 'category', m.selectCategory],
    ['no category', { category: undefined }, 'category', m.selectCategory],
    ['no description', { description: undefined }, 'description', m.descriptionRequired],
    ['a blank description', { description: '   ' }, 'description', m.descriptionRequired],
    ['a description of 501 characters', { description: 'x'.repeat(501) }, 'description', m.descriptionTooLong],
    ['no flock', { flock_id: undefined }, 'flock_id', m.selectFlock],
    ['a flock of 0', { flock_id: 0 }, 'flock_id', m.selectFlock],
    ['a flock id beyond int32', { flock_id: 2_147_483_648 }, 'flock_id', m.selectFlock],
    ['no date', { date: undefined }, 'date', m.dateRequired],
    ['an impossible date', { date: '2026-02-30' }, 'date', m.dateInvalid],
    ['garbage for a date', { date: 'yesterday' }, 'date', m.dateInvalid],
  ])('refuses %s with its message and adds nothing', async (_what, change, field, message) => {
    const f = await farmWithFlock();
    expectRefused(await add(f.headers, expense(f.flock.id, change)), 400, field, message);
    expect(await expenseRows(f.farm.id)).toHaveLength(0);
  });

  it('takes dates from the first day of the month six months back to today, in the farm’s zone; refuses the rest', async () => {
    const f = await farmWithFlock();
    const tomorrow = shiftDay(today(), 1);
    const sevenMonths = `${shiftMonth(thisMonth(), -7)}-15`;
    for (const date of [tomorrow, sevenMonths, shiftDay(earliest(), -1), `${today()}T21:30:00.000Z`, `${tomorrow}T00:00:00+03:00`, '1999-01-01']) {
      expectRefused(await add(f.headers, expense(f.flock.id, { date })), 400, 'date', m.dateOutsideWindow);
    }
    expect(await expenseRows(f.farm.id)).toHaveLength(0);
    for (const date of [earliest(), `${today()}T20:30:00.000Z`, lastMonth(), today()]) {
      const res = await add(f.headers, expense(f.flock.id, { date }));
      expect(res.statusCode, `${date} ${res.body}`).toBe(201);
      expect(res.json<Expense>().date).toBe(date.slice(0, 10));
    }
  });

  it('refuses a flock of another farm, or none, with 404 and adds nothing', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    for (const flockId of [other.flock.id, 2_147_483_000]) {
      const res = await add(f.headers, expense(flockId));
      expectRefused(res, 404, undefined, flockMessages.notFound);
      expect(res.json<{ error: { fields?: Record<string, string> } }>().error.fields).toEqual({ flock_id: m.selectFlock });
    }
    expect(await expenseRows(f.farm.id)).toHaveLength(0);
    expect(await expenseRows(other.farm.id)).toHaveLength(0);
  });

  it('replays the first answer for the same Idempotency-Key, without a second row', async () => {
    const f = await farmWithFlock();
    const key = { 'idempotency-key': `expense-${f.farm.id}` };
    const first = await add(f.headers, expense(f.flock.id), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await add(f.headers, expense(f.flock.id), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await expenseRows(f.farm.id)).toHaveLength(1);
  });
});

describe('PUT /api/expenses/:id', () => {
  it('changes date, description, amount and category (the product’s payload and the category); the flock stays', async () => {
    const f = await farmWithFlock({ name: 'Alpha house' });
    const bravo = await createFlock(app, f, { name: 'Bravo shed' });
    const original = await made(add(f.headers, expense(f.flock.id)));
    const res = await put(f.headers, original.id, { date: lastMonth(), description: 'Layers mash, 3 bags', amount: '6300', category: 'feed', flock_id: bravo.id, amount_cents: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const { updated_at: _u, ...rest } = original;
    expect(res.json<Expense>()).toMatchObject({ ...rest, date: lastMonth(), description: 'Layers mash, 3 bags', amount: 6_300, amount_cents: 630_000, flock_id: f.flock.id, flock_name: 'Alpha house' });
    expect((await put(f.headers, original.id, { category: 'Transport' })).json<Expense>()).toMatchObject({ category: 'Transport', amount_cents: 630_000, date: lastMonth() });
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });

  it('checks the date window only when the date changes: an old expense can still be corrected', async () => {
    const f = await farmWithFlock();
    const old = await storedExpense(f.farm.id, f.flock.id);
    const fixed = await put(f.headers, old.id, { description: 'Old feed, corrected', date: old.date, amount: 1_100 });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json<Expense>()).toMatchObject({ description: 'Old feed, corrected', date: old.date, amount_cents: 110_000 });
    expectRefused(await put(f.headers, old.id, { date: shiftDay(old.date, 1) }), 400, 'date', m.dateOutsideWindow);
    expectRefused(await put(f.headers, old.id, { date: shiftDay(today(), 1) }), 400, 'date', m.dateOutsideWindow);
    expectRefused(await put(f.headers, old.id, { date: '2026-02-30' }), 400, 'date', m.dateInvalid);
    expect((await put(f.headers, old.id, { date: earliest() })).json<Expense>().date).toBe(earliest());
  });

  it.each([
    [{}, undefined, m.nothingToUpdate],
    [{ flock_id: 3 }, undefined, m.nothingToUpdate],
    [{ amount: 0 }, 'amount', moneyMessages.amountNotPositive],
    [{ amount: -10 }, 'amount', moneyMessages.amountNegative],
    [{ category: 'Fish' }, 'category', m.selectCategory],
    [{ description: '' }, 'description', m.descriptionRequired],
    [{ date: 'soon' }, 'date', m.dateInvalid],
  ])('refuses %j and changes nothing', async (change, field, message) => {
    const f = await farmWithFlock();
    const original = await made(add(f.headers, expense(f.flock.id)));
    const before = await expenseRows(f.farm.id);
    expectRefused(await put(f.headers, original.id, change), 400, field, message);
    expect(await expenseRows(f.farm.id)).toEqual(before);
  });
});

describe('expense ids in the path', () => {
  it.each(['0', '-1', 'abc', '1.5', '2147483648'])('refuses %s with 400 ‘Expense not found.’ on id', async (id) => {
    const f = await farmWithFlock();
    for (const res of [await del(f.headers, id), await put(f.headers, id, { amount: 5 })]) expectRefused(res, 400, 'id', m.notFound);
  });

  it('answers 404 for an id that does not exist or is another farm’s, and leaves that farm’s expense as it was', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const theirs = await made(add(other.headers, expense(other.flock.id)));
    const before = await expenseRows(other.farm.id);
    for (const id of [theirs.id, 2_147_483_647]) {
      expectRefused(await put(f.headers, id, { amount: 1 }), 404, undefined, m.notFound);
      expectRefused(await del(f.headers, id), 404, undefined, m.notFound);
    }
    expect(await expenseRows(other.farm.id)).toEqual(before);
  });
});

describe('DELETE /api/expenses/:id', () => {
  it('deletes the expense; a second delete is 404; the rollups follow', async () => {
    const f = await farmWithFlock();
    const first = await made(add(f.headers, expense(f.flock.id)));
    const second = await made(add(f.headers, expense(f.flock.id, { date: lastMonth() })));
    const res = await del(f.headers, first.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect((await expenseRows(f.farm.id)).map((r) => r.id)).toEqual([second.id]);
    expectRefused(await del(f.headers, first.id), 404, undefined, m.notFound);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
    expect((await get<ExpenseStats>(f.headers, '/api/expenses/stats')).month_cents).toBe(0);
  });
});

describe('GET /api/expenses', () => {
  async function farmWithExpenses() {
    const f = await farmWithFlock({ name: 'Alpha house' });
    const bravo = await createFlock(app, f, { name: 'Bravo shed' });
    const rows: [number, string, string, number, number][] = [
      [f.flock.id, 'Layers mash, 2 bags', 'Feed', 4_200, 0],
      [bravo.id, 'Newcastle vaccine', 'Vet', 950, 0],
      [f.flock.id, 'Electricity token', 'Utilities', 2_000, 1],
      [bravo.id, 'Pickup to Githurai market', 'Transport', 1_500, 2],
      [f.flock.id, 'Growers mash', 'Feed', 3_800, 3],
      [bravo.id, 'Water bill', 'Utilities', 700, 4],
      [f.flock.id, 'Egg trays 100%', 'Others', 300, 5],
      [bravo.id, 'Deworming', 'Vet', 1_200, 6],
      [f.flock.id, 'Kienyeji_feed', 'Feed', 5_100, 7],
      [bravo.id, 'Boda boda to the vet', 'Transport', 400, 8],
      [f.flock.id, 'Layers mash, 1 bag', 'Feed', 2_100, 9],
      [bravo.id, 'Wood shavings', 'Others', 650, 10],
    ];
    const made12: Expense[] = [];
    for (const [flockId, description, category, amount, back] of rows) {
      made12.push(await made(add(f.headers, { flock_id: flockId, description, category, amount, date: shiftDay(today(), -back) })));
    }
    const other = await farmWithFlock({ name: 'Alpha elsewhere' });
    await made(add(other.headers, expense(other.flock.id)));
    return { ...f, bravo, expenses: made12 };
  }

  const list = (headers: Headers, query: string) => get<Page<Expense>>(headers, `/api/expenses?${query}`);

  it('pages the farm’s expenses newest first, 10 a page, with the kept total', async () => {
    const f = await farmWithExpenses();
    const first = await list(f.headers, '');
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    const newest = [...f.expenses].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id));
    expect(first.items.map((e) => e.id)).toEqual(newest.slice(0, 10).map((e) => e.id));
    expect(first.items[1]).toEqual(f.expenses[0]);
    expect((await list(f.headers, 'page=2')).items.map((e) => e.id)).toEqual(newest.slice(10).map((e) => e.id));
    expect(await list(f.headers, 'page=3')).toMatchObject({ items: [], total: 12 });
  });

  it('sorts by each column both ways, ties by id', async () => {
    const f = await farmWithExpenses();
    const keys: Record<string, (e: Expense) => string | number> = {
      date: (e) => e.date,
      description: (e) => e.description,
      category: (e) => e.category,
      flock: (e) => e.flock_name,
      amount: (e) => e.amount_cents,
    };
    for (const [sort, key] of Object.entries(keys)) {
      for (const order of ['asc', 'desc'] as const) {
        const sign = order === 'asc' ? 1 : -1;
        const expected = [...f.expenses].sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id)).map((e) => e.id);
        expect((await list(f.headers, `sort=${sort}&order=${order}&pageSize=100`)).items.map((e) => e.id), `${sort} ${order}`).toEqual(expected);
      }
    }
  });

  it('searches description, category and flock name; filters by flock, category and dates', async () => {
    const f = await farmWithExpenses();
    const descriptions = async (query: string) => (await list(f.headers, `${query}&pageSize=100`)).items.map((e) => e.description).sort();
    expect(await descriptions('q=MASH')).toEqual(['Growers mash', 'Layers mash, 1 bag', 'Layers mash, 2 bags']);
    expect(await descriptions('q=transport')).toEqual(['Boda boda to the vet', 'Pickup to Githurai market']);
    // 'vet' is a category (Vet) and in a description.
    expect(await descriptions('q=vet')).toEqual(['Boda boda to the vet', 'Deworming', 'Newcastle vaccine']);
    expect((await list(f.headers, 'q=bravo')).total).toBe(6);
    // Search text is data, never a pattern.
    expect(await descriptions('q=%25')).toEqual(['Egg trays 100%']);
    expect(await descriptions('q=_')).toEqual(['Kienyeji_feed']);
    // The date as the screen shows it ('05 Mar 2026').
    const day = f.expenses[0]!.date.slice(0, 10);
    const sameDay = f.expenses.filter((e) => e.date.slice(0, 10) === day).map((e) => e.description).sort();
    expect(await descriptions(`q=${encodeURIComponent(dayAsShown(day))}`)).toEqual(sameDay);
    expect((await list(f.headers, 'q=nothing-like-it')).total).toBe(0);
    expect((await list(f.headers, `flock_id=${f.bravo.id}`)).total).toBe(6);
    expect(await descriptions('category=vet')).toEqual(['Deworming', 'Newcastle vaccine']);
    expect(await descriptions(`from=${shiftDay(today(), -3)}&to=${shiftDay(today(), -2)}`)).toEqual(['Growers mash', 'Pickup to Githurai market']);
    expect(await descriptions(`flock_id=${f.flock.id}&category=Feed&q=layers`)).toEqual(['Layers mash, 1 bag', 'Layers mash, 2 bags']);
  });

  it('shows nothing of another farm, even for its flock id', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    await made(add(other.headers, expense(other.flock.id)));
    expect(await list(f.headers, `flock_id=${other.flock.id}`)).toMatchObject({ items: [], total: 0 });
    expect(await list(f.headers, '')).toMatchObject({ items: [], total: 0 });
    expect(await list(f.headers, 'q=layers')).toMatchObject({ items: [], total: 0 });
  });

  it.each(['sort=farm', 'order=up', 'page=0', 'pageSize=101', 'flock_id=abc', 'category=Fuel', 'from=yesterday', 'to=2026-02-30', `q=${'x'.repeat(101)}`])(
    'refuses %s with 400',
    async (query) => {
      const f = await farmWithFlock();
      expect((await app.inject({ method: 'GET', url: `/api/expenses?${query}`, headers: f.headers })).statusCode).toBe(400);
    },
  );
});

describe('GET /api/expenses/stats and /api/expenses/series', () => {
  type Fixture = [flock: 'a' | 'b', date: string, category: string, cents: number];

  /** Expenses on this week's Monday, today, the 1st, last month, January and the year before, and this month's budgets. */
  async function farmWithYear() {
    const f = await farmWithFlock({ name: 'Alpha house' });
    const bravo = await createFlock(app, f, { name: 'Bravo shed' });
    const monday = expenseWeekDays(today())[0] ?? today();
    const fixtures: Fixture[] = [
      ['a', today(), 'Feed', 420_000],
      ['b', today(), 'Vet', 150_050],
      ['a', monday, 'Utilities', 80_000],
      // The Sunday before this week: last week.
      ['b', shiftDay(monday, -1), 'Feed', 7_000],
      ['a', firstOfMonth(), 'Transport', 30_000],
      // Last month, and before this week whatever day today is (a week begins at most 6 days before the 1st).
      ['b', shiftDay(firstOfMonth(), -10), 'Feed', 1_000_000],
      ['b', `${year()}-01-01`, 'Others', 5_000],
      ['a', `${year() - 1}-12-31`, 'Feed', 9_900],
    ];
    for (const [flock, date, category, cents] of fixtures) {
      await storedExpense(f.farm.id, flock === 'a' ? f.flock.id : bravo.id, { date, category: category as 'Feed', amountCents: cents });
    }
    await made<Budget>(addBudget(f.headers, budget(f.flock.id, { amount: 5_000 })));
    await made<Budget>(addBudget(f.headers, budget(bravo.id, { amount: 1_000 })));
    // Last month's budget is not this month's.
    await made<Budget>(addBudget(f.headers, budget(bravo.id, { ...previous(), amount: 50 })));
    const other = await farmWithFlock();
    await made(add(other.headers, expense(other.flock.id, { amount: 99_999 })));
    await made<Budget>(addBudget(other.headers, budget(other.flock.id)));
    return { ...f, bravo, fixtures, monday };
  }

  const sum = (fixtures: Fixture[], pred: (x: Fixture) => boolean) => fixtures.filter(pred).reduce((total, x) => total + x[3], 0);

  it('sums this week from Monday, this month and this year; the largest category; budget against actual', async () => {
    const f = await farmWithYear();
    const week = expenseWeekDays(today());
    const inWeek = (x: Fixture) => x[1] >= week[0]! && x[1] <= week[6]!;
    const inMonth = (x: Fixture) => x[1].startsWith(thisMonth());
    const spentA = sum(f.fixtures, (x) => x[0] === 'a' && inMonth(x));
    const spentB = sum(f.fixtures, (x) => x[0] === 'b' && inMonth(x));
    // Alpha: 420,000 + 30,000, and Monday's 80,000 when this week began this month.
    expect([450_000, 530_000]).toContain(spentA);
    // Bravo: 150,050 today, and the Sunday before this week's 7,000 when that Sunday is this month's.
    expect([150_050, 157_050]).toContain(spentB);
    const byCategory = EXPENSE_CATEGORIES.map((category) => ({ category, amount_cents: sum(f.fixtures, (x) => inMonth(x) && x[2] === category) }))
      .filter((c) => c.amount_cents > 0)
      .sort((a, b) => b.amount_cents - a.amount_cents);
    const stats = await get<ExpenseStats>(f.headers, '/api/expenses/stats');
    expect(stats).toEqual({
      today: today(),
      week_cents: sum(f.fixtures, inWeek),
      month_cents: sum(f.fixtures, inMonth),
      year_cents: sum(f.fixtures, (x) => x[1].startsWith(String(year()))),
      largest_category: byCategory[0],
      budget_used: {
        budget_cents: 600_000,
        spent_cents: spentA + spentB,
        percent_used: Math.round(((spentA + spentB) / 600_000) * 1000) / 10,
        level: spentA + spentB >= 600_000 ? 'over' : 'warning',
      },
      budgets: [
        {
          budget_id: expect.any(Number),
          flock_id: f.flock.id,
          flock_name: 'Alpha house',
          budget_cents: 500_000,
          spent_cents: spentA,
          left_cents: 500_000 - spentA,
          percent_used: Math.round((spentA / 500_000) * 1000) / 10,
          level: spentA >= 500_000 ? 'over' : 'warning',
        },
        {
          budget_id: expect.any(Number),
          flock_id: f.bravo.id,
          flock_name: 'Bravo shed',
          budget_cents: 100_000,
          spent_cents: spentB,
          left_cents: 100_000 - spentB,
          percent_used: Math.round((spentB / 100_000) * 1000) / 10,
          level: 'over',
        },
      ],
    });
    // Feed: today's 420,000, and the Sunday before this week's 7,000 when it is this month's.
    expect(stats.largest_category?.category).toBe('Feed');
    // Week from Monday: Monday counts, the Sunday before does not; the 1st's 30,000 when this week holds it.
    expect(stats.week_cents).toBe(420_000 + 150_050 + 80_000 + (firstOfMonth() >= f.monday ? 30_000 : 0));
  });

  it('answers zeros and nulls for a farm without expenses or budgets', async () => {
    const f = await farmWithFlock();
    expect(await get<ExpenseStats>(f.headers, '/api/expenses/stats')).toEqual({
      today: today(),
      week_cents: 0,
      month_cents: 0,
      year_cents: 0,
      largest_category: null,
      budget_used: null,
      budgets: [],
    });
    await made<Budget>(addBudget(f.headers, budget(f.flock.id, { amount: 0 })));
    expect((await get<ExpenseStats>(f.headers, '/api/expenses/stats')).budget_used).toEqual({ budget_cents: 0, spent_cents: 0, percent_used: null, level: 'ok' });
  });

  it('gives the week Monday to Sunday, weeks 1-4 of the month, January to December and the year’s categories', async () => {
    const f = await farmWithYear();
    const series = await get<ExpenseSeries>(f.headers, '/api/expenses/series');
    const week = expenseWeekDays(today());
    expect(series.week).toEqual(week.map((day) => ({ day, amount_cents: sum(f.fixtures, (x) => x[1] === day) })));
    expect(series.week[0]?.day).toBe(f.monday);
    expect(new Date(`${f.monday}T00:00:00Z`).getUTCDay()).toBe(1);
    const weeks = expenseMonthWeeks(thisMonth());
    expect(series.month_weeks).toEqual(weeks.map((w) => ({ ...w, amount_cents: sum(f.fixtures, (x) => x[1] >= w.start && x[1] <= w.end) })));
    expect(series.month_weeks).toHaveLength(4);
    expect(Number(series.month_weeks[3]?.end.slice(8))).toBeGreaterThanOrEqual(28);
    expect(series.year_months).toEqual(yearMonths(year()).map((mo) => ({ month: mo, amount_cents: sum(f.fixtures, (x) => x[1].startsWith(mo)) })));
    expect(series.categories).toEqual(
      EXPENSE_CATEGORIES.map((category) => ({ category, amount_cents: sum(f.fixtures, (x) => x[1].startsWith(String(year())) && x[2] === category) })).filter(
        (c) => c.amount_cents > 0,
      ),
    );
    expect(series.categories.map((c) => c.category)).toContain('Others');
  });

  it('answers empty series for a farm without expenses', async () => {
    const f = await farmWithFlock();
    const series = await get<ExpenseSeries>(f.headers, '/api/expenses/series');
    expect(series.week.map((d) => d.day)).toEqual(expenseWeekDays(today()));
    expect(series.month_weeks.map((w) => w.amount_cents)).toEqual([0, 0, 0, 0]);
    expect(series.year_months.map((mo) => mo.month)).toEqual(yearMonths(year()));
    expect(series.year_months.every((mo) => mo.amount_cents === 0)).toBe(true);
    expect(series.categories).toEqual([]);
  });

  it('serves the kept series only while the farm’s expenses are as they were (decision 027)', async () => {
    const f = await farmWithFlock();
    const scope = { farmId: f.farm.id, timeZone: 'Africa/Nairobi' };
    const check = async () => expect(await get<ExpenseSeries>(f.headers, '/api/expenses/series')).toEqual(JSON.parse(JSON.stringify(await expenseSeries(app.db, scope))));
    await check();
    await check();
    const created = await made(add(f.headers, expense(f.flock.id, { amount: 10 })));
    await check();
    await put(f.headers, created.id, { amount: 20, category: 'Vet' });
    await check();
    await put(f.headers, created.id, { date: lastMonth() });
    await check();
    await storedExpense(f.farm.id, f.flock.id, { date: `${year()}-01-01`, amountCents: 7 });
    await check();
    await del(f.headers, created.id);
    await check();
    expect((await get<ExpenseSeries>(f.headers, '/api/expenses/series')).categories).toEqual([{ category: 'Feed', amount_cents: 7 }]);
  });

  it('counts the week from Monday of the farm’s own today, in its time zone', async () => {
    // Kiritimati is UTC+14: its today is often Nairobi's tomorrow.
    const zone = 'Pacific/Kiritimati';
    const owner = await createUser(app);
    await app.db.update(farms).set({ timeZone: zone }).where(eq(farms.id, owner.farm.id));
    const headers = bearer(await createSession(app, owner.user, owner.farm));
    const flock = await createFlock(app, owner);
    const theirToday = dayIn(new Date(), zone);
    const created = await made(add(headers, expense(flock.id, { date: theirToday, amount: 10 })));
    expect(created.date).toBe(theirToday);
    const stats = await get<ExpenseStats>(headers, '/api/expenses/stats');
    expect(stats).toMatchObject({ today: theirToday, week_cents: 1_000, month_cents: 1_000 });
    const series = await get<ExpenseSeries>(headers, '/api/expenses/series');
    expect(series.week.map((d) => d.day)).toEqual(expenseWeekDays(theirToday));
    expect(series.week.find((d) => d.day === theirToday)?.amount_cents).toBe(1_000);
  });
});

describe('POST /api/budget', () => {
  it('sets a flock’s budget for a month, with what it spent, what is left, the level and whether it can be edited', async () => {
    const f = await farmWithFlock({ name: 'Alpha house' });
    await made(add(f.headers, expense(f.flock.id, { amount: 4_200 })));
    const res = await addBudget(f.headers, budget(f.flock.id, { amount: '5000' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Budget>()).toEqual({
      id: expect.any(Number),
      flock_id: f.flock.id,
      flock_name: 'Alpha house',
      month: month(),
      year: year(),
      amount: 5_000,
      amount_cents: 500_000,
      spent_cents: 420_000,
      left_cents: 80_000,
      percent_used: 84,
      level: 'warning',
      editable: true,
      user_id: f.user.id,
      created_at: expect.any(String),
      updated_at: expect.any(String),      created_by_name: f.user.username,
      updated_by_name: f.user.username,
    });
    // The product's camelCase, the month and year as text; a budget of 0; next year.
    const spec = await made<Budget>(addBudget(f.headers, { flockId: f.flock.id, amount: 0, month: '1', year: String(year() + 1) }));
    expect(spec).toMatchObject({ month: 1, year: year() + 1, amount_cents: 0, spent_cents: 0, percent_used: null, level: 'ok', editable: false });
  });

  it.each([
    ['a negative amount', { amount: -1 }, 'amount', m.amountInvalid],
    ['no amount', { amount: '' }, 'amount', m.amountInvalid],
    ['an amount as words', { amount: 'plenty' }, 'amount', m.amountInvalid],
    ['month 13', { month: 13 }, 'month', m.monthInvalid],
    ['month 0', { month: 0 }, 'month', m.monthInvalid],
    ['no month', { month: undefined }, 'month', m.selectMonth],
    ['year 2022', { year: 2022 }, 'year', m.yearTooEarly],
    ['year 99999', { year: 99_999 }, 'year', m.yearInvalid],
    ['no year', { year: '' }, 'year', m.yearRequired],
    ['the year after next', { year: maxBudgetYear(today()) + 1 }, 'year', m.yearTooFar],
    ['no flock', { flock_id: undefined }, 'flock_id', m.selectFlock],
  ])('refuses %s with its message and adds nothing', async (_what, change, field, message) => {
    const f = await farmWithFlock();
    expectRefused(await addBudget(f.headers, budget(f.flock.id, change)), 400, field, message);
    expect(await budgetRows(f.farm.id)).toHaveLength(0);
  });

  it('refuses a budget for another farm’s flock with 404 and adds nothing', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const res = await addBudget(f.headers, budget(other.flock.id));
    expectRefused(res, 404, 'flock_id', m.selectFlock);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(flockMessages.notFound);
    expect(await budgetRows(f.farm.id)).toHaveLength(0);
    expect(await budgetRows(other.farm.id)).toHaveLength(0);
  });

  it('answers 409 for a second budget of the same flock and month; other flocks, months and farms are free', async () => {
    const f = await farmWithFlock();
    const bravo = await createFlock(app, f);
    await made<Budget>(addBudget(f.headers, budget(f.flock.id)));
    expectRefused(await addBudget(f.headers, budget(f.flock.id, { amount: 10 })), 409, undefined, m.budgetExists);
    await made<Budget>(addBudget(f.headers, budget(bravo.id)));
    await made<Budget>(addBudget(f.headers, budget(f.flock.id, previous())));
    expect((await budgetRows(f.farm.id)).map((b) => b.amountCents)).toEqual([500_000, 500_000, 500_000]);
  });

  it('of two identical creates at once, one writes and the other answers 409', async () => {
    const f = await farmWithFlock();
    // With and without their own Idempotency-Keys: the unique key decides, not a read before the write.
    const answers = await Promise.all([
      addBudget(f.headers, budget(f.flock.id, { amount: 100 })),
      addBudget(f.headers, budget(f.flock.id, { amount: 200 }), { 'idempotency-key': `twin-${f.farm.id}` }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json<{ error: { message: string } }>().error.message).toBe(m.budgetExists);
    expect(await budgetRows(f.farm.id)).toHaveLength(1);
    const more = await Promise.all(Array.from({ length: 6 }, () => addBudget(f.headers, budget(f.flock.id, previous()))));
    expect(more.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await budgetRows(f.farm.id)).toHaveLength(2);
  });
});

describe('GET /api/budget', () => {
  it('lists the farm’s budgets newest month first, with spending; filters by flock, month, year and the edit window', async () => {
    const f = await farmWithFlock({ name: 'Alpha house' });
    const bravo = await createFlock(app, f, { name: 'Bravo shed' });
    const last = previous();
    const older = { month: Number(shiftMonth(thisMonth(), -2).slice(5)), year: Number(shiftMonth(thisMonth(), -2).slice(0, 4)) };
    const now = await made<Budget>(addBudget(f.headers, budget(f.flock.id, { amount: 100 })));
    const bravoNow = await made<Budget>(addBudget(f.headers, budget(bravo.id, { amount: 300 })));
    const lastOne = await made<Budget>(addBudget(f.headers, budget(f.flock.id, { ...last, amount: 200 })));
    const old = await made<Budget>(addBudget(f.headers, budget(f.flock.id, { ...older, amount: 50 })));
    await made(add(f.headers, expense(f.flock.id, { date: lastMonth(), amount: 250 })));
    const other = await farmWithFlock({ name: 'Bravo elsewhere' });
    await made<Budget>(addBudget(other.headers, budget(other.flock.id)));

    const page = await get<Page<Budget>>(f.headers, '/api/budget');
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 10 });
    expect(page.items.map((b) => b.id)).toEqual([bravoNow.id, now.id, lastOne.id, old.id]);
    expect(page.items.find((b) => b.id === lastOne.id)).toMatchObject({ spent_cents: 25_000, left_cents: -5_000, percent_used: 125, level: 'over', editable: true });
    expect(page.items.find((b) => b.id === old.id)).toMatchObject({ spent_cents: 0, editable: false });
    const ids = async (query: string) => (await get<Page<Budget>>(f.headers, `/api/budget?${query}`)).items.map((b) => b.id);
    expect(await ids('editable=true')).toEqual([bravoNow.id, now.id, lastOne.id]);
    expect(await ids('editable=false')).toEqual([old.id]);
    expect(await ids(`flock_id=${bravo.id}`)).toEqual([bravoNow.id]);
    expect(await ids(`month=${last.month}&year=${last.year}`)).toEqual([lastOne.id]);
    expect(await ids('sort=amount&order=asc')).toEqual([old.id, now.id, lastOne.id, bravoNow.id]);
    expect(await ids('sort=flock&order=desc')).toEqual([bravoNow.id, old.id, lastOne.id, now.id]);
    expect(await ids('q=bravo')).toEqual([bravoNow.id]);
    expect(await ids('sort=period&order=asc&pageSize=1&page=2')).toEqual([lastOne.id]);
  });

  it.each(['sort=month', 'editable=maybe', 'month=13', 'year=2022', 'flock_id=x'])('refuses %s with 400', async (query) => {
    const f = await farmWithFlock();
    expect((await app.inject({ method: 'GET', url: `/api/budget?${query}`, headers: f.headers })).statusCode).toBe(400);
  });
});

describe('PUT /api/budget/:month/:year', () => {
  it('changes the amount of the month’s only budget, or of the flock named when there are more', async () => {
    const f = await farmWithFlock();
    const original = await made<Budget>(addBudget(f.headers, budget(f.flock.id)));
    const res = await putBudget(f.headers, month(), year(), { amount: '7500.50' });
    expect(res.statusCode, res.body).toBe(200);
    const { updated_at: _u, ...rest } = original;
    expect(res.json<Budget>()).toMatchObject({ ...rest, amount: 7_500.5, amount_cents: 750_050, left_cents: 750_050 });

    const bravo = await createFlock(app, f);
    const second = await made<Budget>(addBudget(f.headers, budget(bravo.id, { amount: 10 })));
    expectRefused(await putBudget(f.headers, month(), year(), { amount: 1 }), 400, 'flock_id', m.selectBudget);
    const named = await putBudget(f.headers, String(month()).padStart(2, '0'), year(), { amount: 20, flockId: bravo.id });
    expect(named.json<Budget>()).toMatchObject({ id: second.id, amount_cents: 2_000 });
    expect((await budgetRows(f.farm.id)).map((b) => b.amountCents)).toEqual([750_050, 2_000]);
    // Last month is in the window too.
    const last = await made<Budget>(addBudget(f.headers, budget(f.flock.id, previous())));
    expect((await putBudget(f.headers, previous().month, previous().year, { amount: 0 })).json<Budget>()).toMatchObject({ id: last.id, amount_cents: 0 });
  });

  it('answers 404 for a month without a budget, or with none of the flock named, and changes nothing', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const theirs = await made<Budget>(addBudget(other.headers, budget(other.flock.id)));
    expectRefused(await putBudget(f.headers, month(), year(), { amount: 5 }), 404, undefined, m.budgetNotFound);
    await made<Budget>(addBudget(f.headers, budget(f.flock.id, previous())));
    expectRefused(await putBudget(f.headers, month(), year(), { amount: 5, flock_id: f.flock.id }), 404, undefined, m.budgetNotFound);
    expectRefused(await putBudget(f.headers, month(), year(), { amount: 5, flock_id: other.flock.id }), 404, undefined, m.budgetNotFound);
    expect((await budgetRows(other.farm.id))[0]).toMatchObject({ id: theirs.id, amountCents: 500_000 });
    expect((await budgetRows(f.farm.id))[0]).toMatchObject({ amountCents: 500_000 });
  });

  it('answers 422 outside the edit window (the past month up to now) and changes nothing', async () => {
    const f = await farmWithFlock();
    const back = shiftMonth(thisMonth(), -2);
    const ahead = shiftMonth(thisMonth(), 1);
    for (const period of [back, ahead]) {
      await made<Budget>(addBudget(f.headers, budget(f.flock.id, { month: Number(period.slice(5)), year: Number(period.slice(0, 4)) })));
      expectRefused(await putBudget(f.headers, Number(period.slice(5)), Number(period.slice(0, 4)), { amount: 1 }), 422, undefined, m.budgetOutsideEditWindow);
    }
    expect((await budgetRows(f.farm.id)).map((b) => b.amountCents)).toEqual([500_000, 500_000]);
  });

  it.each([
    ['month 13', '13', '2026', { amount: 1 }, 'month', m.monthInvalid],
    ['month 0', '0', '2026', { amount: 1 }, 'month', m.monthInvalid],
    ['year 2022', '1', '2022', { amount: 1 }, 'year', m.yearTooEarly],
    ['year 99999', '1', '99999', { amount: 1 }, 'year', m.yearInvalid],
    ['a word for a month', 'may', '2026', { amount: 1 }, 'month', m.monthInvalid],
    ['a negative amount', 'this', 'this', { amount: -5 }, 'amount', m.amountInvalid],
    ['no amount', 'this', 'this', {}, 'amount', m.amountInvalid],
    ['a flock as words', 'this', 'this', { amount: 1, flock_id: 'x' }, 'flock_id', m.selectBudget],
  ])('refuses %s with 400 and changes nothing', async (_what, monthText, yearText, payload, field, message) => {
    const f = await farmWithFlock();
    await made<Budget>(addBudget(f.headers, budget(f.flock.id)));
    const res = await putBudget(f.headers, monthText === 'this' ? month() : monthText, yearText === 'this' ? year() : yearText, payload);
    expectRefused(res, 400, field, message);
    expect((await budgetRows(f.farm.id))[0]).toMatchObject({ amountCents: 500_000 });
  });
});

describe('DELETE /api/budget/:id', () => {
  it('deletes the farm’s budget; another farm’s or a deleted one is 404; bad ids 400', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const mine = await made<Budget>(addBudget(f.headers, budget(f.flock.id)));
    const theirs = await made<Budget>(addBudget(other.headers, budget(other.flock.id)));
    expectRefused(await delBudget(f.headers, theirs.id), 404, undefined, m.budgetNotFound);
    expect(await budgetRows(other.farm.id)).toHaveLength(1);
    const res = await delBudget(f.headers, mine.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(await budgetRows(f.farm.id)).toHaveLength(0);
    expectRefused(await delBudget(f.headers, mine.id), 404, undefined, m.budgetNotFound);
    for (const id of ['0', 'abc', '2147483648']) expectRefused(await delBudget(f.headers, id), 400, 'id', m.budgetNotFound);
    // The month is free again.
    await made<Budget>(addBudget(f.headers, budget(f.flock.id)));
  });
});

describe('events', () => {
  it('publishes expense_* and budget_* to the farm only, after the write; refused changes publish nothing', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const overheard: FarmEvent[] = [];
    const stopOther = app.events.subscribe(other.farm.id, (e) => overheard.push(e));
    let created: Expense | undefined;
    let planned: Budget | undefined;
    const heard = await heardDuring(f.farm.id, async () => {
      planned = await made<Budget>(addBudget(f.headers, budget(f.flock.id, { amount: 1_000_000 })));
      const made1 = await made(add(f.headers, expense(f.flock.id)));
      created = made1;
      await put(f.headers, made1.id, { amount: 10 });
      await del(f.headers, made1.id);
      await putBudget(f.headers, month(), year(), { amount: 900_000 });
      await delBudget(f.headers, planned.id);
      // Refused: nothing published.
      await add(f.headers, expense(f.flock.id, { amount: 0 }));
      await addBudget(f.headers, budget(other.flock.id));
      await put(f.headers, made1.id, { amount: 5 });
      await delBudget(f.headers, planned.id);
    });
    stopOther();
    expect(heard).toEqual([
      { type: 'budget', name: 'budget_added', action: 'added', id: planned?.id },
      { type: 'expense', name: 'expense_added', action: 'added', id: created?.id },
      { type: 'expense', name: 'expense_updated', action: 'updated', id: created?.id },
      { type: 'expense', name: 'expense_deleted', action: 'deleted', id: created?.id },
      { type: 'budget', name: 'budget_updated', action: 'updated', id: planned?.id },
      { type: 'budget', name: 'budget_deleted', action: 'deleted', id: planned?.id },
    ]);
    expect(overheard).toEqual([]);
  });

  it('publishes budget_exceeded once when an expense, an edit or a lower budget takes a flock over its month’s budget', async () => {
    const f = await farmWithFlock({ name: 'Layers A' });
    const planned = await made<Budget>(addBudget(f.headers, budget(f.flock.id, { amount: 1_000 })));
    const exceeded = {
      type: 'budget',
      name: 'budget_exceeded',
      action: 'exceeded',
      id: planned.id,
      flock_id: f.flock.id,
      month: month(),
      year: year(),
      text: m.budgetExceeded('Layers A', month(), year()),
    };
    const names = (events: FarmEvent[]) => events.map((e) => e.name);

    // 800 of 1,000: a warning, not over.
    let first: Expense | undefined;
    expect(names(await heardDuring(f.farm.id, async () => (first = await made(add(f.headers, expense(f.flock.id, { amount: 800 }))))))).toEqual(['expense_added']);
    // 1,000 of 1,000: over (at 100 %).
    let second: Expense | undefined;
    const crossing = await heardDuring(f.farm.id, async () => (second = await made(add(f.headers, expense(f.flock.id, { amount: 200 })))));
    expect(crossing).toEqual([{ type: 'expense', name: 'expense_added', action: 'added', id: second?.id }, exceeded]);
    // Already over: more spending crosses nothing.
    expect(names(await heardDuring(f.farm.id, () => made(add(f.headers, expense(f.flock.id, { amount: 1 })))))).toEqual(['expense_added']);
    // Back under by a cut (no event), then over again by an edit.
    expect(names(await heardDuring(f.farm.id, () => put(f.headers, first!.id, { amount: 100 })))).toEqual(['expense_updated']);
    expect(names(await heardDuring(f.farm.id, () => put(f.headers, first!.id, { amount: 900 })))).toEqual(['expense_updated', 'budget_exceeded']);
    // A delete only lowers what was spent.
    expect(names(await heardDuring(f.farm.id, () => del(f.headers, second!.id)))).toEqual(['expense_deleted']);
    // 901 spent: a budget lowered to 900 is crossed.
    expect(names(await heardDuring(f.farm.id, () => putBudget(f.headers, month(), year(), { amount: 2_000 })))).toEqual(['budget_updated']);
    expect(await heardDuring(f.farm.id, () => putBudget(f.headers, month(), year(), { amount: 901 }))).toEqual([
      { type: 'budget', name: 'budget_updated', action: 'updated', id: planned.id },
      exceeded,
    ]);
    // An expense moved into a month from another: last month's budget is crossed.
    const last = await made<Budget>(addBudget(f.headers, budget(f.flock.id, { ...previous(), amount: 100 })));
    const moved = await heardDuring(f.farm.id, () => put(f.headers, first!.id, { date: lastMonth() }));
    expect(moved.map((e) => [e.name, e.id, e.month])).toEqual([
      ['expense_updated', first?.id, undefined],
      ['budget_exceeded', last.id, previous().month],
    ]);
  });

  it('publishes the crossing once when writers cross the same budget at once', async () => {
    const f = await farmWithFlock();
    await made<Budget>(addBudget(f.headers, budget(f.flock.id, { amount: 100 })));
    const heard = await heardDuring(f.farm.id, () => Promise.all(Array.from({ length: 8 }, () => add(f.headers, expense(f.flock.id, { amount: 30 })))));
    expect(heard.filter((e) => e.name === 'budget_exceeded')).toHaveLength(1);
    expect(heard.filter((e) => e.name === 'expense_added')).toHaveLength(8);
  });
});

describe('concurrent writers', () => {
  it('20 writers at once, then edits, deletes and more creates: every rollup agrees', async () => {
    const f = await farmWithFlock();
    const second = await createFlock(app, f);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        add(
          f.headers,
          expense(i % 2 ? second.id : f.flock.id, {
            amount: 100 + i,
            date: shiftDay(today(), -(i % 5)),
            category: EXPENSE_CATEGORIES[i % EXPENSE_CATEGORIES.length],
          }),
          i % 4 === 1 ? { 'idempotency-key': `twenty-${f.farm.id}-${i}` } : {},
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode), answers.map((a) => a.body).join('\n')).toEqual(Array.from({ length: 20 }, () => 201));
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);

    const made20 = answers.map((a) => a.json<Expense>());
    const mixed = await Promise.all([
      ...made20.slice(0, 5).map((e, i) => put(f.headers, e.id, { amount: 50 + i, category: 'Vet' })),
      ...made20.slice(5, 10).map((e) => put(f.headers, e.id, { date: lastMonth() })),
      ...made20.slice(10, 15).map((e) => del(f.headers, e.id)),
      ...Array.from({ length: 5 }, () => add(f.headers, expense(f.flock.id))),
      addBudget(f.headers, budget(f.flock.id)),
    ]);
    expect(mixed.every((a) => a.statusCode < 300), mixed.map((a) => a.body).join('\n')).toBe(true);
    expect(await expenseRows(f.farm.id)).toHaveLength(20);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
    expect((await get<Page<Expense>>(f.headers, '/api/expenses')).total).toBe(20);
  });
});

describe('deleting a flock with expenses or budgets', () => {
  it('archives it, keeping them; with everything=true removes it and them, the rollups with them', async () => {
    const f = await farmWithFlock();
    const kept = await createFlock(app, f);
    await made(add(f.headers, expense(f.flock.id)));
    await made<Budget>(addBudget(f.headers, budget(f.flock.id)));
    const stays = await made(add(f.headers, expense(kept.id, { amount: 10 })));
    const archived = await app.inject({ method: 'DELETE', url: `/api/flocks/${f.flock.id}`, headers: f.headers });
    expect(archived.json()).toEqual({ result: 'archived' });
    expect((await app.db.select().from(flocks).where(eq(flocks.id, f.flock.id)))[0]).toMatchObject({ status: 'archived' });
    expect(await expenseRows(f.farm.id)).toHaveLength(2);

    const everything = await app.inject({ method: 'DELETE', url: `/api/flocks/${f.flock.id}?everything=true&confirm_name=${encodeURIComponent(f.flock.name)}`, headers: f.headers });
    expect(everything.json()).toEqual({ result: 'deleted' });
    expect((await expenseRows(f.farm.id)).map((r) => r.id)).toEqual([stays.id]);
    expect(await budgetRows(f.farm.id)).toHaveLength(0);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
    expect((await get<ExpenseStats>(f.headers, '/api/expenses/stats')).month_cents).toBe(1_000);
  });

  it('archives a flock with only a budget', async () => {
    const f = await farmWithFlock();
    await made<Budget>(addBudget(f.headers, budget(f.flock.id)));
    const res = await app.inject({ method: 'DELETE', url: `/api/flocks/${f.flock.id}`, headers: f.headers });
    expect(res.json()).toEqual({ result: 'archived' });
    expect(await budgetRows(f.farm.id)).toHaveLength(1);
  });
});

describe('without a session', () => {
  it('answers 401 on every expense and budget route and changes nothing', async () => {
    const f = await farmWithFlock();
    const record = await made(add(f.headers, expense(f.flock.id)));
    const planned = await made<Budget>(addBudget(f.headers, budget(f.flock.id)));
    const before = [await expenseRows(f.farm.id), await budgetRows(f.farm.id)];
    for (const [method, url, payload] of [
      ['GET', '/api/expenses', undefined],
      ['GET', '/api/expenses/', undefined],
      ['GET', '/api/expenses/stats', undefined],
      ['GET', '/api/expenses/series', undefined],
      ['POST', '/api/expenses', expense(f.flock.id)],
      ['PUT', `/api/expenses/${record.id}`, { amount: 1 }],
      ['DELETE', `/api/expenses/${record.id}`, undefined],
      ['GET', '/api/budget', undefined],
      ['POST', '/api/budget/', budget(f.flock.id, previous())],
      ['PUT', `/api/budget/${month()}/${year()}`, { amount: 1 }],
      ['DELETE', `/api/budget/${planned.id}`, undefined],
    ] as const) {
      const res = await app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect([await expenseRows(f.farm.id), await budgetRows(f.farm.id)]).toEqual(before);
  });

  it('takes the product’s paths with a trailing slash', async () => {
    const f = await farmWithFlock();
    expect((await add(f.headers, expense(f.flock.id)).then(() => app.inject({ method: 'GET', url: '/api/expenses/', headers: f.headers }))).json<Page<Expense>>().total).toBe(1);
    const res = await app.inject({ method: 'POST', url: '/api/budget/', headers: f.headers, payload: budget(f.flock.id) });
    expect(res.statusCode, res.body).toBe(201);
    expect((await get<Page<Budget>>(f.headers, '/api/budget/')).total).toBe(1);
  });
});

describe('who added and last changed an expense or a budget', () => {
  it("answers the adder's name, then a second member's change as the last one, in the answers and the lists", async () => {
    const f = await farmWithFlock();
    const owner = f.user.username;
    const spent = await made(add(f.headers, expense(f.flock.id)));
    const planned = await made<Budget>(addBudget(f.headers, budget(f.flock.id)));
    expect(spent).toMatchObject({ created_by_name: owner, updated_by_name: owner });
    expect(planned).toMatchObject({ created_by_name: owner, updated_by_name: owner });

    const manager = await addMember(app, f.farm, 'manager');
    const name = manager.user.username;
    expect((await put(manager.headers, spent.id, { description: 'Grower mash' })).json<Expense>()).toMatchObject({ created_by_name: owner, updated_by_name: name });
    const raised = await putBudget(manager.headers, month(), year(), { amount: 6_000, flock_id: f.flock.id });
    expect(raised.json<Budget>()).toMatchObject({ amount_cents: 600_000, created_by_name: owner, updated_by_name: name });
    expect((await expenseRows(f.farm.id))[0]).toMatchObject({ createdBy: f.user.id, updatedBy: manager.user.id });
    expect((await budgetRows(f.farm.id))[0]).toMatchObject({ createdBy: f.user.id, updatedBy: manager.user.id });

    expect((await get<{ items: Expense[] }>(f.headers, '/api/expenses')).items).toEqual([
      expect.objectContaining({ id: spent.id, created_by_name: owner, updated_by_name: name }),
    ]);
    expect((await get<{ items: Budget[] }>(f.headers, '/api/budget')).items).toEqual([
      expect.objectContaining({ id: planned.id, created_by_name: owner, updated_by_name: name }),
    ]);
  });
});
