import { addDays, dayIn, weighingMessages as m, type Weighing, type WeighingList } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { flockBirdCountEvents, flocks, flockWeighings } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import * as factories from '../../test/factories.js';
import { addMember } from '../../test/factories.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;
const ZONE = 'Africa/Nairobi';
const daysAgo = (days: number) => dayIn(addDays(new Date(), -days), ZONE);

/** A batch of 500 broilers added 20 days ago. */
async function batch(overrides: Parameters<typeof factories.createFlock>[2] = {}) {
  const f = await factories.farmWithFlock(app, { name: 'Broilers 1', breed: 'Broilers', initial_bird_count: 500, bird_count: 500, ...overrides });
  const then = addDays(new Date(), -20);
  await app.db.update(flocks).set({ createdAt: then }).where(eq(flocks.id, f.flock.id));
  await app.db.update(flockBirdCountEvents).set({ createdAt: then }).where(eq(flockBirdCountEvents.flockId, f.flock.id));
  return f;
}

const post = (headers: Headers, flockId: number | string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/flocks/${flockId}/weighings`, headers, payload });
const stored = async (flockId: number) => app.db.select().from(flockWeighings).where(eq(flockWeighings.flockId, flockId));

describe('POST /api/flocks/:flockId/weighings', () => {
  it('records a sample weighing with its average', async () => {
    const f = await batch();
    const res = await post(f.headers, f.flock.id, { date: daysAgo(0), birds: 20, total_kg: '19.5' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Weighing>()).toMatchObject({ flock_id: f.flock.id, date: daysAgo(0), birds: 20, total_kg: 19.5, average_kg: 0.975 });
  });

  it.each([
    [{ birds: 0 }, 'birds', m.birdsWhole],
    [{ birds: 2.5 }, 'birds', m.birdsWhole],
    [{ birds: '' }, 'birds', m.birdsRequired],
    [{ birds: 501 }, 'birds', m.birdsPastFlock(500)],
    [{ total_kg: 0 }, 'total_kg', m.weightInvalid],
    [{ total_kg: -3 }, 'total_kg', m.weightInvalid],
    [{ total_kg: 1.2345 }, 'total_kg', m.weightInvalid],
    [{ total_kg: 'heavy' }, 'total_kg', m.weightInvalid],
    [{ total_kg: 250 }, 'total_kg', m.averageOutOfRange], // 12.5 kg a bird
    [{ date: daysAgo(-1) }, 'date', m.dateFuture],
    [{ date: daysAgo(30) }, 'date', m.dateBeforeFlock(daysAgo(20))],
    [{ date: 'yesterday' }, 'date', m.dateInvalid],
  ])('refuses %j and keeps nothing', async (change, field, message) => {
    const f = await batch();
    const res = await post(f.headers, f.flock.id, { date: daysAgo(0), birds: 20, total_kg: 19.5, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields[field]).toBe(message);
    expect(await stored(f.flock.id)).toEqual([]);
  });

  it('refuses an archived flock, another farm’s flock and an auditor; a worker weighs', async () => {
    const archived = await batch({ status: 'archived' });
    expect((await post(archived.headers, archived.flock.id, { date: daysAgo(0), birds: 20, total_kg: 19.5 })).statusCode).toBe(422);
    const f = await batch();
    const other = await batch();
    expect((await post(f.headers, other.flock.id, { date: daysAgo(0), birds: 20, total_kg: 19.5 })).statusCode).toBe(404);
    const auditor = await addMember(app, f.farm, 'auditor');
    expect((await post(auditor.headers, f.flock.id, { date: daysAgo(0), birds: 20, total_kg: 19.5 })).statusCode).toBe(403);
    expect(await stored(f.flock.id)).toEqual([]);
    expect(await stored(other.flock.id)).toEqual([]);
    const worker = await addMember(app, f.farm, 'worker');
    expect((await post(worker.headers, f.flock.id, { date: daysAgo(0), birds: 20, total_kg: 19.5 })).statusCode).toBe(201);
  });
});

describe('GET /api/flocks/:flockId/weighings and DELETE /api/weighings/:id', () => {
  it('lists the latest first and deletes one, the farm’s only', async () => {
    const f = await batch();
    for (const [days, kg] of [[14, 8], [7, 14], [0, 21]] as const) expect((await post(f.headers, f.flock.id, { date: daysAgo(days), birds: 20, total_kg: kg })).statusCode).toBe(201);
    const list = await app.inject({ method: 'GET', url: `/api/flocks/${f.flock.id}/weighings`, headers: f.headers });
    const items = list.json<WeighingList>().items;
    expect(items.map((w) => w.average_kg)).toEqual([1.05, 0.7, 0.4]);

    const other = await batch();
    expect((await app.inject({ method: 'DELETE', url: `/api/weighings/${items[0]!.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/flocks/${f.flock.id}/weighings`, headers: other.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/weighings/${items[0]!.id}`, headers: f.headers })).statusCode).toBe(204);
    expect((await stored(f.flock.id)).map((w) => w.id).sort()).toEqual([items[1]!.id, items[2]!.id].sort());
  });
});
