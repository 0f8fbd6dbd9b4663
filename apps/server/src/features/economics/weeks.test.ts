import { addDays, breedGuideWords, dayIn, flockMessages, notificationTexts, type EconomicsWeeks } from '@kuku/domain';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { flockBirdCountEvents, flocks, notifications } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import * as factories from '../../test/factories.js';
import { addMember } from '../../test/factories.js';

/**
 * Decision 073: a flock's weeks of life beside its breed guide, summed in SQL, and the hourly job
 * telling a flock whose last full week fell below its guide. The flocks here came 10 days ago:
 * their first week of age is full (days 10 to 4 ago), the next under way (days 3 ago to today).
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;
const ZONE = 'Africa/Nairobi';

/** The flock and its first count moved back `days` days from `now`, as if it came then. */
async function addedDaysBefore(flockId: number, days: number, now = new Date()) {
  const then = addDays(now, -days);
  await app.db.update(flocks).set({ createdAt: then }).where(eq(flocks.id, flockId));
  await app.db.update(flockBirdCountEvents).set({ createdAt: then }).where(eq(flockBirdCountEvents.flockId, flockId));
}

async function farmWithFlock(overrides: Parameters<typeof factories.createFlock>[2] = {}, now = new Date()) {
  const f = await factories.farmWithFlock(app, { name: 'Layers A', age: 30, ...overrides });
  await addedDaysBefore(f.flock.id, 10, now);
  return f;
}

async function send(headers: Headers, url: string, payload: object) {
  const res = await app.inject({ method: 'POST', url, headers, payload });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
  return res.json<{ id: number }>();
}

async function eggs(headers: Headers, flockId: number, days: string[], count: number) {
  for (const day of days) await send(headers, '/api/egg-productions', { flock_id: flockId, date_produced: day, eggs_collected: count });
}

async function feedItem(headers: Headers, flockId: number, unit: 'bags' | 'kg' = 'bags') {
  return send(headers, '/api/inventory', {
    item_name: `Feed ${flockId}`,
    flock_id: flockId,
    quantity: 5_000,
    unit,
    reorder_level: 1,
    cost_per_unit: unit === 'bags' ? 3_000 : 70,
    kind: 'feed',
    ...(unit === 'bags' ? { unit_weight_kg: 50 } : {}),
  });
}

const get = async <T>(headers: Headers, url: string, status = 200): Promise<T> => {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};

