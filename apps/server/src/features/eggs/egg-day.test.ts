import { EGG_DAY_RECENT_DAYS, eggMessages, shiftDay, traysText, type EggDay, type EggDayResult, type EggStats } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { eggProductions } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { counterDrift } from '../../test/counters.js';
import * as factories from '../../test/factories.js';
import { addMember, createFlock } from '../../test/factories.js';
import { today } from '../../test/farm-days.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;

const farmWithFlock = (overrides: Parameters<typeof createFlock>[2] = {}) => factories.farmWithFlock(app, overrides);

const readDay = async (headers: Headers, query = ''): Promise<EggDay> => {
  const res = await app.inject({ method: 'GET', url: `/api/egg-productions/day${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EggDay>();
};
const saveDay = (headers: Headers, payload: object, extra: Headers = {}) =>
  app.inject({ method: 'POST', url: '/api/egg-productions/day', headers: { ...headers, ...extra }, payload });
const saved = async (res: Promise<LightMyRequestResponse>) => {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<EggDayResult>().results;
};
const produce = (headers: Headers, flockId: number, day: string, eggs: number) =>
  app.inject({ method: 'POST', url: '/api/egg-productions', headers, payload: { flock_id: flockId, date_produced: day, eggs_collected: eggs } });
const rowsOf = (farmId: number) => app.db.select().from(eggProductions).where(eq(eggProductions.farmId, farmId));
const errorOf = (res: LightMyRequestResponse) => res.json<{ error: { message: string } }>().error.message;

describe("GET /api/egg-productions/day ('Record today's eggs')", () => {
  it('lists the laying flocks in natural order, with the day’s record and the day before’s eggs', async () => {
    const f = await farmWithFlock({ name: 'Batch 12', bird_count: 300, initial_bird_count: 300 });
    const owner = { user: f.user, farm: f.farm };
    const batch4 = await createFlock(app, owner, { name: 'batch 4' });
    await app.inject({ method: 'PUT', url: `/api/flocks/${batch4.id}`, headers: f.headers, payload: { status: 'mature' } });
    await createFlock(app, owner, { name: 'Broiler run', breed: 'Broilers' });
    await createFlock(app, owner, { name: 'Old hens', status: 'archived' });
    await createFlock(app, owner, { name: 'Chicks 2026', status: 'chicks' });
    // Still marked 'growing', but laying: eggs recorded within the last days.
    const growing = await createFlock(app, owner, { name: 'Pullets', status: 'growing' });
    const yesterday = shiftDay(today(), -1);
    expect((await produce(f.headers, growing.id, shiftDay(today(), -EGG_DAY_RECENT_DAYS), 10)).statusCode).toBe(201);
    expect((await produce(f.headers, f.flock.id, yesterday, 250)).statusCode).toBe(201);
    const todays = (await produce(f.headers, batch4.id, today(), 61)).json<{ id: number }>();

    const day = await readDay(f.headers);
    expect(day).toMatchObject({ date: today(), previous_date: yesterday });
    expect(day.flocks).toEqual([
      { flock_id: batch4.id, flock_name: 'batch 4', bird_count: 100, record: { id: todays.id, eggs_collected: 61 }, previous_eggs: null },
      { flock_id: f.flock.id, flock_name: 'Batch 12', bird_count: 300, record: null, previous_eggs: 250 },
      { flock_id: growing.id, flock_name: 'Pullets', bird_count: 100, record: null, previous_eggs: null },
    ]);

    // A past day, asked for: yesterday's record is that day's.
    const past = await readDay(f.headers, `?date=${yesterday}`);
    expect(past.flocks.find((r) => r.flock_id === f.flock.id)?.record).toMatchObject({ eggs_collected: 250 });
  });

  it('refuses a day after today, and shows another farm nothing of this one', async () => {
    const f = await farmWithFlock();
    const res = await app.inject({ method: 'GET', url: `/api/egg-productions/day?date=${shiftDay(today(), 1)}`, headers: f.headers });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(eggMessages.dateInFuture);
    const other = await farmWithFlock({ name: 'Theirs' });
    expect((await readDay(other.headers)).flocks.map((r) => r.flock_name)).toEqual(['Theirs']);
  });
});

describe('POST /api/egg-productions/day', () => {
  it('adds each row as its own record, changes the rows that name theirs, and keeps the counters true', async () => {
    const f = await farmWithFlock({ name: 'A' });
    const b = await createFlock(app, { user: f.user, farm: f.farm }, { name: 'B' });
    const earlier = (await produce(f.headers, b.id, today(), 30)).json<{ id: number }>();

    const results = await saved(
      saveDay(f.headers, {
        date_produced: today(),
        rows: [
          { flock_id: f.flock.id, eggs_collected: 95 },
          { flock_id: b.id, eggs_collected: 88, record_id: earlier.id },
        ],
      }),
    );
    const added = await rowsOf(f.farm.id);
    const addedId = added.find((r) => r.flockId === f.flock.id)?.id;
    expect(results).toEqual([
      { flock_id: f.flock.id, status: 'created', record: { id: addedId, eggs_collected: 95 } },
      { flock_id: b.id, status: 'updated', record: { id: earlier.id, eggs_collected: 88 } },
    ]);
    expect(added.map((r) => [r.flockId, r.dateProduced, r.eggsCollected, r.createdBy]).sort()).toEqual(
      [
        [f.flock.id, today(), 95, f.user.id],
        [b.id, today(), 88, f.user.id],
      ].sort(),
    );
    // The same save again: nothing changes.
    const again = await saved(saveDay(f.headers, { date_produced: today(), rows: [{ flock_id: b.id, eggs_collected: 88, record_id: earlier.id }] }));
    expect(again).toEqual([{ flock_id: b.id, status: 'unchanged', record: { id: earlier.id, eggs_collected: 88 } }]);

    const stats = await app.inject({ method: 'GET', url: '/api/egg-productions/stats', headers: f.headers });
    expect(stats.json<EggStats>().eggs_this_month).toBe(95 + 88);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });

  it('says why a row failed and keeps the others: recorded meanwhile, deleted meanwhile, another farm’s flock', async () => {
    const f = await farmWithFlock({ name: 'A' });
    const owner = { user: f.user, farm: f.farm };
    const b = await createFlock(app, owner, { name: 'B' });
    const c = await createFlock(app, owner, { name: 'C' });
    const d = await createFlock(app, owner, { name: 'D' });
    const theirs = await farmWithFlock({ name: 'Theirs' });
    // Someone else recorded B while the screen was open; C's record was deleted meanwhile.
    const meanwhile = (await produce(f.headers, b.id, today(), 45)).json<{ id: number }>();
    const gone = (await produce(f.headers, c.id, today(), 20)).json<{ id: number }>();
    await app.inject({ method: 'DELETE', url: `/api/egg-productions/${gone.id}`, headers: f.headers });

    const results = await saved(
      saveDay(f.headers, {
        date_produced: today(),
        rows: [
          { flock_id: f.flock.id, eggs_collected: 95 },
          { flock_id: b.id, eggs_collected: 60 },
          { flock_id: c.id, eggs_collected: 21, record_id: gone.id },
          { flock_id: theirs.flock.id, eggs_collected: 7 },
          { flock_id: d.id, eggs_collected: 0 },
        ],
      }),
    );
    expect(results.map((r) => [r.status, r.message])).toEqual([
      ['created', undefined],
      ['failed', eggMessages.dayAlreadyRecorded(traysText(45))],
      ['failed', eggMessages.dayRecordGone],
      ['failed', eggMessages.dayFlockGone],
      ['created', undefined],
    ]);
    // The refused row answers the record as it now stands, for the screen to show.
    expect(results[1]?.record).toEqual({ id: meanwhile.id, eggs_collected: 45 });
    const kept = await rowsOf(f.farm.id);
    expect(kept.map((r) => [r.flockId, r.eggsCollected]).sort()).toEqual(
      [
        [f.flock.id, 95],
        [b.id, 45],
        [d.id, 0],
      ].sort(),
    );
    expect(await rowsOf(theirs.farm.id)).toEqual([]);
  });

  it.each([
    [{ date_produced: 'x', rows: [{ flock_id: 1, eggs_collected: 1 }] }, eggMessages.dateInvalid],
    [{ rows: [{ flock_id: 1, eggs_collected: 1 }] }, eggMessages.dateRequired],
    [{ date_produced: 'today', rows: [] }, eggMessages.dayNothingToSave],
    [{ date_produced: 'today', rows: [{ flock_id: 1, eggs_collected: 2.5 }] }, eggMessages.eggsInvalid],
    [{ date_produced: 'today', rows: [{ flock_id: 1, eggs_collected: -1 }] }, eggMessages.eggsInvalid],
    [{ date_produced: 'today', rows: [{ flock_id: 1, eggs_collected: 1e9 }] }, eggMessages.eggsTooMany],
    [{ date_produced: 'today', rows: [{ eggs_collected: 1 }] }, eggMessages.selectFlock],
    [{ date_produced: 'today', rows: [{ flock_id: 1, eggs_collected: 1 }, { flock_id: 1, eggs_collected: 2 }] }, eggMessages.dayFlockTwice],
    [{ date_produced: 'tomorrow', rows: [{ flock_id: 1, eggs_collected: 1 }] }, eggMessages.dateInFuture],
  ])('refuses %j whole and saves nothing', async (payload, message) => {
    const f = await farmWithFlock();
    const body = JSON.parse(
      JSON.stringify(payload)
        .replaceAll('"flock_id":1', `"flock_id":${f.flock.id}`)
        .replace('"today"', `"${today()}"`)
        .replace('"tomorrow"', `"${shiftDay(today(), 1)}"`),
    ) as object;
    const res = await saveDay(f.headers, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe(message);
    expect(await rowsOf(f.farm.id)).toEqual([]);
  });

  it('two phones saving the same flock at once: one adds it, the other is told and overwrites nothing', async () => {
    const f = await farmWithFlock();
    const body = (eggs: number) => ({ date_produced: today(), rows: [{ flock_id: f.flock.id, eggs_collected: eggs }] });
    const [a, b] = await Promise.all([saved(saveDay(f.headers, body(90))), saved(saveDay(f.headers, body(91)))]);
    const outcomes = [a[0], b[0]].sort((x, y) => (x?.status ?? '').localeCompare(y?.status ?? ''));
    expect(outcomes.map((o) => o?.status)).toEqual(['created', 'failed']);
    const [row] = await rowsOf(f.farm.id);
    expect(outcomes[1]?.record).toEqual({ id: row?.id, eggs_collected: row?.eggsCollected });
    expect(await rowsOf(f.farm.id)).toHaveLength(1);
  });

  it('saves once when the same save is sent twice with its key (a retry on slow data)', async () => {
    const f = await farmWithFlock();
    const body = { date_produced: today(), rows: [{ flock_id: f.flock.id, eggs_collected: 95 }] };
    const key = { 'idempotency-key': `egg-day-${f.farm.id}` };
    const first = await saved(saveDay(f.headers, body, key));
    const second = await saved(saveDay(f.headers, body, key));
    expect(second).toEqual(first);
    expect(await rowsOf(f.farm.id)).toHaveLength(1);
  });

  it('is open to a worker, closed to an auditor', async () => {
    const f = await farmWithFlock();
    const worker = await addMember(app, f.farm, 'worker');
    const auditor = await addMember(app, f.farm, 'auditor');
    expect((await readDay(worker.headers)).flocks).toHaveLength(1);
    const body = { date_produced: today(), rows: [{ flock_id: f.flock.id, eggs_collected: 95 }] };
    expect((await saveDay(auditor.headers, body)).statusCode).toBe(403);
    expect(await saved(saveDay(worker.headers, body))).toMatchObject([{ status: 'created' }]);
  });
});
