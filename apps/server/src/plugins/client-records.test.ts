import { randomUUID } from 'node:crypto';
import {
  CAPTURE_MAX_AGE_DAYS,
  CLIENT_RECORD_HEADERS,
  clientRecordMessages,
  eggMessages,
  expenseMessages,
  isExpenseDateAllowed,
  shiftDay,
  shiftMonth,
  toApiDateTime,
  type EggProduction,
} from '@kuku/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientRecords, eggProductions, expenses, idempotencyKeys } from '../db/schema/index.js';
import { createTestApp } from '../test/app.js';
import { farmWithFlock } from '../test/factories.js';
import { FARM_ZONE, today } from '../test/farm-days.js';
import { REPLAYED_HEADER } from './idempotency.js';

// Creates a phone captured offline and sent later under the id it gave them (decision 065).

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const farmer = () => farmWithFlock(app);

type Farmer = Awaited<ReturnType<typeof farmer>>;

const eggs = (f: Farmer, change: object = {}) => ({ flock_id: f.flock.id, date_produced: today(), eggs_collected: 240, ...change });
const expense = (f: Farmer, change: object = {}) => ({ flock_id: f.flock.id, date: today(), description: 'Layers mash, 2 bags', amount: 4_200, category: 'Feed', ...change });

/** A create sent from the phone's queue: its record id, and optionally when and where it was captured. */
function send(f: Farmer, url: string, payload: object, id: string, extra: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, headers: { ...f.headers, [CLIENT_RECORD_HEADERS.id]: id, ...extra }, payload });
}

const eggRows = (farmId: number) => app.db.select().from(eggProductions).where(eq(eggProductions.farmId, farmId));
const expenseRows = (farmId: number) => app.db.select().from(expenses).where(eq(expenses.farmId, farmId));
const recordRow = async (id: string) => (await app.db.select().from(clientRecords).where(eq(clientRecords.id, id)))[0];

/** The instant of a farm-time wall clock reading, Nairobi being UTC+3 all year. */
const nairobi = (day: string, time: string) => new Date(`${day}T${time}+03:00`);

describe('a create sent under a record id', () => {
  it('creates once: a replay answers 200 with the stored record, and the id keeps the capture time and the phone', async () => {
    const f = await farmer();
    const id = randomUUID();
    const capturedAt = new Date(Date.now() - 3 * 60_000);
    const device = 'phone-7f3a';
    const extra = { [CLIENT_RECORD_HEADERS.capturedAt]: capturedAt.toISOString(), [CLIENT_RECORD_HEADERS.device]: device };
    const first = await send(f, '/api/egg-productions', eggs(f), id, extra);
    expect(first.statusCode).toBe(201);
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined();

    const replay = await send(f, '/api/egg-productions', eggs(f), id, extra);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers[REPLAYED_HEADER]).toBe('true');
    expect(replay.body).toBe(first.body);
    expect(await eggRows(f.farm.id)).toHaveLength(1);
    expect(await recordRow(id)).toMatchObject({
      farmId: f.farm.id,
      kind: 'egg_production',
      recordId: first.json<EggProduction>().id,
      capturedAt,
      deviceId: device,
    });
  });

  it('still knows the record after the Idempotency-Key table is purged, days later', async () => {
    const f = await farmer();
    const id = randomUUID();
    const first = await send(f, '/api/expenses', expense(f), id, { 'idempotency-key': id });
    expect(first.statusCode).toBe(201);
    await app.db.delete(idempotencyKeys).where(eq(idempotencyKeys.farmId, f.farm.id));
    await app.db.update(clientRecords).set({ receivedAt: new Date(Date.now() - 3 * 86_400_000) }).where(eq(clientRecords.id, id));

    const replay = await send(f, '/api/expenses', expense(f), id, { 'idempotency-key': id });
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(first.body);
    expect(await expenseRows(f.farm.id)).toHaveLength(1);
  });

  it('takes the id in capitals as the same record', async () => {
    const f = await farmer();
    const id = randomUUID();
    expect((await send(f, '/api/egg-productions', eggs(f), id)).statusCode).toBe(201);
    expect((await send(f, '/api/egg-productions', eggs(f), id.toUpperCase())).statusCode).toBe(200);
    expect(await eggRows(f.farm.id)).toHaveLength(1);
  });

  it('refuses the id sent again with other values, and changes nothing', async () => {
    const f = await farmer();
    const id = randomUUID();
    const first = await send(f, '/api/egg-productions', eggs(f), id);
    const other = await send(f, '/api/egg-productions', eggs(f, { eggs_collected: 250 }), id);
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toMatchObject({ message: clientRecordMessages.sentWithOtherValues });
    const rows = await eggRows(f.farm.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(first.json<EggProduction>().id);
    expect(rows[0]?.eggsCollected).toBe(240);
  });

  it("refuses an id another farm used, in words that say nothing of that farm's record", async () => {
    const mine = await farmer();
    const theirs = await farmer();
    const id = randomUUID();
    const first = await send(theirs, '/api/egg-productions', eggs(theirs), id);
    expect(first.statusCode).toBe(201);
    const taken = await send(mine, '/api/egg-productions', eggs(mine), id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: { code: 'conflict', message: clientRecordMessages.idTaken } });
    expect(taken.body).not.toContain(String(first.json<EggProduction>().id));
    expect(await eggRows(mine.farm.id)).toHaveLength(0);
    expect(await eggRows(theirs.farm.id)).toHaveLength(1);
  });

  it('refuses an id used for another kind of record', async () => {
    const f = await farmer();
    const id = randomUUID();
    expect((await send(f, '/api/egg-productions', eggs(f), id)).statusCode).toBe(201);
    const reused = await send(f, '/api/expenses', expense(f), id);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toMatchObject({ message: clientRecordMessages.idTaken });
    expect(await expenseRows(f.farm.id)).toHaveLength(0);
  });

  it('refuses a replay of a record deleted since it was sent, and does not record it again', async () => {
    const f = await farmer();
    const id = randomUUID();
    const first = await send(f, '/api/egg-productions', eggs(f), id);
    const gone = await app.inject({ method: 'DELETE', url: `/api/egg-productions/${first.json<EggProduction>().id}`, headers: f.headers });
    expect(gone.statusCode).toBe(204);
    const replay = await send(f, '/api/egg-productions', eggs(f), id);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error).toMatchObject({ message: clientRecordMessages.deletedSinceSent });
    expect(await eggRows(f.farm.id)).toHaveLength(0);
  });

  it('keeps no id when the create is refused, so the corrected record can be sent under it', async () => {
    const f = await farmer();
    const id = randomUUID();
    const refused = await send(f, '/api/egg-productions', eggs(f, { date_produced: shiftDay(today(), 1) }), id);
    expect(refused.statusCode).toBe(400);
    expect(await recordRow(id)).toBeUndefined();
    expect((await send(f, '/api/egg-productions', eggs(f), id)).statusCode).toBe(201);
  });

  it('answers concurrent copies of one capture with one record', async () => {
    const f = await farmer();
    const id = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(f, '/api/egg-productions', eggs(f), id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json<EggProduction>().id)).size).toBe(1);
    expect(await eggRows(f.farm.id)).toHaveLength(1);
  });
});

