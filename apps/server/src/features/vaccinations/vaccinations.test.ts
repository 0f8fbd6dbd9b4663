import {
  rescheduleMessages,
  STANDARD_SCHEDULE,
  STANDARD_VACCINE_LABELS,
  toApiDateTime,
  vaccinationMessages,
  type Vaccination,
  type VaccinationStats,
} from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { vaccinations } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { addMember, bearer, createFlock, createSession, createUser } from '../../test/factories.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => toApiDateTime(new Date(Date.now() + days * DAY));

async function farmWithFlock() {
  const owner = await createUser(app);
  const headers = bearer(await createSession(app, owner.user, owner.farm));
  const flock = await createFlock(app, owner);
  return { ...owner, headers, flock };
}

const add = (headers: Record<string, string>, flockId: number, payload: object) =>
  app.inject({ method: 'POST', url: `/api/flocks/${flockId}/vaccinations`, headers, payload });

const good = { vaccine_name: 'Newcastle', date: inDays(3), status: 'Pending', mode_of_administration: 'Oral', user_id: 999, flock_id: 999 };

async function rows(flockId: number) {
  return app.db.select().from(vaccinations).where(eq(vaccinations.flockId, flockId));
}

describe('POST /api/flocks/:flockId/vaccinations', () => {
  it('schedules a vaccination for the flock of the route, ignoring ids in the body', async () => {
    const f = await farmWithFlock();
    const res = await add(f.headers, f.flock.id, good);
    expect(res.statusCode).toBe(201);
    expect(res.json<Vaccination>()).toMatchObject({
      flock_id: f.flock.id,
      flock_name: f.flock.name,
      user_id: f.user.id,
      vaccine_name: 'Newcastle',
      status: 'Pending',
      mode_of_administration: 'Oral',
      due: 'due_soon',
    });
  });

  it.each([
    [{ vaccine_name: ' ' }, 'vaccine_name', vaccinationMessages.vaccineNameRequired],
    [{ mode_of_administration: 'Drinking Water' }, 'mode_of_administration', vaccinationMessages.selectMode],
    [{ mode_of_administration: undefined }, 'mode_of_administration', vaccinationMessages.selectMode],
    [{ date: '2026-02-30 10:00:00' }, 'date', vaccinationMessages.dateInvalid],
    [{ date: '2026-13-01 10:00:00' }, 'date', vaccinationMessages.dateInvalid],
    [{ date: 'tomorrow' }, 'date', vaccinationMessages.dateInvalid],
    [{ status: 'Cancelled' }, 'status', vaccinationMessages.statusRequired],
    [{ status: 'Completed', date: inDays(2) }, 'status', vaccinationMessages.futureMustBePending],
  ])('refuses %j with its message, adding nothing', async (change, field, message) => {
    const f = await farmWithFlock();
    const res = await add(f.headers, f.flock.id, { ...good, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await rows(f.flock.id)).toHaveLength(0);
  });

  it('accepts Completed for a past date', async () => {
    const f = await farmWithFlock();
    const res = await add(f.headers, f.flock.id, { ...good, status: 'Completed', date: inDays(-2) });
    expect(res.json<Vaccination>()).toMatchObject({ status: 'Completed', due: 'done' });
  });

  it('refuses a flock of another farm with 404 and adds nothing', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const res = await add(f.headers, other.flock.id, good);
    expect(res.statusCode).toBe(404);
    expect(await rows(other.flock.id)).toHaveLength(0);
  });
});

