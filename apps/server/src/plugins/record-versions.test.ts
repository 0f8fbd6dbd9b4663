import { RECORD_VERSION_HEADER, recordVersionMessages, toApiDateTime, type EggProduction, type Expense, type Sale, type Vaccination } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eggProductions } from '../db/schema/index.js';
import { createTestApp } from '../test/app.js';
import { farmWithFlock } from '../test/factories.js';
import { today } from '../test/farm-days.js';

// Edits and deletes that carry the version the farmer saw (decision 067).

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const farmer = () => farmWithFlock(app);
type Farmer = Awaited<ReturnType<typeof farmer>>;

async function production(f: Farmer, eggsCollected = 240): Promise<EggProduction> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/egg-productions',
    headers: f.headers,
    payload: { flock_id: f.flock.id, date_produced: today(), eggs_collected: eggsCollected },
  });
  expect(res.statusCode).toBe(201);
  return res.json<EggProduction>();
}

/** An edit or a delete from a phone that read the record at `version`. */
function change(f: Farmer, method: 'PUT' | 'DELETE', url: string, version: string | undefined, payload?: object) {
  const headers = version === undefined ? f.headers : { ...f.headers, [RECORD_VERSION_HEADER]: version };
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const eggsNow = async (id: number) => (await app.db.select().from(eggProductions).where(eq(eggProductions.id, id)))[0];

describe('an edit with the version the farmer saw', () => {
  it('changes the record while it is still that version, and answers the new version', async () => {
    const f = await farmer();
    const seen = await production(f);
    const res = await change(f, 'PUT', `/api/egg-productions/${seen.id}`, seen.updated_at, { date_produced: today(), eggs_collected: 250 });
    expect(res.statusCode).toBe(200);
    const changed = res.json<EggProduction>();
    expect(changed.eggs_collected).toBe(250);
    expect(changed.updated_at).not.toBe(seen.updated_at);
    // The answer's version is the next edit's.
    const again = await change(f, 'PUT', `/api/egg-productions/${seen.id}`, changed.updated_at, { date_produced: today(), eggs_collected: 260 });
    expect(again.statusCode).toBe(200);
  });

  it('answers 409 with the record as it is now when another phone changed it since, and changes nothing', async () => {
    const f = await farmer();
    const seen = await production(f);
    const first = await change(f, 'PUT', `/api/egg-productions/${seen.id}`, seen.updated_at, { date_produced: today(), eggs_collected: 250 });
    expect(first.statusCode).toBe(200);

    const second = await change(f, 'PUT', `/api/egg-productions/${seen.id}`, seen.updated_at, { date_produced: today(), eggs_collected: 300 });
    expect(second.statusCode).toBe(409);
    const { error } = second.json<{ error: { code: string; message: string; current: EggProduction } }>();
    expect(error.code).toBe('conflict');
    expect(error.message).toBe(recordVersionMessages.changedMeanwhile);
    expect(error.current).toEqual(first.json());
    expect((await eggsNow(seen.id))?.eggsCollected).toBe(250);

    // Keeping mine: sent again with the version now shown.
    const mine = await change(f, 'PUT', `/api/egg-productions/${seen.id}`, error.current.updated_at, { date_produced: today(), eggs_collected: 300 });
    expect(mine.statusCode).toBe(200);
    expect((await eggsNow(seen.id))?.eggsCollected).toBe(300);
  });

  it('deletes only the version seen: a record changed since stays, with a 409 that shows it', async () => {
    const f = await farmer();
    const seen = await production(f);
    await change(f, 'PUT', `/api/egg-productions/${seen.id}`, undefined, { date_produced: today(), eggs_collected: 250 });

    const stale = await change(f, 'DELETE', `/api/egg-productions/${seen.id}`, seen.updated_at);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ error: { current: EggProduction } }>().error.current.eggs_collected).toBe(250);
    expect(await eggsNow(seen.id)).toBeDefined();

    const current = stale.json<{ error: { current: EggProduction } }>().error.current;
    const fresh = await change(f, 'DELETE', `/api/egg-productions/${seen.id}`, current.updated_at);
    expect(fresh.statusCode).toBe(204);
    expect(fresh.body).toBe('');
    expect(await eggsNow(seen.id)).toBeUndefined();
  });

  it('without the header keeps the last write, as before', async () => {
    const f = await farmer();
    const seen = await production(f);
    await change(f, 'PUT', `/api/egg-productions/${seen.id}`, undefined, { date_produced: today(), eggs_collected: 250 });
    const res = await change(f, 'PUT', `/api/egg-productions/${seen.id}`, undefined, { date_produced: today(), eggs_collected: 270 });
    expect(res.statusCode).toBe(200);
    expect((await eggsNow(seen.id))?.eggsCollected).toBe(270);
  });

  it.each(['yesterday', '2026-12-06', '2026-12-06T14:05:00', ''])('refuses a version that is not an instant (%j) with a 400, changing nothing', async (version) => {
    const f = await farmer();
    const seen = await production(f);
    const res = await change(f, 'PUT', `/api/egg-productions/${seen.id}`, version, { date_produced: today(), eggs_collected: 250 });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(recordVersionMessages.badVersion);
    expect((await eggsNow(seen.id))?.eggsCollected).toBe(240);
  });

  it("another farm's record is not found, whatever the version: nothing of it shows", async () => {
    const f = await farmer();
    const other = await farmer();
    const theirs = await production(other);
    const put = await change(f, 'PUT', `/api/egg-productions/${theirs.id}`, '2020-01-01T00:00:00.000Z', { date_produced: today(), eggs_collected: 1 });
    expect(put.statusCode).toBe(404);
    expect(put.body).not.toContain('current');
    const del = await change(f, 'DELETE', `/api/egg-productions/${theirs.id}`, theirs.updated_at);
    expect(del.statusCode).toBe(404);
    expect((await eggsNow(theirs.id))?.eggsCollected).toBe(240);
  });

  it('a record gone since is not found', async () => {
    const f = await farmer();
    const seen = await production(f);
    await change(f, 'DELETE', `/api/egg-productions/${seen.id}`, seen.updated_at);
    const res = await change(f, 'PUT', `/api/egg-productions/${seen.id}`, seen.updated_at, { date_produced: today(), eggs_collected: 250 });
    expect(res.statusCode).toBe(404);
  });

  it('two phones that saw the same version at once: one change is kept, the other answers 409 with it', async () => {
    const f = await farmer();
    const seen = await production(f);
    const answers = await Promise.all(
      [251, 252, 253, 254].map((n) => change(f, 'PUT', `/api/egg-productions/${seen.id}`, seen.updated_at, { date_produced: today(), eggs_collected: n })),
    );
    const kept = answers.filter((res) => res.statusCode === 200);
    expect(kept).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(3);
    const winner = kept[0]!.json<EggProduction>();
    expect((await eggsNow(seen.id))?.eggsCollected).toBe(winner.eggs_collected);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json<{ error: { current: EggProduction } }>().error.current.eggs_collected).toBe(winner.eggs_collected);
    }
  });
});

