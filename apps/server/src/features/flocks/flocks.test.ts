import { FLOCK_HISTORY_WEEKS, flockMessages, type Flock, type FlockHistory, type FlockStats } from '@kuku/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { flockBirdCountEvents, flocks, users, vaccinations } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { addMember, bearer, createFlock, createSession, createUser } from '../../test/factories.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

/** A farm owner with a token: each test its own farm. */
async function farmer() {
  const owner = await createUser(app);
  const token = await createSession(app, owner.user, owner.farm);
  return { ...owner, token, headers: bearer(token) };
}

const good = { name: 'Layers house A', breed: 'Layers', age: 20, initial_bird_count: 500, bird_count: 480, status: 'active' };

async function flockRow(id: number) {
  const [row] = await app.db.select().from(flocks).where(eq(flocks.id, id));
  return row;
}

describe('POST /api/flocks', () => {
  it('adds a flock with its age group and a first history event', async () => {
    const f = await farmer();
    const res = await app.inject({ method: 'POST', url: '/api/flocks', headers: f.headers, payload: { ...good, name: '  Layers house A ' } });
    expect(res.statusCode).toBe(201);
    const flock = res.json<Flock>();
    expect(flock).toMatchObject({ name: 'Layers house A', breed: 'Layers', age: 20, age_group: 'Pullets', initial_bird_count: 500, bird_count: 480, status: 'active', mortality_rate: 0, health: 'Healthy' });
    const events = await app.db.select().from(flockBirdCountEvents).where(eq(flockBirdCountEvents.flockId, flock.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ reason: 'added', delta: 480, countAfter: 480, farmId: f.farm.id });
  });

  it.each([
    [{ name: '' }, 'name', flockMessages.nameRequired],
    [{ name: 'x'.repeat(81) }, 'name', flockMessages.nameTooLong],
    [{ breed: 'Kienyeji' }, 'breed', flockMessages.breedRequired],
    [{ age: -1 }, 'age', flockMessages.ageMin],
    [{ age: 2.5 }, 'age', flockMessages.ageWhole],
    [{ age: '10' }, 'age', flockMessages.ageRequired],
    [{ initial_bird_count: 0 }, 'initial_bird_count', flockMessages.initialCountMin],
    [{ bird_count: -3 }, 'bird_count', flockMessages.birdCountNegative],
    [{ bird_count: 1.5 }, 'bird_count', flockMessages.countWhole],
    [{ bird_count: 1e12 }, 'bird_count', flockMessages.countMax],
    [{ status: 'mature' }, 'status', flockMessages.statusRequired],
    [{ status: undefined }, 'status', flockMessages.statusRequired],
  ])('refuses %j with its message and adds nothing', async (change, field, message) => {
    const f = await farmer();
    const res = await app.inject({ method: 'POST', url: '/api/flocks', headers: f.headers, payload: { ...good, ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await app.db.select().from(flocks).where(eq(flocks.farmId, f.farm.id))).toHaveLength(0);
  });

  it("accepts the product's capitalised values in any case and stores one form", async () => {
    const f = await farmer();
    for (const [status, breed] of [['Active', 'Layers'], ['ACTIVE', 'BROILERS'], ['active', 'free range']]) {
      const res = await app.inject({ method: 'POST', url: '/api/flocks/', headers: f.headers, payload: { ...good, status, breed } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Flock>().status).toBe('active');
    }
    const stored = await app.db.select({ status: flocks.status, breed: flocks.breed }).from(flocks).where(eq(flocks.farmId, f.farm.id));
    expect(stored.map((r) => r.status)).toEqual(['active', 'active', 'active']);
    expect(stored.map((r) => r.breed).sort()).toEqual(['Broilers', 'Free Range', 'Layers']);
    const listed = await app.inject({ method: 'GET', url: '/api/flocks?status=Active', headers: f.headers });
    expect(listed.json<{ total: number }>().total).toBe(3);
  });

  it('ignores a farm_id in the body: the flock is always the caller’s', async () => {
    const other = await farmer();
    const f = await farmer();
    const res = await app.inject({ method: 'POST', url: '/api/flocks', headers: f.headers, payload: { ...good, farm_id: other.farm.id, user_id: other.user.id } });
    expect(res.statusCode).toBe(201);
    expect((await flockRow(res.json<Flock>().id))?.farmId).toBe(f.farm.id);
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/flocks', payload: good })).statusCode).toBe(401);
  });
});

describe('GET /api/flocks', () => {
  it('pages, searches, filters and sorts on the server, and never shows another farm', async () => {
    const f = await farmer();
    const other = await farmer();
    await createFlock(app, other, { name: 'Alpha of another farm' });
    for (const [name, breed, status] of [
      ['Alpha', 'Layers', 'active'],
      ['Bravo', 'Broilers', 'growing'],
      ['Charlie', 'Free Range', 'archived'],
    ] as const) {
      await createFlock(app, f, { name, breed, status });
    }
    const list = async (qs: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/flocks?${qs}`, headers: f.headers });
      expect(res.statusCode).toBe(200);
      return res.json<{ items: Flock[]; total: number; page: number; pageSize: number }>();
    };
    const all = await list('');
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    expect(all.items.map((x) => x.name)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect((await list('sort=name&order=desc&pageSize=2')).items.map((x) => x.name)).toEqual(['Charlie', 'Bravo']);
    expect((await list('sort=name&pageSize=2&page=2')).items.map((x) => x.name)).toEqual(['Charlie']);
    expect(await list('pageSize=2&page=9')).toMatchObject({ items: [], total: 3, page: 9 });
    expect((await list('q=broil')).items.map((x) => x.name)).toEqual(['Bravo']);
    expect((await list('q=%25')).total).toBe(0);
    expect((await list('status=archived')).items.map((x) => x.name)).toEqual(['Charlie']);
    // Totals: counted for a search, from the farm's rollup otherwise, also past the last page.
    expect(await list('q=a&pageSize=1')).toMatchObject({ total: 3 });
    expect(await list('q=alpha&page=5')).toMatchObject({ items: [], total: 1 });
    expect(await list('status=growing&pageSize=1')).toMatchObject({ total: 1 });
  });

  it.each(['page=0', 'pageSize=1000', 'sort=password', 'order=up', 'status=dead', 'page=abc'])('refuses ?%s', async (qs) => {
    const f = await farmer();
    const res = await app.inject({ method: 'GET', url: `/api/flocks?${qs}`, headers: f.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
  });
});

describe('GET /api/flocks/stats', () => {
  it('sums birds, counts flocks by status and weights mortality by bird count', async () => {
    const f = await farmer();
    const a = await createFlock(app, f, { initial_bird_count: 100, bird_count: 100 });
    await createFlock(app, f, { initial_bird_count: 300, bird_count: 300, status: 'growing' });
    await createFlock(app, f, { initial_bird_count: 50, bird_count: 50, status: 'archived' });
    // 10 deaths of 100 → 10 %, on 90 birds; the other flock 0 % on 300 birds.
    await app.inject({ method: 'PUT', url: `/api/flocks/${a.id}`, headers: f.headers, payload: { bird_count: 90, reason: 'mortality' } });
    const res = await app.inject({ method: 'GET', url: '/api/flocks/stats', headers: f.headers });
    expect(res.statusCode).toBe(200);
    const stats = res.json<FlockStats>();
    expect(stats).toEqual({
      total_flocks: 3,
      total_birds: 390,
      by_status: { active: 1, growing: 1, chicks: 0, mature: 0, archived: 1 },
      mortality_rate: Number(((90 * 10) / 390).toFixed(2)),
    });
  });

  it('keeps the farm rollup equal to a count of every flock through each kind of change', async () => {
    const f = await farmer();
    const stats = async () => (await app.inject({ method: 'GET', url: '/api/flocks/stats', headers: f.headers })).json<FlockStats>();
    // The same figures counted the slow way, straight from the flock rows.
    const counted = async (): Promise<FlockStats> => {
      const rows = await app.db.select().from(flocks).where(eq(flocks.farmId, f.farm.id));
      const live = rows.filter((r) => r.status !== 'archived');
      const birds = live.reduce((n, r) => n + r.birdCount, 0);
      const weighted = live.reduce((n, r) => n + (r.birdCount * r.deaths * 100) / r.initialBirdCount, 0);
      const byStatus = { active: 0, growing: 0, chicks: 0, mature: 0, archived: 0 };
      for (const r of rows) byStatus[r.status]++;
      return { total_flocks: rows.length, total_birds: birds, by_status: byStatus, mortality_rate: Number((birds ? weighted / birds : 0).toFixed(2)) };
    };
    const put = (id: number, payload: object) => app.inject({ method: 'PUT', url: `/api/flocks/${id}`, headers: f.headers, payload });
    const a = await createFlock(app, f, { initial_bird_count: 300, bird_count: 300 });
    const b = await createFlock(app, f, { initial_bird_count: 70, bird_count: 70, status: 'chicks' });
    const c = await createFlock(app, f, { initial_bird_count: 90, bird_count: 90, status: 'growing' });
    const steps = [
      () => put(a.id, { bird_count: 287, reason: 'mortality' }),
      () => put(a.id, { bird_count: 250, reason: 'sold' }),
      () => put(b.id, { status: 'growing' }),
      () => put(b.id, { bird_count: 61, reason: 'mortality' }),
      () => put(c.id, { status: 'archived' }),
      () => app.inject({ method: 'POST', url: `/api/flocks/${a.id}/vaccinations`, headers: f.headers, payload: { vaccine_name: 'Gumboro', date: '2030-01-01 08:00:00', status: 'Pending', mode_of_administration: 'Oral' } }),
      () => app.inject({ method: 'DELETE', url: `/api/flocks/${b.id}?everything=true&confirm_name=${encodeURIComponent(b.name)}`, headers: f.headers }),
    ];
    for (const step of steps) {
      expect((await step()).statusCode).toBeLessThan(300);
      expect(await stats()).toEqual(await counted());
    }
    const list = (await app.inject({ method: 'GET', url: '/api/flocks?pageSize=1', headers: f.headers })).json<{ total: number }>();
    expect(list.total).toBe(2);
    const vaccinationStats = (await app.inject({ method: 'GET', url: '/api/vaccinations/stats', headers: f.headers })).json<{ pending: number }>();
    expect(vaccinationStats.pending).toBe(1);
  });
});

describe('GET, PUT and DELETE /api/flocks/:id', () => {
  it('answers the flock; another farm’s id is 404; a malformed id 400', async () => {
    const f = await farmer();
    const other = await farmer();
    const mine = await createFlock(app, f);
    const theirs = await createFlock(app, other);
    expect((await app.inject({ method: 'GET', url: `/api/flocks/${mine.id}`, headers: f.headers })).json()).toMatchObject({ id: mine.id });
    const foreign = await app.inject({ method: 'GET', url: `/api/flocks/${theirs.id}`, headers: f.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(flockMessages.notFound);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await app.inject({ method: 'GET', url: `/api/flocks/${id}`, headers: f.headers })).statusCode).toBe(400);
    }
  });

  it('changes the bird count as an event; mortality raises the rate', async () => {
    const f = await farmer();
    const flock = await createFlock(app, f, { initial_bird_count: 200, bird_count: 200 });
    const res = await app.inject({ method: 'PUT', url: `/api/flocks/${flock.id}`, headers: f.headers, payload: { bird_count: 190, reason: 'mortality', note: 'heat stress' } });
    expect(res.statusCode).toBe(200);
    expect(res.json<Flock>()).toMatchObject({ bird_count: 190, mortality_rate: 5 });
    const sold = await app.inject({ method: 'PUT', url: `/api/flocks/${flock.id}`, headers: f.headers, payload: { bird_count: 150, reason: 'sold' } });
    expect(sold.json<Flock>()).toMatchObject({ bird_count: 150, mortality_rate: 5 });
    const events = await app.db
      .select()
      .from(flockBirdCountEvents)
      .where(and(eq(flockBirdCountEvents.flockId, flock.id), eq(flockBirdCountEvents.farmId, f.farm.id)));
    expect(events.map((e) => [e.reason, e.delta, e.countAfter, e.note])).toEqual([
      ['added', 200, 200, 'Flock added'],
      ['mortality', -10, 190, 'heat stress'],
      ['sold', -40, 150, null],
    ]);
  });

  it('saves a status at once', async () => {
    const f = await farmer();
    const flock = await createFlock(app, f);
    const res = await app.inject({ method: 'PUT', url: `/api/flocks/${flock.id}`, headers: f.headers, payload: { status: 'mature' } });
    expect(res.json<Flock>().status).toBe('mature');
  });

  it.each([
    [{ bird_count: -1 }, flockMessages.birdCountNegative],
    [{ bird_count: 2.5 }, flockMessages.countWhole],
    [{ status: 'dead' }, flockMessages.statusRequired],
    [{ bird_count: 5, reason: 'stolen' }, flockMessages.reasonRequired],
    [{ bird_count: 9999, reason: 'mortality' }, flockMessages.reasonLowers('Mortality (deaths)')],
    [{ bird_count: 50, reason: 'added' }, flockMessages.reasonRaises],
    [{}, flockMessages.nothingToUpdate],
  ])('refuses %j and changes nothing', async (payload, message) => {
    const f = await farmer();
    const flock = await createFlock(app, f);
    const res = await app.inject({ method: 'PUT', url: `/api/flocks/${flock.id}`, headers: f.headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await flockRow(flock.id)).toMatchObject({ birdCount: 100, status: 'active' });
  });

  it('leaves another farm’s flock unchanged (404)', async () => {
    const f = await farmer();
    const other = await farmer();
    const theirs = await createFlock(app, other);
    const put = await app.inject({ method: 'PUT', url: `/api/flocks/${theirs.id}`, headers: f.headers, payload: { bird_count: 1, status: 'archived' } });
    expect(put.statusCode).toBe(404);
    const del = await app.inject({ method: 'DELETE', url: `/api/flocks/${theirs.id}?everything=true`, headers: f.headers });
    expect(del.statusCode).toBe(404);
    expect(await flockRow(theirs.id)).toMatchObject({ birdCount: 100, status: 'active', farmId: other.farm.id });
  });

  it('deletes a flock without records, archives one with records unless everything is asked for', async () => {
    const f = await farmer();
    const fresh = await createFlock(app, f);
    const fresh1 = await app.inject({ method: 'DELETE', url: `/api/flocks/${fresh.id}`, headers: f.headers });
    expect(fresh1.json()).toEqual({ result: 'deleted' });
    expect(await flockRow(fresh.id)).toBeUndefined();

    const used = await createFlock(app, f);
    await app.inject({ method: 'PUT', url: `/api/flocks/${used.id}`, headers: f.headers, payload: { bird_count: 99, reason: 'mortality' } });
    expect((await app.inject({ method: 'DELETE', url: `/api/flocks/${used.id}`, headers: f.headers })).json()).toEqual({ result: 'archived' });
    expect((await flockRow(used.id))?.status).toBe('archived');

    expect((await app.inject({ method: 'DELETE', url: `/api/flocks/${used.id}?everything=true&confirm_name=${encodeURIComponent(used.name)}`, headers: f.headers })).json()).toEqual({ result: 'deleted' });
    expect(await flockRow(used.id)).toBeUndefined();
    expect(await app.db.select().from(flockBirdCountEvents).where(eq(flockBirdCountEvents.flockId, used.id))).toHaveLength(0);
  });

  it('answers 401 without a token on every flock route', async () => {
    for (const [method, url] of [
      ['GET', '/api/flocks'],
      ['GET', '/api/flocks/stats'],
      ['GET', '/api/flocks/1'],
      ['PUT', '/api/flocks/1'],
      ['DELETE', '/api/flocks/1'],
    ] as const) {
      expect((await app.inject({ method, url, payload: method === 'PUT' ? { status: 'active' } : undefined })).statusCode).toBe(401);
    }
  });
});

describe('events', () => {
  it('publishes each change to the farm, and only to it', async () => {
    const f = await farmer();
    const other = await farmer();
    const heard: unknown[] = [];
    const overheard: unknown[] = [];
    const stop = app.events.subscribe(f.farm.id, (e) => heard.push(e));
    const stopOther = app.events.subscribe(other.farm.id, (e) => overheard.push(e));
    const created = await app.inject({ method: 'POST', url: '/api/flocks', headers: f.headers, payload: good });
    const id = created.json<Flock>().id;
    await app.inject({ method: 'PUT', url: `/api/flocks/${id}`, headers: f.headers, payload: { status: 'growing' } });
    await app.inject({ method: 'POST', url: `/api/flocks/${id}/vaccinations`, headers: f.headers, payload: { vaccine_name: 'Gumboro', date: '2030-01-01 08:00:00', status: 'Pending', mode_of_administration: 'Oral' } });
    await app.inject({ method: 'DELETE', url: `/api/flocks/${id}?everything=true&confirm_name=${encodeURIComponent(good.name)}`, headers: f.headers });
    // A refused change publishes nothing.
    await app.inject({ method: 'PUT', url: `/api/flocks/${id}`, headers: f.headers, payload: { status: 'growing' } });
    stop();
    stopOther();
    expect(heard).toEqual([
      { type: 'flock', action: 'added', id },
      { type: 'flock', action: 'updated', id },
      { type: 'vaccination', action: 'added', id: expect.any(Number) },
      { type: 'flock', action: 'deleted', id },
    ]);
    expect(overheard).toEqual([]);
  });
});

describe('GET /api/flocks/:id/history', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

  /** Moves the flock's start and its first event into the past, as if added `days` ago. */
  async function backdate(id: number, days: number) {
    await app.db.update(flocks).set({ createdAt: daysAgo(days) }).where(eq(flocks.id, id));
    await app.db.update(flockBirdCountEvents).set({ createdAt: daysAgo(days) }).where(eq(flockBirdCountEvents.flockId, id));
  }

  /** A count change through the API (so the counters move with it), then dated `days` ago. */
  async function change(f: { headers: Record<string, string> }, id: number, birdCount: number, reason: string, days: number) {
    const res = await app.inject({ method: 'PUT', url: `/api/flocks/${id}`, headers: f.headers, payload: { bird_count: birdCount, reason } });
    expect(res.statusCode).toBe(200);
    const [last] = await app.db
      .select({ id: flockBirdCountEvents.id })
      .from(flockBirdCountEvents)
      .where(eq(flockBirdCountEvents.flockId, id))
      .orderBy(desc(flockBirdCountEvents.id))
      .limit(1);
    await app.db.update(flockBirdCountEvents).set({ createdAt: daysAgo(days) }).where(eq(flockBirdCountEvents.id, last?.id ?? 0));
  }

  /** Monday of this week in Nairobi (UTC+3 all year), as the farm sees it. */
  function mondayInNairobi(weeksBack: number): string {
    const local = new Date(Date.now() + 3 * 60 * 60 * 1000);
    const monday = new Date(local.getTime() - ((local.getUTCDay() + 6) % 7) * DAY - weeksBack * 7 * DAY);
    return monday.toISOString().slice(0, 10);
  }

  async function history(f: { headers: Record<string, string> }, id: number | string) {
    return app.inject({ method: 'GET', url: `/api/flocks/${id}/history`, headers: f.headers });
  }

  it('answers one row a week: count at week end, deaths, running mortality rate, vaccinations due and done', async () => {
    const f = await farmer();
    const flock = await createFlock(app, f, { initial_bird_count: 200, bird_count: 200 });
    await backdate(flock.id, 21);
    await change(f, flock.id, 190, 'mortality', 14);
    await change(f, flock.id, 150, 'sold', 7);
    await change(f, flock.id, 145, 'mortality', 0);
    const dose = { farmId: f.farm.id, flockId: flock.id, createdBy: f.user.id, mode: 'Oral' as const, date: daysAgo(14) };
    await app.db.insert(vaccinations).values([
      { ...dose, vaccineName: 'Gumboro', status: 'Completed' },
      { ...dose, vaccineName: 'Newcastle', status: 'Pending' },
      { ...dose, vaccineName: 'Fowl pox', status: 'Cancelled' },
    ]);

    const res = await history(f, flock.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<FlockHistory>()).toEqual({
      flock_id: flock.id,
      weeks: [
        { week_start: mondayInNairobi(3), bird_count: 200, deaths: 0, mortality_rate: 0, vaccinations_due: 0, vaccinations_done: 0 },
        { week_start: mondayInNairobi(2), bird_count: 190, deaths: 10, mortality_rate: 5, vaccinations_due: 2, vaccinations_done: 1 },
        { week_start: mondayInNairobi(1), bird_count: 150, deaths: 0, mortality_rate: 5, vaccinations_due: 0, vaccinations_done: 0 },
        { week_start: mondayInNairobi(0), bird_count: 145, deaths: 5, mortality_rate: 7.5, vaccinations_due: 0, vaccinations_done: 0 },
      ],
    });
  });

  it(`looks back at most ${FLOCK_HISTORY_WEEKS} weeks, carrying older deaths into the rate`, async () => {
    const f = await farmer();
    const flock = await createFlock(app, f, { initial_bird_count: 100, bird_count: 100 });
    await backdate(flock.id, 2 * 365);
    await change(f, flock.id, 90, 'mortality', 60 * 7);

    const { weeks } = (await history(f, flock.id)).json<FlockHistory>();
    expect(weeks).toHaveLength(FLOCK_HISTORY_WEEKS);
    expect(weeks[0]?.week_start).toBe(mondayInNairobi(FLOCK_HISTORY_WEEKS - 1));
    expect(weeks.at(-1)?.week_start).toBe(mondayInNairobi(0));
    expect(new Set(weeks.map((w) => `${w.bird_count}/${w.deaths}/${w.mortality_rate}`))).toEqual(new Set(['90/0/10']));
  });

  it('a new flock has its current week only', async () => {
    const f = await farmer();
    const flock = await createFlock(app, f, { initial_bird_count: 50, bird_count: 40 });
    expect((await history(f, flock.id)).json<FlockHistory>().weeks).toEqual([
      { week_start: mondayInNairobi(0), bird_count: 40, deaths: 0, mortality_rate: 0, vaccinations_due: 0, vaccinations_done: 0 },
    ]);
  });

  it("is 404 for another farm's flock or an unknown one, 400 for a malformed id, 401 without a token", async () => {
    const f = await farmer();
    const other = await farmer();
    const theirs = await createFlock(app, other);
    for (const id of [theirs.id, 2_000_000_000]) {
      const res = await history(f, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(flockMessages.notFound);
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await history(f, id)).statusCode).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: `/api/flocks/${theirs.id}/history` })).statusCode).toBe(401);
  });
});

describe('who added and last changed a flock', () => {
  it("answers the adder's name, then a second member's change as the last one, in the list and the flock", async () => {
    const f = await farmer();
    const created = await app.inject({ method: 'POST', url: '/api/flocks', headers: f.headers, payload: good });
    const flock = created.json<Flock>();
    expect(flock).toMatchObject({ created_by_name: f.user.username, updated_by_name: f.user.username });

    const manager = await addMember(app, f.farm, 'manager');
    const changed = await app.inject({ method: 'PUT', url: `/api/flocks/${flock.id}`, headers: manager.headers, payload: { bird_count: 470, reason: 'mortality' } });
    expect(changed.json<Flock>()).toMatchObject({ created_by_name: f.user.username, updated_by_name: manager.user.username });
    expect(await flockRow(flock.id)).toMatchObject({ createdBy: f.user.id, updatedBy: manager.user.id });

    const one = await app.inject({ method: 'GET', url: `/api/flocks/${flock.id}`, headers: f.headers });
    expect(one.json<Flock>()).toMatchObject({ created_by_name: f.user.username, updated_by_name: manager.user.username });
    const list = await app.inject({ method: 'GET', url: '/api/flocks', headers: f.headers });
    expect(list.json<{ items: Flock[] }>().items).toEqual([expect.objectContaining({ id: flock.id, created_by_name: f.user.username, updated_by_name: manager.user.username })]);

    // A removed account leaves its records: its name is null (the screen says "A former member").
    await app.db.delete(users).where(eq(users.id, manager.user.id));
    const after = await app.inject({ method: 'GET', url: '/api/flocks', headers: f.headers });
    expect(after.json<{ items: Flock[] }>().items[0]).toMatchObject({ created_by_name: f.user.username, updated_by_name: null });
  });
});
