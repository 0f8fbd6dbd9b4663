import { DEBTORS_MAX, debtorMessages, saleMessages, shiftDay, type Debtors, type SaleStats } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { farmSaleCounters, sales } from '../../db/schema/index.js';
import type { FarmEvent } from '../../plugins/events.js';
import { createTestApp } from '../../test/app.js';
import { counterDrift } from '../../test/counters.js';
import * as factories from '../../test/factories.js';
import { addMember } from '../../test/factories.js';
import { today } from '../../test/farm-days.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;
type Farm = Awaited<ReturnType<typeof factories.farmWithFlock>>;

const farmWithFlock = () => factories.farmWithFlock(app);

const debtors = async (headers: Headers): Promise<Debtors> => {
  const res = await app.inject({ method: 'GET', url: '/api/sales/debtors', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Debtors>();
};
const setStatus = (headers: Headers, payload: unknown, extra: Headers = {}) =>
  app.inject({ method: 'POST', url: '/api/sales/status', headers: { ...headers, ...extra }, payload: payload as object });
const stats = async (headers: Headers): Promise<SaleStats> => (await app.inject({ method: 'GET', url: '/api/sales/stats', headers })).json<SaleStats>();
const statuses = async (farmId: number) =>
  (await app.db.select({ id: sales.id, status: sales.status }).from(sales).where(eq(sales.farmId, farmId)).orderBy(sales.id)).map((r) => `${r.id}:${r.status}`);

function expectRefused(res: LightMyRequestResponse, status: number, field?: string, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const error = res.json<{ error: { message: string; fields?: Record<string, string> } }>().error;
  if (field) expect(error.fields?.[field], res.body).toBe(message);
  else if (message) expect(error.message).toBe(message);
}

/**
 * Sales written straight into the table, each with the farm's next ref: old dates the API would
 * refuse and descriptions with spaces around (the API trims them). Answers their ids in order.
 */
async function stored(f: Farm, rows: { description?: string | null; days?: number; cents?: number; status?: 'pending' | 'paid' }[]) {
  const [counter] = await app.db
    .insert(farmSaleCounters)
    .values({ farmId: f.farm.id, lastRefNo: 0 })
    .onConflictDoUpdate({ target: farmSaleCounters.farmId, set: { lastRefNo: farmSaleCounters.lastRefNo } })
    .returning();
  const start = counter?.lastRefNo ?? 0;
  await app.db.update(farmSaleCounters).set({ lastRefNo: start + rows.length }).where(eq(farmSaleCounters.farmId, f.farm.id));
  const made = await app.db
    .insert(sales)
    .values(
      rows.map((row, i) => ({
        farmId: f.farm.id,
        flockId: f.flock.id,
        createdBy: f.user.id,
        updatedBy: f.user.id,
        refNo: start + i + 1,
        category: 'Egg Sales' as const,
        product: 'Eggs',
        description: row.description ?? null,
        quantity: 1,
        unit: 'Crates',
        unitPriceCents: row.cents ?? 42_000,
        amountCents: row.cents ?? 42_000,
        date: shiftDay(today(), -(row.days ?? 0)),
        saleType: 'Credit' as const,
        status: row.status ?? 'pending',
      })),
    )
    .returning({ id: sales.id });
  return made.map((row) => row.id);
}

describe('GET /api/sales/debtors', () => {
  it('groups pending sales by buyer, case and spaces aside, in the newest sale’s spelling; paid sales and other farms left out', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const [a, b, c] = await stored(f, [
      { description: 'mama njeri', days: 40, cents: 10_000 },
      { description: '  Mama Njeri ', days: 12, cents: 25_050 },
      { description: 'MAMA NJERI', days: 20, cents: 5_000 },
      { description: 'Mama Njeri', days: 3, cents: 99_999, status: 'paid' },
    ]);
    await stored(other, [{ description: 'Mama Njeri', days: 50, cents: 70_000 }]);
    const answer = await debtors(f.headers);
    expect(answer).toEqual({
      items: [{ buyer: 'Mama Njeri', sales: 3, owed_cents: 40_050, owed: 400.5, since: shiftDay(today(), -40), days: 40, sale_ids: [a, c, b] }],
      buyers: 1,
      total_owed_cents: 40_050,
      total_owed: 400.5,
    });
  });

  it('puts sales without a buyer under null, blank descriptions with them', async () => {
    const f = await farmWithFlock();
    const ids = await stored(f, [
      { description: null, days: 2, cents: 1_000 },
      { description: '   ', days: 5, cents: 2_000 },
      { description: '', days: 1, cents: 3_000 },
    ]);
    const answer = await debtors(f.headers);
    expect(answer.items).toEqual([{ buyer: null, sales: 3, owed_cents: 6_000, owed: 60, since: shiftDay(today(), -5), days: 5, sale_ids: [ids[1], ids[0], ids[2]] }]);
  });

  it('orders the oldest debt first, then the largest; days run to the farm’s today', async () => {
    const f = await farmWithFlock();
    await stored(f, [
      { description: 'Small today', days: 0, cents: 100 },
      { description: 'Big recent', days: 7, cents: 900_000 },
      { description: 'Old', days: 60, cents: 500 },
      { description: 'Same day, less', days: 7, cents: 800_000 },
      { description: null, days: 7, cents: 800_000 },
      { description: 'Old', days: 1, cents: 500 },
    ]);
    const answer = await debtors(f.headers);
    expect(answer.items.map((d) => [d.buyer, d.days, d.owed_cents])).toEqual([
      ['Old', 60, 1_000],
      ['Big recent', 7, 900_000],
      // The same day and sum: a named buyer before the sales without one.
      ['Same day, less', 7, 800_000],
      [null, 7, 800_000],
      ['Small today', 0, 100],
    ]);
    expect(answer.buyers).toBe(5);
    expect(answer.total_owed_cents).toBe(1_000 + 900_000 + 800_000 + 800_000 + 100);
    expect(answer.total_owed).toBe(25_011);
  });

  it(`lists at most ${DEBTORS_MAX} buyers, the oldest; the count and the totals take in all`, async () => {
    const f = await farmWithFlock();
    await stored(
      f,
      Array.from({ length: DEBTORS_MAX + 5 }, (_, i) => ({ description: `Buyer ${i}`, days: i, cents: 100 })),
    );
    const answer = await debtors(f.headers);
    expect(answer.items).toHaveLength(DEBTORS_MAX);
    expect(answer.items[0]?.buyer).toBe(`Buyer ${DEBTORS_MAX + 4}`);
    expect(answer.items.at(-1)?.buyer).toBe('Buyer 5');
    expect(answer.buyers).toBe(DEBTORS_MAX + 5);
    expect(answer.total_owed_cents).toBe((DEBTORS_MAX + 5) * 100);
  });

  it('answers nothing owed for a farm without pending sales', async () => {
    const f = await farmWithFlock();
    await stored(f, [{ description: 'Paid up', status: 'paid' }]);
    expect(await debtors(f.headers)).toEqual({ items: [], buyers: 0, total_owed_cents: 0, total_owed: 0 });
  });

  it('is read by the owner, a manager and an auditor; a worker gets 403', async () => {
    const f = await farmWithFlock();
    await stored(f, [{ description: 'Wanjiru' }]);
    for (const role of ['manager', 'auditor'] as const) {
      const member = await addMember(app, f.farm, role);
      expect((await debtors(member.headers)).buyers).toBe(1);
    }
    const worker = await addMember(app, f.farm, 'worker');
    expectRefused(await app.inject({ method: 'GET', url: '/api/sales/debtors', headers: worker.headers }), 403);
  });

  it('leaves /api/sales/:id as it was: PUT /api/sales/debtors names no sale (its id refused as before)', async () => {
    const f = await farmWithFlock();
    expectRefused(await app.inject({ method: 'PUT', url: '/api/sales/debtors', headers: f.headers, payload: { status: 'paid' } }), 400, 'id', saleMessages.notFound);
  });
});

describe('POST /api/sales/status', () => {
  it('marks a buyer’s sales paid and back (Undo), the statistics and every kept count following', async () => {
    const f = await farmWithFlock();
    const ids = await stored(f, [
      { description: 'Kamau', days: 0, cents: 30_000 },
      { description: 'kamau', days: 0, cents: 12_050 },
      { description: 'Otieno', days: 0, cents: 7_000 },
    ]);
    const before = await stats(f.headers);
    const kamau = (await debtors(f.headers)).items.find((d) => d.buyer === 'kamau' || d.buyer === 'Kamau');
    expect(kamau?.sale_ids).toHaveLength(2);

    const paid = await setStatus(f.headers, { ids: kamau?.sale_ids, status: 'Paid' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ updated: 2, amount_cents: 42_050, amount: 420.5 });
    expect((await debtors(f.headers)).items.map((d) => d.buyer)).toEqual(['Otieno']);
    const after = await stats(f.headers);
    expect(after.paid_cents - before.paid_cents).toBe(42_050);
    expect(before.pending_cents - after.pending_cents).toBe(42_050);
    expect(after.pending_count).toBe(1);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
    const [row] = await app.db.select().from(sales).where(eq(sales.id, ids[0] ?? 0));
    expect(row).toMatchObject({ status: 'paid', updatedBy: f.user.id });

    // Undo: the same ids back to pending.
    const undo = await setStatus(f.headers, { ids: kamau?.sale_ids, status: 'pending...' });
    expect(undo.json()).toEqual({ updated: 2, amount_cents: 42_050, amount: 420.5 });
    expect((await debtors(f.headers)).items.map((d) => d.owed_cents)).toEqual([42_050, 7_000]);
    expect(await stats(f.headers)).toEqual(before);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });

  it('counts only the sales whose status changed; ids named twice count once', async () => {
    const f = await farmWithFlock();
    const [a, b] = await stored(f, [{ cents: 1_000 }, { cents: 2_000, status: 'paid' }]);
    const res = await setStatus(f.headers, { ids: [a, b, a], status: 'paid' });
    expect(res.json()).toEqual({ updated: 1, amount_cents: 1_000, amount: 10 });
    expect((await setStatus(f.headers, { ids: [a, b], status: 'paid' })).json()).toEqual({ updated: 0, amount_cents: 0, amount: 0 });
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });

  it('publishes a sale_updated for each sale changed, after the commit', async () => {
    const f = await farmWithFlock();
    const [a, b, c] = await stored(f, [{}, {}, { status: 'paid' }]);
    const heard: FarmEvent[] = [];
    const stop = app.events.subscribe(f.farm.id, (e) => heard.push(e));
    try {
      expect((await setStatus(f.headers, { ids: [a, b, c], status: 'paid' })).statusCode).toBe(200);
    } finally {
      stop();
    }
    expect(heard).toEqual([
      { type: 'sale', name: 'sale_updated', action: 'updated', id: a },
      { type: 'sale', name: 'sale_updated', action: 'updated', id: b },
    ]);
  });

  it('replays the first answer for the same Idempotency-Key', async () => {
    const f = await farmWithFlock();
    const [a] = await stored(f, [{ cents: 5_000 }]);
    const key = { 'idempotency-key': `debtors-${f.farm.id}` };
    const first = await setStatus(f.headers, { ids: [a], status: 'paid' }, key);
    const again = await setStatus(f.headers, { ids: [a], status: 'paid' }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(first.json()).toMatchObject({ updated: 1 });
  });

  it("answers 404 for another farm's sale or a missing one among the ids, and changes nothing on either farm", async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const mine = await stored(f, [{ description: 'Mine' }, { description: 'Mine too' }]);
    const theirs = await stored(other, [{ description: 'Theirs' }]);
    const mineBefore = await statuses(f.farm.id);
    const theirsBefore = await statuses(other.farm.id);
    for (const ids of [[...mine, ...theirs], theirs, [...mine, 2_147_483_000]]) {
      expectRefused(await setStatus(f.headers, { ids, status: 'paid' }), 404, undefined, saleMessages.notFound);
    }
    // A farm named in the body moves nothing either.
    expectRefused(await setStatus(f.headers, { ids: theirs, status: 'paid', farm_id: other.farm.id }), 404);
    expect(await statuses(f.farm.id)).toEqual(mineBefore);
    expect(await statuses(other.farm.id)).toEqual(theirsBefore);
    expect((await debtors(other.headers)).items.map((d) => d.buyer)).toEqual(['Theirs']);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
    expect(await counterDrift(app.database, other.farm.id)).toEqual([]);
  });

  it.each([
    ['no ids', { status: 'paid' }, 'ids', debtorMessages.idsRequired],
    ['empty ids', { ids: [], status: 'paid' }, 'ids', debtorMessages.idsRequired],
    ['ids not a list', { ids: 'all', status: 'paid' }, 'ids', debtorMessages.idsRequired],
    ['an id as text', { ids: ['1'], status: 'paid' }, 'ids.0', debtorMessages.idInvalid],
    ['an id of true', { ids: [true], status: 'paid' }, 'ids.0', debtorMessages.idInvalid],
    ['a fractional id', { ids: [1.5], status: 'paid' }, 'ids.0', debtorMessages.idInvalid],
    ['a zero id', { ids: [0], status: 'paid' }, 'ids.0', debtorMessages.idInvalid],
    ['an id past 32 bits', { ids: [2_147_483_648], status: 'paid' }, 'ids.0', debtorMessages.idInvalid],
    ['too many ids', { ids: Array.from({ length: 501 }, (_, i) => i + 1), status: 'paid' }, 'ids', debtorMessages.idsTooMany],
    ['no status', { ids: [1] }, 'status', saleMessages.selectStatus],
    ['an unknown status', { ids: [1], status: 'refunded' }, 'status', saleMessages.selectStatus],
  ])('refuses %s with 400 and its message', async (_, payload, field, message) => {
    const f = await farmWithFlock();
    const [a] = await stored(f, [{}]);
    const before = await statuses(f.farm.id);
    expectRefused(await setStatus(f.headers, payload), 400, field, message);
    expect(await statuses(f.farm.id)).toEqual(before);
    expect(a).toBeGreaterThan(0);
  });

  it('is for the owner and a manager; a worker and an auditor get 403 and nothing changes', async () => {
    const f = await farmWithFlock();
    const [a] = await stored(f, [{}]);
    for (const role of ['worker', 'auditor'] as const) {
      const member = await addMember(app, f.farm, role);
      expectRefused(await setStatus(member.headers, { ids: [a], status: 'paid' }), 403);
    }
    expect(await statuses(f.farm.id)).toEqual([`${a}:pending`]);
    const manager = await addMember(app, f.farm, 'manager');
    expect((await setStatus(manager.headers, { ids: [a], status: 'paid' })).json()).toMatchObject({ updated: 1 });
  });

  it('keeps every count right with 20 writers at once over the same sales', async () => {
    const f = await farmWithFlock();
    const ids = await stored(f, Array.from({ length: 12 }, (_, i) => ({ description: `Buyer ${i % 3}`, days: i, cents: 1_000 + i })));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        // Overlapping halves, named in either order: the locks are taken in id order.
        const chosen = i % 2 ? ids.slice(0, 8) : ids.slice(4).reverse();
        return setStatus(f.headers, { ids: chosen, status: i % 3 ? 'paid' : 'pending' });
      }),
    );
    expect(answers.map((a) => a.statusCode), answers.map((a) => a.body).join('\n')).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
    const owed = await debtors(f.headers);
    const pending = (await statuses(f.farm.id)).filter((s) => s.endsWith(':pending')).length;
    expect(owed.items.reduce((n, d) => n + d.sales, 0)).toBe(pending);
  });
});