describe('every record a phone may change offline carries its version', () => {
  it('sales, expenses, egg adjustments and vaccinations answer 409 with the record now', async () => {
    const f = await farmer();
    const saleRes = await app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: f.headers,
      payload: { flock_id: f.flock.id, category: 'Egg Sales', product: 'Eggs (crate of 30)', quantity: 10, unit_price: 420, date: today(), sale_type: 'Mobile Money', status: 'paid' },
    });
    expect(saleRes.statusCode).toBe(201);
    const sale = saleRes.json<Sale>();
    const expenseRes = await app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: f.headers,
      payload: { flock_id: f.flock.id, date: today(), description: 'Layers mash', amount: 4_200, category: 'Feed' },
    });
    expect(expenseRes.statusCode).toBe(201);
    const expense = expenseRes.json<Expense>();
    const adjustmentBody = { flock_id: f.flock.id, adjustment_type: 'breakage', eggs_adjusted: 5, date_adjusted: today() };
    const adjustmentRes = await app.inject({
      method: 'POST',
      url: '/api/egg-adjustments',
      headers: f.headers,
      payload: adjustmentBody,
    });
    expect(adjustmentRes.statusCode).toBe(201);
    const adjustment = adjustmentRes.json<{ id: number; updated_at: string }>();
    const vaccinationRes = await app.inject({
      method: 'POST',
      url: `/api/flocks/${f.flock.id}/vaccinations`,
      headers: f.headers,
      payload: { vaccine_name: 'Newcastle', date: toApiDateTime(new Date(Date.now() + 3 * 86_400_000)), status: 'Pending', mode_of_administration: 'Oral' },
    });
    expect(vaccinationRes.statusCode).toBe(201);
    const vaccination = vaccinationRes.json<Vaccination>();

    const cases = [
      { url: `/api/sales/${sale.id}`, seen: sale.updated_at, edit: { quantity: 11 }, other: { quantity: 12 } },
      { url: `/api/sales/${sale.ref_no}`, seen: sale.updated_at, edit: undefined, other: undefined },
      { url: `/api/expenses/${expense.id}`, seen: expense.updated_at, edit: { amount: 4_300 }, other: { amount: 4_400 } },
      { url: `/api/egg-adjustments/${adjustment.id}`, seen: adjustment.updated_at, edit: { ...adjustmentBody, eggs_adjusted: 6 }, other: { ...adjustmentBody, eggs_adjusted: 7 } },
      { url: `/api/flocks/${f.flock.id}/vaccinations/${vaccination.id}`, seen: vaccination.updated_at, edit: { status: 'Pending' }, other: { status: 'Cancelled' } },
    ];
    for (const { url, seen, edit, other } of cases) {
      if (edit && other) {
        const first = await change(f, 'PUT', url, seen, edit);
        expect(first.statusCode, url).toBe(200);
        const second = await change(f, 'PUT', url, seen, other);
        expect(second.statusCode, url).toBe(409);
        expect(second.json<{ error: { current: { id: number; updated_at: string } } }>().error.current).toEqual(first.json());
      }
      // The version seen before the edit no longer deletes it (by ref number too, for a sale).
      const del = await change(f, 'DELETE', url, seen);
      expect(del.statusCode, url).toBe(409);
    }
  });
});