describe('GET /api/flocks/:flockId/economics/weeks', () => {
  const daysAgo = (days: number) => dayIn(addDays(new Date(), -days), ZONE);

  it('answers a laying flock’s weeks of age beside the Hy-Line Brown guide, null where records are missing', async () => {
    const f = await farmWithFlock();
    // Week 30: eggs on 5 of its days, 80 of 100 hens each; one 50 kg bag given.
    await eggs(f.headers, f.flock.id, [10, 9, 8, 7, 6].map(daysAgo), 80);
    const item = await feedItem(f.headers, f.flock.id);
    await send(f.headers, `/api/flocks/${f.flock.id}/feed`, { item_id: item.id, date: daysAgo(8), quantity: 1 });

    const answer = await get<EconomicsWeeks>(f.headers, `/api/flocks/${f.flock.id}/economics/weeks`);
    expect(answer).toMatchObject({ flock_id: f.flock.id, flock_name: 'Layers A', breed: 'Layers', kind: 'layers', guide: 'hy-line-brown' });
    expect(answer.weeks).toEqual([
      {
        week: 30,
        start_date: daysAgo(10),
        end_date: daysAgo(4),
        days: 7,
        egg_days: 5,
        hen_day_percent: 80, // 400 eggs ÷ 500 hen-days recorded (the 2 days without a record are not 0 eggs)
        guide_hen_day_percent: 95,
        feed_per_bird_day_grams: 71, // 50 kg ÷ 700 hen-days
        guide_feed_per_bird_day_grams: 113,
        weighings: 0,
        age_days: 216,
        average_weight_kg: null,
        guide_weight_kg: null,
        feed_conversion_ratio: null,
        guide_feed_conversion_ratio: null,
      },
      {
        week: 31,
        start_date: daysAgo(3),
        end_date: daysAgo(0),
        days: 4,
        egg_days: 0,
        hen_day_percent: null,
        guide_hen_day_percent: 95, // 95 → 94 over weeks 30-35: 94.8
        feed_per_bird_day_grams: null,
        guide_feed_per_bird_day_grams: 113,
        weighings: 0,
        age_days: 220,
        average_weight_kg: null,
        guide_weight_kg: null,
        feed_conversion_ratio: null,
        guide_feed_conversion_ratio: null,
      },
    ]);
  });

  it('counts the hens present on each day recorded from the flock’s changes', async () => {
    const f = await farmWithFlock();
    await eggs(f.headers, f.flock.id, [daysAgo(0)], 45);
    // Half the flock sold today: today counts 50 hens.
    await send(f.headers, `/api/flocks/${f.flock.id}/bird-count-changes`, { change: -50, reason: 'sold' });
    const answer = await get<EconomicsWeeks>(f.headers, `/api/flocks/${f.flock.id}/economics/weeks?weeks=1`);
    expect(answer.weeks.map((w) => [w.week, w.egg_days, w.hen_day_percent])).toEqual([[31, 1, 90]]);
  });

  it('answers a broiler batch’s weighed weeks: average weight and FCR to date beside Cobb 500’s', async () => {
    const f = await farmWithFlock({ name: 'Broilers 1', breed: 'Broilers', age: 4, initial_bird_count: 1_000, bird_count: 1_000 });
    const item = await feedItem(f.headers, f.flock.id, 'kg');
    await send(f.headers, `/api/flocks/${f.flock.id}/feed`, { item_id: item.id, date: daysAgo(9), quantity: 2_000 });
    // Weighed at 31 days of age; fed again after, which the week's FCR does not count.
    await send(f.headers, `/api/flocks/${f.flock.id}/weighings`, { date: daysAgo(7), birds: 20, total_kg: 30 });
    await send(f.headers, `/api/flocks/${f.flock.id}/feed`, { item_id: item.id, date: daysAgo(5), quantity: 1_000 });
    const answer = await get<EconomicsWeeks>(f.headers, `/api/flocks/${f.flock.id}/economics/weeks`);
    expect(answer).toMatchObject({ kind: 'broilers', guide: 'cobb-500' });
    expect(answer.weeks).toHaveLength(2);
    expect(answer.weeks[0]).toMatchObject({
      week: 4,
      weighings: 1,
      age_days: 31,
      average_weight_kg: 1.5,
      guide_weight_kg: 1.807,
      feed_conversion_ratio: 1.37, // 2,000 kg ÷ (1,000 × 1.5 − 42) kg
      guide_feed_conversion_ratio: 1.5,
      hen_day_percent: null,
      feed_per_bird_day_grams: null,
    });
    // Not weighed this week: its own figures '—', the guide's at the week's last day (day 38 so far).
    expect(answer.weeks[1]).toMatchObject({ week: 5, weighings: 0, age_days: 38, average_weight_kg: null, feed_conversion_ratio: null, guide_weight_kg: 2.477 });
  });

  it('answers the latest 12 weeks by default and up to 52, ending an archived flock’s at its last record', async () => {
    const f = await farmWithFlock({ age: 20 });
    await addedDaysBefore(f.flock.id, 140);
    expect((await get<EconomicsWeeks>(f.headers, `/api/flocks/${f.flock.id}/economics/weeks`)).weeks.map((w) => w.week)).toEqual([
      29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40,
    ]);
    const all = await get<EconomicsWeeks>(f.headers, `/api/flocks/${f.flock.id}/economics/weeks?weeks=52`);
    expect(all.weeks).toHaveLength(21);
    expect(all.weeks[0]).toMatchObject({ week: 20, start_date: daysAgo(140) });

    await eggs(f.headers, f.flock.id, [daysAgo(100)], 50);
    await app.db.update(flocks).set({ status: 'archived' }).where(eq(flocks.id, f.flock.id));
    const archived = await get<EconomicsWeeks>(f.headers, `/api/flocks/${f.flock.id}/economics/weeks?weeks=2`);
    expect(archived.weeks.map((w) => [w.week, w.end_date])).toEqual([
      [24, daysAgo(106)],
      [25, daysAgo(100)],
    ]);
  });

  it('answers a worker and an auditor (flocks.read)', async () => {
    const f = await farmWithFlock();
    for (const role of ['worker', 'auditor'] as const) {
      const member = await addMember(app, f.farm, role);
      expect((await get<EconomicsWeeks>(member.headers, `/api/flocks/${f.flock.id}/economics/weeks`)).weeks).toHaveLength(2);
    }
  });

  it('refuses another farm’s flock and one that is not there (404), without a session (401)', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const refused = await get<{ error: { message: string } }>(f.headers, `/api/flocks/${other.flock.id}/economics/weeks`, 404);
    expect(refused.error.message).toBe(flockMessages.notFound);
    await get(f.headers, '/api/flocks/999999999/economics/weeks', 404);
    await get({}, `/api/flocks/${f.flock.id}/economics/weeks`, 401);
  });

  it.each(['weeks=0', 'weeks=53', 'weeks=abc', 'weeks=1.5', 'weeks=-3', 'weeks=', 'weeks=1e9'])('refuses ?%s with a message (400)', async (query) => {
    const f = await farmWithFlock();
    const refused = await get<{ error: { code: string; message: string; fields: Record<string, string> } }>(f.headers, `/api/flocks/${f.flock.id}/economics/weeks?${query}`, 400);
    expect(refused.error).toMatchObject({ code: 'validation', message: breedGuideWords.weeksInvalid, fields: { weeks: breedGuideWords.weeksInvalid } });
  });

  it('refuses a flock id that is no id (400)', async () => {
    const f = await farmWithFlock();
    await get(f.headers, '/api/flocks/abc/economics/weeks', 400);
  });
});