describe('every create a phone may capture offline', () => {
  type Case = [kind: string, prepare: (f: Farmer) => Promise<{ url: string; payload: object }>, recordId: (answer: never) => number];
  const byId = (a: { id: number }) => a.id;
  const cases: Case[] = [
    ['egg_production', async (f) => ({ url: '/api/egg-productions', payload: eggs(f) }), byId],
    ['egg_adjustment', async (f) => ({ url: '/api/egg-adjustments', payload: { flock_id: f.flock.id, date_adjusted: today(), adjustment_type: 'breakage', eggs_adjusted: 4 } }), byId],
    [
      'sale',
      async (f) => ({
        url: '/api/sales',
        payload: { flock_id: f.flock.id, category: 'Manure', product: 'Manure, 50 kg bags', quantity: 2, unit_price: 650, date: today(), sale_type: 'Cash', status: 'paid' },
      }),
      byId,
    ],
    ['expense', async (f) => ({ url: '/api/expenses', payload: expense(f) }), byId],
    [
      'stock_removal',
      async (f) => {
        const item = await app.inject({
          method: 'POST',
          url: '/api/inventory',
          headers: f.headers,
          payload: { item_name: 'Layers mash', flock_id: f.flock.id, quantity: 20, unit: 'bags', reorder_level: 5, cost_per_unit: 3_200 },
        });
        return { url: `/api/inventory/${item.json<{ id: number }>().id}/remove`, payload: { quantity: 2 } };
      },
      (a: { movement: { id: number } }) => a.movement.id,
    ],
    [
      'bird_count_change',
      async (f) => ({ url: `/api/flocks/${f.flock.id}/bird-count-changes`, payload: { change: -3, reason: 'mortality' } }),
      (a: { change: { id: number } }) => a.change.id,
    ],
    [
      'vaccination',
      async (f) => ({
        url: `/api/flocks/${f.flock.id}/vaccinations`,
        payload: { vaccine_name: 'Newcastle', date: toApiDateTime(new Date(Date.now() - 3_600_000)), status: 'Completed', mode_of_administration: 'Oral' },
      }),
      byId,
    ],
  ];
  it.each(cases)('%s: sent twice, recorded once, the id holding the record', async (kind, prepare, recordId) => {
    const f = await farmer();
    const { url, payload } = await prepare(f);
    const id = randomUUID();
    const first = await send(f, url, payload, id);
    expect(first.statusCode, first.body).toBeLessThan(300);
    const replay = await send(f, url, payload, id);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(first.body);
    expect(await recordRow(id)).toMatchObject({ kind, recordId: recordId(first.json<never>()) });
  });
});

