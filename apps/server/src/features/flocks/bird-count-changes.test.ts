import { randomUUID } from 'node:crypto';
import { BIRD_COUNT_NOTE_MAX, CLIENT_RECORD_HEADERS, flockMessages, type BirdCountChangeResult, type Flock } from '@kuku/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { flockBirdCountEvents, flocks } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { counterDrift } from '../../test/counters.js';
import { bearer, createFlock, createSession, createUser } from '../../test/factories.js';

// POST /api/flocks/:id/bird-count-changes: a change of the count that adds up with another phone's (decision 065).

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

async function farmer(birds = 100) {
  const owner = await createUser(app);
  const headers = bearer(await createSession(app, owner.user, owner.farm));
  const flock = await createFlock(app, owner, { initial_bird_count: birds, bird_count: birds });
  return { ...owner, headers, flock };
}

type Farmer = Awaited<ReturnType<typeof farmer>>;

const change = (f: Farmer, payload: object, headers: Record<string, string> = {}, flockId = f.flock.id) =>
  app.inject({ method: 'POST', url: `/api/flocks/${flockId}/bird-count-changes`, headers: { ...f.headers, ...headers }, payload });

const flockRow = async (id: number) => (await app.db.select().from(flocks).where(eq(flocks.id, id)))[0]!;
const events = (f: Farmer) =>
  app.db
    .select()
    .from(flockBirdCountEvents)
    .where(and(eq(flockBirdCountEvents.farmId, f.farm.id), eq(flockBirdCountEvents.flockId, f.flock.id)));

describe('POST /api/flocks/:id/bird-count-changes', () => {
  it('records three deaths: the count falls by 3, the deaths and the history count them, and the answer says so', async () => {
    const f = await farmer(100);
    const res = await change(f, { change: -3, reason: 'mortality', note: 'Found in house B' });
    expect(res.statusCode).toBe(201);
    const body = res.json<BirdCountChangeResult>();
    expect(body.change).toMatchObject({ flock_id: f.flock.id, reason: 'mortality', change: -3, count_after: 97, note: 'Found in house B' });
    expect(body.flock).toMatchObject<Partial<Flock>>({ id: f.flock.id, bird_count: 97 });
    expect(await flockRow(f.flock.id)).toMatchObject({ birdCount: 97, deaths: 3 });
    expect((await events(f)).map((e) => [e.reason, e.delta, e.countAfter])).toEqual([
      ['added', 100, 100],
      ['mortality', -3, 97],
    ]);
  });

  it('adds birds, and sells some, without counting deaths', async () => {
    const f = await farmer(50);
    expect((await change(f, { change: 20, reason: 'added' })).statusCode).toBe(201);
    expect((await change(f, { change: -10, reason: 'sold' })).statusCode).toBe(201);
    expect(await flockRow(f.flock.id)).toMatchObject({ birdCount: 60, deaths: 0 });
  });

  const bad: [string, object, string][] = [
    ['no change', { reason: 'mortality' }, flockMessages.changeRequired],
    ['a change of 0', { change: 0, reason: 'mortality' }, flockMessages.changeZero],
    ['half a bird', { change: -1.5, reason: 'mortality' }, flockMessages.countWhole],
    ['no reason', { change: -1 }, flockMessages.reasonRequired],
    ['an unknown reason', { change: -1, reason: 'eaten' }, flockMessages.reasonRequired],
    ['deaths that raise the count', { change: 4, reason: 'mortality' }, flockMessages.reasonLowers('Mortality (deaths)')],
    ['birds added that lower it', { change: -4, reason: 'added' }, flockMessages.reasonRaises],
    ['a note past its length', { change: -1, reason: 'mortality', note: 'x'.repeat(BIRD_COUNT_NOTE_MAX + 1) }, `A note must be at most ${BIRD_COUNT_NOTE_MAX} characters.`],
  ];
  it.each(bad)('refuses %s with its message, and changes nothing', async (_name, payload, message) => {
    const f = await farmer(100);
    const res = await change(f, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await flockRow(f.flock.id)).toMatchObject({ birdCount: 100, deaths: 0 });
    expect(await events(f)).toHaveLength(1);
  });

  it('refuses more deaths than the flock has birds (422), and changes nothing', async () => {
    const f = await farmer(5);
    const res = await change(f, { change: -6, reason: 'mortality' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'rule_broken', message: flockMessages.fewerBirdsThan('5'), fields: { change: flockMessages.fewerBirdsThan('5') } });
    expect(await flockRow(f.flock.id)).toMatchObject({ birdCount: 5 });
  });

  it("answers another farm's flock, and a flock that is not there, 404, and changes neither", async () => {
    const mine = await farmer(100);
    const theirs = await farmer(100);
    expect((await change(mine, { change: -1, reason: 'mortality' }, {}, theirs.flock.id)).statusCode).toBe(404);
    expect((await change(mine, { change: -1, reason: 'mortality' }, {}, 999_999_999)).statusCode).toBe(404);
    expect(await flockRow(theirs.flock.id)).toMatchObject({ birdCount: 100 });
  });

  it('adds up changes made at once: 20 phones each recording a death on a flock of 20 leave 0, and a 21st is refused', async () => {
    const f = await farmer(20);
    const answers = await Promise.all(Array.from({ length: 20 }, () => change(f, { change: -1, reason: 'mortality' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(20).fill(201));
    expect(await flockRow(f.flock.id)).toMatchObject({ birdCount: 0, deaths: 20 });
    expect(new Set(answers.map((a) => a.json<BirdCountChangeResult>().change.count_after)).size).toBe(20);
    expect((await change(f, { change: -1, reason: 'mortality' })).statusCode).toBe(422);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });

  it('records a change captured offline once, however often it is sent', async () => {
    const f = await farmer(100);
    const headers = { [CLIENT_RECORD_HEADERS.id]: randomUUID(), [CLIENT_RECORD_HEADERS.capturedAt]: new Date(Date.now() - 3_600_000).toISOString() };
    const first = await change(f, { change: -2, reason: 'mortality' }, headers);
    expect(first.statusCode).toBe(201);
    const replay = await change(f, { change: -2, reason: 'mortality' }, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(first.body);
    expect(await flockRow(f.flock.id)).toMatchObject({ birdCount: 98, deaths: 2 });
  });
});