describe('lists and statistics', () => {
  it('lists one flock or all, with due states, and counts them in SQL', async () => {
    const f = await farmWithFlock();
    const second = await createFlock(app, f, { name: 'Second' });
    await add(f.headers, f.flock.id, { ...good, vaccine_name: 'Overdue one', date: inDays(-3) });
    await add(f.headers, f.flock.id, { ...good, vaccine_name: 'Soon', date: inDays(2) });
    await add(f.headers, second.id, { ...good, vaccine_name: 'Later', date: inDays(30) });
    await add(f.headers, second.id, { ...good, vaccine_name: 'Done', date: inDays(-10), status: 'Completed' });
    const other = await farmWithFlock();
    await add(other.headers, other.flock.id, good);

    const all = await app.inject({ method: 'GET', url: '/api/vaccinations?sort=date', headers: f.headers });
    const page = all.json<{ items: Vaccination[]; total: number }>();
    expect(page.total).toBe(4);
    expect(page.items.map((v) => [v.vaccine_name, v.due])).toEqual([
      ['Done', 'done'],
      ['Overdue one', 'overdue'],
      ['Soon', 'due_soon'],
      ['Later', 'upcoming'],
    ]);
    const one = await app.inject({ method: 'GET', url: `/api/flocks/${second.id}/vaccinations`, headers: f.headers });
    expect(one.json<{ total: number }>().total).toBe(2);

    const stats = await app.inject({ method: 'GET', url: '/api/vaccinations/stats', headers: f.headers });
    expect(stats.json<VaccinationStats>()).toEqual({ scheduled: 4, pending: 3, completed: 1, cancelled: 0, overdue: 1, due_within_7_days: 1 });
    const flockStats = await app.inject({ method: 'GET', url: `/api/vaccinations/stats?flock_id=${f.flock.id}`, headers: f.headers });
    expect(flockStats.json<VaccinationStats>()).toMatchObject({ scheduled: 2, overdue: 1, due_within_7_days: 1 });

    for (const url of [`/api/flocks/${other.flock.id}/vaccinations`, `/api/vaccinations/stats?flock_id=${other.flock.id}`, `/api/vaccinations?flock_id=${other.flock.id}`]) {
      expect((await app.inject({ method: 'GET', url, headers: f.headers })).statusCode).toBe(404);
    }
  });
});

describe('the history list', () => {
  it("pages every filter the same as the rows say, its total from the counters matching a count", async () => {
    const f = await farmWithFlock();
    const second = await createFlock(app, f, { name: 'Second' });
    const made: Vaccination[] = [];
    for (const [flockId, name, days, status] of [
      [f.flock.id, 'Newcastle', -20, 'Completed'],
      [f.flock.id, 'Gumboro', -5, 'Pending'],
      [f.flock.id, 'Newcastle booster', 3, 'Pending'],
      [second.id, 'Fowl pox', -8, 'Completed'],
      [second.id, 'Newcastle', 12, 'Pending'],
      [second.id, 'Marek', 40, 'Pending'],
    ] as const) {
      made.push((await add(f.headers, flockId, { ...good, vaccine_name: name, date: inDays(days), status })).json<Vaccination>());
    }
    const cancelled = made[5]!;
    await app.inject({ method: 'PUT', url: `/api/flocks/${second.id}/vaccinations/${cancelled.id}`, headers: f.headers, payload: { status: 'Cancelled' } });
    const other = await farmWithFlock();
    await add(other.headers, other.flock.id, { ...good, vaccine_name: 'Newcastle' });

    const list = async (query: string) =>
      (await app.inject({ method: 'GET', url: `/api/vaccinations?${query}`, headers: f.headers })).json<{ items: Vaccination[]; total: number }>();
    const everything = (await list('pageSize=100&sort=date')).items;
    expect(everything).toHaveLength(6);
    expect(everything.map((v) => [v.flock_id, v.flock_name])).toEqual(
      everything.map((v) => (v.flock_id === second.id ? [second.id, 'Second'] : [f.flock.id, f.flock.name])),
    );
    for (const flockId of [undefined, f.flock.id, second.id]) {
      for (const status of [undefined, 'Pending', 'Completed', 'Cancelled'] as const) {
        for (const q of [undefined, 'newcastle', 'second']) {
          const expected = everything.filter(
            (v) =>
              (flockId === undefined || v.flock_id === flockId) &&
              (status === undefined || v.status === status) &&
              (q === undefined || `${v.vaccine_name} ${v.flock_name}`.toLowerCase().includes(q)),
          );
          const params = new URLSearchParams({ pageSize: '2', sort: 'date', order: 'desc' });
          if (flockId) params.set('flock_id', String(flockId));
          if (status) params.set('status', status);
          if (q) params.set('q', q);
          const first = await list(`${params}`);
          const shape = `flock ${flockId ?? 'all'}, ${status ?? 'any status'}, search ${q ?? 'none'}`;
          expect(first.total, shape).toBe(expected.length);
          expect(first.items.map((v) => v.id), shape).toEqual(expected.reverse().slice(0, 2).map((v) => v.id));
          params.set('page', '9');
          expect(await list(`${params}`), `${shape}, past the end`).toMatchObject({ items: [], total: expected.length });
        }
      }
    }
  });
});