describe('bad record headers', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['a record id that is not a UUID', { [CLIENT_RECORD_HEADERS.id]: 'egg-1' }, clientRecordMessages.badId],
    ['a capture time that is not one', { [CLIENT_RECORD_HEADERS.capturedAt]: 'yesterday' }, clientRecordMessages.badCapturedAt],
    ['a capture time without a zone', { [CLIENT_RECORD_HEADERS.capturedAt]: '2026-12-06T14:05:00' }, clientRecordMessages.badCapturedAt],
    ['a capture time an hour ahead', { [CLIENT_RECORD_HEADERS.capturedAt]: new Date(Date.now() + 3_600_000).toISOString() }, clientRecordMessages.capturedInFuture],
    [
      'a capture time past the queue’s limit',
      { [CLIENT_RECORD_HEADERS.capturedAt]: new Date(Date.now() - (CAPTURE_MAX_AGE_DAYS + 1) * 86_400_000).toISOString() },
      clientRecordMessages.capturedTooLongAgo,
    ],
    ['a device id with spaces', { [CLIENT_RECORD_HEADERS.device]: 'my phone' }, clientRecordMessages.badDevice],
  ];
  it.each(cases)('refuses %s with its message, and records nothing', async (_name, headers, message) => {
    const f = await farmer();
    const res = await app.inject({
      method: 'POST',
      url: '/api/egg-productions',
      headers: { ...f.headers, [CLIENT_RECORD_HEADERS.id]: randomUUID(), ...headers },
      payload: eggs(f),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message });
    expect(await eggRows(f.farm.id)).toHaveLength(0);
  });
});

describe("a capture judged by the farm's day it was captured on", () => {
  it('refuses eggs dated today that were captured yesterday at 23:50, and takes them dated yesterday', async () => {
    const f = await farmer();
    const yesterday = shiftDay(today(), -1);
    const captured = { [CLIENT_RECORD_HEADERS.capturedAt]: nairobi(yesterday, '23:50:00').toISOString() };
    const datedToday = await send(f, '/api/egg-productions', eggs(f, { date_produced: today() }), randomUUID(), captured);
    expect(datedToday.statusCode).toBe(400);
    expect(datedToday.json().error).toMatchObject({ message: eggMessages.dateInFuture });
    const datedThen = await send(f, '/api/egg-productions', eggs(f, { date_produced: yesterday }), randomUUID(), captured);
    expect(datedThen.statusCode).toBe(201);
  });

  it("takes an expense inside its window on the day it was captured, though outside it on the day it arrives", async () => {
    const f = await farmer();
    // Captured on the last evening of last month, dated the first day of the window then.
    const lastDay = shiftDay(`${today().slice(0, 7)}-01`, -1);
    const earliest = `${shiftMonth(lastDay.slice(0, 7), -6)}-01`;
    expect(isExpenseDateAllowed(earliest, lastDay)).toBe(true);
    expect(isExpenseDateAllowed(earliest, today())).toBe(false);
    const body = expense(f, { date: earliest });
    const now = await app.inject({ method: 'POST', url: '/api/expenses', headers: f.headers, payload: body });
    expect(now.statusCode).toBe(400);
    expect(now.json().error).toMatchObject({ message: expenseMessages.dateOutsideWindow });
    const captured = await send(f, '/api/expenses', body, randomUUID(), { [CLIENT_RECORD_HEADERS.capturedAt]: nairobi(lastDay, '20:15:00').toISOString() });
    expect(captured.statusCode).toBe(201);
    expect(FARM_ZONE).toBe('Africa/Nairobi');
  });
});

describe('any interleaving of sends and copies', () => {
  it('leaves one record per id', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat({ max: 4 }), { minLength: 1, maxLength: 12 }), fc.nat({ max: 3 }), async (picks, together) => {
        const f = await farmer();
        const ids = Array.from({ length: 5 }, () => randomUUID());
        // One record a flock a day (decision 024): each id its own day. Sends in the order picked, `together + 1` at a time: repeats, copies in flight and late replays.
        for (let i = 0; i < picks.length; i += together + 1) {
          const batch = picks.slice(i, i + together + 1);
          const answers = await Promise.all(batch.map((pick) => send(f, '/api/egg-productions', eggs(f, { eggs_collected: 100 + pick, date_produced: shiftDay(today(), -pick) }), ids[pick]!)));
          for (const answer of answers) expect([200, 201]).toContain(answer.statusCode);
        }
        const rows = await eggRows(f.farm.id);
        expect(rows).toHaveLength(new Set(picks).size);
        expect(rows.map((r) => r.eggsCollected).sort()).toEqual([...new Set(picks)].map((p) => 100 + p).sort());
      }),
      { numRuns: 12 },
    );
  });
});