describe('the notification of a flock below its guide (hourly job, decision 073)', () => {
  // 07:00 in Nairobi yesterday: past the job's hour, and every record of the flocks is in the past.
  const now = new Date(`${dayIn(addDays(new Date(), -1), ZONE)}T04:00:00Z`);
  const day = (days: number) => dayIn(addDays(now, -days), ZONE);
  let runs = 0;
  /** The job on `now` and the days after it: each run is a new farm day. */
  const run = async (days = 0) => {
    runs++;
    await app.dailyNotifications.run(addDays(now, days));
    await app.notifier.settled();
  };
  const belowGuide = (userId: number) =>
    app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), like(notifications.sourceKey, 'below_guide:%')))
      .orderBy(notifications.id);

  it('tells everyone on the farm once a week of a laying flock 10 points or more under its guide', async () => {
    const f = await farmWithFlock({ name: 'Layers batch 1' }, now);
    const worker = await addMember(app, f.farm, 'worker');
    // Week 30 (days 10 to 4 before): 60 of 100 hens on 5 days against the guide's 95 %.
    await eggs(f.headers, f.flock.id, [10, 9, 8, 7, 6].map(day), 60);
    await run();
    const [told] = await belowGuide(f.user.id);
    const words = notificationTexts.belowGuideLayers('Layers batch 1', '60', '95', 30);
    expect(told).toMatchObject({ title: words.title, message: words.message, type: 'warning', link: `/bird-management?flock=${f.flock.id}` });
    expect(told?.message).toBe('Layers batch 1 laid 60% last week, guide 95% (week 30 of age).');
    expect(await belowGuide(worker.user.id)).toHaveLength(1);
    // The next days judge the same week: nothing new.
    await run(1);
    await run(2);
    expect(await belowGuide(f.user.id)).toHaveLength(1);
  });

  it('tells in the member’s language', async () => {
    const f = await farmWithFlock({ name: 'Kundi A' }, now);
    const sw = await addMember(app, f.farm, 'worker');
    await app.inject({ method: 'PUT', url: '/api/auth/language', headers: sw.headers, payload: { language: 'sw' } });
    await eggs(f.headers, f.flock.id, [10, 9, 8, 7, 6].map(day), 60);
    await run();
    expect((await belowGuide(sw.user.id))[0]?.message).toBe('Kundi A walitaga 60% wiki iliyopita, mwongozo 95% (wiki 30 ya umri).');
  });

  it('waits for eggs recorded on 5 days of the week, and leaves a flock on its guide and another farm alone', async () => {
    const few = await farmWithFlock({ name: 'Few records' }, now);
    await eggs(few.headers, few.flock.id, [10, 9, 8, 7].map(day), 40);
    const good = await farmWithFlock({ name: 'On guide' }, now);
    await eggs(good.headers, good.flock.id, [10, 9, 8, 7, 6, 5, 4].map(day), 90);
    const other = await farmWithFlock({ name: 'Other farm' }, now);
    await run();
    expect(await belowGuide(few.user.id)).toEqual([]);
    expect(await belowGuide(good.user.id)).toEqual([]);
    expect(await belowGuide(other.user.id)).toEqual([]);
  });

  it('tells of a broiler batch weighed 15 % or more under its guide that week, not of one without a weighing', async () => {
    const f = await farmWithFlock({ name: 'Broilers 2', breed: 'Broilers', age: 4, initial_bird_count: 500, bird_count: 500 }, now);
    // Weighed at 31 days of age: 1.2 kg against Cobb 500's 1.807 kg.
    await send(f.headers, `/api/flocks/${f.flock.id}/weighings`, { date: day(7), birds: 20, total_kg: 24 });
    const unweighed = await farmWithFlock({ name: 'Broilers 3', breed: 'Broilers', age: 4 }, now);
    await run();
    const [told] = await belowGuide(f.user.id);
    expect(told?.message).toBe('Broilers 2 weighed 1.2 kg on average last week, guide 1.807 kg at 31 days of age.');
    expect(told?.sourceKey).toBe(`below_guide:${f.flock.id}:${day(10)}`);
    expect(await belowGuide(unweighed.user.id)).toEqual([]);
    expect(runs).toBeGreaterThan(0);
  });
});