describe('PUT and DELETE /api/flocks/:flockId/vaccinations/:id', () => {
  it('moves Pending to Completed and back; refuses Completed in the future; Cancelled is final', async () => {
    const f = await farmWithFlock();
    const past = (await add(f.headers, f.flock.id, { ...good, date: inDays(-1) })).json<Vaccination>();
    const url = `/api/flocks/${f.flock.id}/vaccinations/${past.id}`;
    expect((await app.inject({ method: 'PUT', url, headers: f.headers, payload: { status: 'Completed' } })).json()).toMatchObject({ status: 'Completed' });
    expect((await app.inject({ method: 'PUT', url, headers: f.headers, payload: { status: 'pending' } })).json()).toMatchObject({ status: 'Pending' });

    const future = (await add(f.headers, f.flock.id, good)).json<Vaccination>();
    const refused = await app.inject({ method: 'PUT', url: `/api/flocks/${f.flock.id}/vaccinations/${future.id}`, headers: f.headers, payload: { status: 'Completed' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(vaccinationMessages.futureMustBePending);

    await app.inject({ method: 'PUT', url, headers: f.headers, payload: { status: 'Cancelled' } });
    const final = await app.inject({ method: 'PUT', url, headers: f.headers, payload: { status: 'Pending' } });
    expect(final.statusCode).toBe(422);
    expect(final.json().error.message).toBe(vaccinationMessages.cancelledIsFinal);
    expect((await app.inject({ method: 'PUT', url, headers: f.headers, payload: { status: 'Done' } })).statusCode).toBe(400);
  });

  it('deletes; another farm’s vaccination is 404 and stays', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const mine = (await add(f.headers, f.flock.id, good)).json<Vaccination>();
    const theirs = (await add(other.headers, other.flock.id, good)).json<Vaccination>();
    const foreignPut = await app.inject({ method: 'PUT', url: `/api/flocks/${other.flock.id}/vaccinations/${theirs.id}`, headers: f.headers, payload: { status: 'Cancelled' } });
    expect(foreignPut.statusCode).toBe(404);
    // Own flock in the path, another farm's vaccination id: still not found.
    expect((await app.inject({ method: 'DELETE', url: `/api/flocks/${f.flock.id}/vaccinations/${theirs.id}`, headers: f.headers })).statusCode).toBe(404);
    expect((await rows(other.flock.id))[0]).toMatchObject({ status: 'Pending' });
    expect((await app.inject({ method: 'DELETE', url: `/api/flocks/${f.flock.id}/vaccinations/${mine.id}`, headers: f.headers })).statusCode).toBe(204);
    expect(await rows(f.flock.id)).toHaveLength(0);
  });
});

describe('reschedule: PUT with a new date', () => {
  const put = (headers: Record<string, string>, flockId: number, id: number, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/flocks/${flockId}/vaccinations/${id}`, headers, payload });

  it('moves an overdue pending vaccination to a later day, still pending', async () => {
    const f = await farmWithFlock();
    const late = (await add(f.headers, f.flock.id, { ...good, date: inDays(-4) })).json<Vaccination>();
    const when = inDays(2);
    const res = await put(f.headers, f.flock.id, late.id, { status: 'Pending', date: when });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Vaccination>()).toMatchObject({ status: 'Pending', due: 'due_soon', date: `${when.replace(' ', 'T')}.000Z` });
  });

  it.each([
    ['a day before today', { status: 'Pending', date: inDays(-3) }, 'date', rescheduleMessages.past],
    ['moved and completed at once', { status: 'Completed', date: inDays(3) }, 'date', rescheduleMessages.onlyPending],
    ['not a date', { status: 'Pending', date: 'next week' }, 'date', vaccinationMessages.dateInvalid],
  ])('refuses %s with its message, changing nothing', async (_what, payload, field, message) => {
    const f = await farmWithFlock();
    const late = (await add(f.headers, f.flock.id, { ...good, date: inDays(-1) })).json<Vaccination>();
    const res = await put(f.headers, f.flock.id, late.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect((await rows(f.flock.id))[0]?.date.toISOString()).toBe(late.date);
  });

  it('refuses to move a done vaccination; the same date is no move', async () => {
    const f = await farmWithFlock();
    const done = (await add(f.headers, f.flock.id, { ...good, status: 'Completed', date: inDays(-2) })).json<Vaccination>();
    const moved = await put(f.headers, f.flock.id, done.id, { status: 'Completed', date: inDays(-1) });
    expect(moved.json().error.message).toBe(rescheduleMessages.onlyPending);
    const same = await put(f.headers, f.flock.id, done.id, { status: 'Completed', date: done.date.slice(0, 19).replace('T', ' ') });
    expect(same.statusCode, same.body).toBe(200);
  });

  it("is 404 for another farm's vaccination, which stays", async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const theirs = (await add(other.headers, other.flock.id, { ...good, date: inDays(-1) })).json<Vaccination>();
    expect((await put(f.headers, other.flock.id, theirs.id, { status: 'Pending', date: inDays(3) })).statusCode).toBe(404);
    expect((await rows(other.flock.id))[0]?.date.toISOString()).toBe(theirs.date);
  });
});

describe('the history filters and the overdue-first order', () => {
  const list = async (headers: Record<string, string>, query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/vaccinations?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ items: Vaccination[]; total: number }>();
    return { names: page.items.map((v) => v.vaccine_name), total: page.total };
  };

  it('filters overdue and due this week, counts them, and sorts the pending first, the oldest on top', async () => {
    const f = await farmWithFlock();
    await add(f.headers, f.flock.id, { ...good, vaccine_name: 'Late 2', date: inDays(-2) });
    await add(f.headers, f.flock.id, { ...good, vaccine_name: 'Late 9', date: inDays(-9) });
    await add(f.headers, f.flock.id, { ...good, vaccine_name: 'Soon', date: inDays(3) });
    await add(f.headers, f.flock.id, { ...good, vaccine_name: 'Later', date: inDays(20) });
    await add(f.headers, f.flock.id, { ...good, vaccine_name: 'Given', status: 'Completed', date: inDays(-1) });
    await add(f.headers, f.flock.id, { ...good, vaccine_name: 'Given long ago', status: 'Completed', date: inDays(-30) });

    expect(await list(f.headers, 'due=overdue&sort=due')).toEqual({ names: ['Late 9', 'Late 2'], total: 2 });
    expect(await list(f.headers, 'due=WEEK')).toEqual({ names: ['Soon'], total: 1 });
    expect(await list(f.headers, 'sort=due')).toEqual({ names: ['Late 9', 'Late 2', 'Soon', 'Later', 'Given', 'Given long ago'], total: 6 });
    expect(await list(f.headers, 'status=Completed&sort=due')).toEqual({ names: ['Given', 'Given long ago'], total: 2 });
    expect(await list(f.headers, `due=overdue&flock_id=${f.flock.id}&pageSize=1&order=desc`)).toEqual({ names: ['Late 2'], total: 2 });
  });

  it('refuses an unknown due filter with its message', async () => {
    const f = await farmWithFlock();
    const res = await app.inject({ method: 'GET', url: '/api/vaccinations?due=soonish', headers: f.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(vaccinationMessages.dueFilterInvalid);
  });

  it("never counts another farm's overdue vaccinations", async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    await add(other.headers, other.flock.id, { ...good, date: inDays(-2) });
    expect(await list(f.headers, 'due=overdue')).toEqual({ names: [], total: 0 });
  });
});

describe('POST /api/flocks/:flockId/vaccinations/standard-schedule', () => {
  it('dates ticked vaccines from the flock creation, Pending, and adds nothing twice', async () => {
    const f = await farmWithFlock();
    const url = `/api/flocks/${f.flock.id}/vaccinations/standard-schedule`;
    const items = [
      { index: 0, mode: '1m' },
      { index: 5, mode: 'Wing Stab' },
    ];
    const first = await app.inject({ method: 'POST', url, headers: f.headers, payload: { items } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ created: 2, skipped: 0 });
    const again = await app.inject({ method: 'POST', url, headers: f.headers, payload: { items: [...items, { index: 2, mode: 'Drinking Water' }] } });
    expect(again.json()).toEqual({ created: 1, skipped: 2 });

    const created = (await rows(f.flock.id)).sort((a, b) => a.date.getTime() - b.date.getTime());
    const flockCreated = new Date(f.flock.created_at).getTime();
    expect(created.map((v) => [v.vaccineName, v.status, v.mode, (v.date.getTime() - flockCreated) / DAY])).toEqual([
      [STANDARD_SCHEDULE[0].vaccine, 'Pending', '1m', 0],
      [STANDARD_SCHEDULE[2].vaccine, 'Pending', 'Drinking Water', 13],
      [STANDARD_SCHEDULE[5].vaccine, 'Pending', 'Wing Stab', 41],
    ]);
  });

  it('writes the vaccines’ names in the language of whoever applies the schedule', async () => {
    const f = await farmWithFlock();
    const url = `/api/flocks/${f.flock.id}/vaccinations/standard-schedule`;
    const dewormer = STANDARD_SCHEDULE.findIndex((entry) => entry.vaccine === 'Dewormer');
    const res = await app.inject({ method: 'POST', url, headers: { ...f.headers, 'accept-language': 'sw' }, payload: { items: [{ index: dewormer, mode: 'Drinking Water' }] } });
    expect(res.statusCode).toBe(201);
    const [made] = await rows(f.flock.id);
    expect(made?.vaccineName).toBe(wordsIn('sw', STANDARD_VACCINE_LABELS).Dewormer);
    expect(made?.vaccineName).not.toBe('Dewormer');
  });

  it.each([
    [{ items: [] }],
    [{ items: [{ index: 99, mode: '1m' }] }],
    [{ items: [{ index: 0, mode: 'Injection' }] }],
    [{ items: [{ index: 0 }] }],
  ])('refuses %j', async (payload) => {
    const f = await farmWithFlock();
    const res = await app.inject({ method: 'POST', url: `/api/flocks/${f.flock.id}/vaccinations/standard-schedule`, headers: f.headers, payload });
    expect(res.statusCode).toBe(400);
    expect(await rows(f.flock.id)).toHaveLength(0);
  });

  it('refuses another farm’s flock', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const res = await app.inject({ method: 'POST', url: `/api/flocks/${other.flock.id}/vaccinations/standard-schedule`, headers: f.headers, payload: { items: [{ index: 0, mode: '1m' }] } });
    expect(res.statusCode).toBe(404);
    expect(await rows(other.flock.id)).toHaveLength(0);
  });

  it('answers 401 without a token on every vaccination route', async () => {
    for (const [method, url] of [
      ['GET', '/api/vaccinations'],
      ['GET', '/api/vaccinations/stats'],
      ['GET', '/api/flocks/1/vaccinations'],
      ['POST', '/api/flocks/1/vaccinations'],
      ['POST', '/api/flocks/1/vaccinations/standard-schedule'],
      ['PUT', '/api/flocks/1/vaccinations/1'],
      ['DELETE', '/api/flocks/1/vaccinations/1'],
    ] as const) {
      expect((await app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} })).statusCode).toBe(401);
    }
  });
});

describe('statistics counters', () => {
  it('follow every change: add, status changes, delete, the standard schedule', async () => {
    const f = await farmWithFlock();
    const h = f.headers;
    const a = (await add(h, f.flock.id, { ...good, date: inDays(-1) })).json<Vaccination>();
    const b = (await add(h, f.flock.id, { ...good, date: inDays(-2) })).json<Vaccination>();
    await add(h, f.flock.id, { ...good, date: inDays(-3), status: 'Completed' });
    const base = `/api/flocks/${f.flock.id}/vaccinations`;
    await app.inject({ method: 'PUT', url: `${base}/${a.id}`, headers: h, payload: { status: 'Completed' } });
    await app.inject({ method: 'PUT', url: `${base}/${b.id}`, headers: h, payload: { status: 'Cancelled' } });
    await app.inject({ method: 'DELETE', url: `${base}/${a.id}`, headers: h });
    await app.inject({ method: 'POST', url: `${base}/standard-schedule`, headers: h, payload: { items: [{ index: 7, mode: 'Drinking Water' }] } });
    // A refused change moves no counter.
    await app.inject({ method: 'PUT', url: `${base}/${b.id}`, headers: h, payload: { status: 'Pending' } });

    const stats = (await app.inject({ method: 'GET', url: '/api/vaccinations/stats', headers: h })).json<VaccinationStats>();
    const stored = await rows(f.flock.id);
    const byStatus = (s: string) => stored.filter((v) => v.status === s).length;
    expect(stats).toMatchObject({
      scheduled: stored.length,
      pending: byStatus('Pending'),
      completed: byStatus('Completed'),
      cancelled: byStatus('Cancelled'),
    });
    expect(stats).toMatchObject({ scheduled: 3, pending: 1, completed: 1, cancelled: 1 });
  });
});

describe('who added and last changed a vaccination', () => {
  it("answers the adder's name, then a second member's change as the last one, in the answer and the list", async () => {
    const f = await farmWithFlock();
    const added = (await add(f.headers, f.flock.id, { ...good, date: inDays(-1) })).json<Vaccination>();
    expect(added).toMatchObject({ created_by_name: f.user.username, updated_by_name: f.user.username });

    const manager = await addMember(app, f.farm, 'manager');
    const url = `/api/flocks/${f.flock.id}/vaccinations/${added.id}`;
    const changed = await app.inject({ method: 'PUT', url, headers: manager.headers, payload: { status: 'Completed' } });
    expect(changed.json<Vaccination>()).toMatchObject({ created_by_name: f.user.username, updated_by_name: manager.user.username });
    expect((await rows(f.flock.id))[0]).toMatchObject({ createdBy: f.user.id, updatedBy: manager.user.id });

    const list = await app.inject({ method: 'GET', url: `/api/flocks/${f.flock.id}/vaccinations`, headers: f.headers });
    expect(list.json<{ items: Vaccination[] }>().items).toEqual([
      expect.objectContaining({ id: added.id, created_by_name: f.user.username, updated_by_name: manager.user.username }),
    ]);
  });
});
