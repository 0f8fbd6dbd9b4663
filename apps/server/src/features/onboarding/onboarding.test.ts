import { ONBOARDING_STEP_IDS, type OnboardingAnswer } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { bearer, createFlock, createSession, createUser } from '../../test/factories.js';
import { today } from '../../test/farm-days.js';
import { records, written } from '../../test/records.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;
const none: OnboardingAnswer = { flocks: false, eggs: false, sales: false, expenses: false, inventory: false, reports: false };

async function farmer() {
  const owner = await createUser(app);
  return { ...owner, headers: bearer(await createSession(app, owner.user, owner.farm)) };
}

async function completion(headers: Headers): Promise<OnboardingAnswer> {
  const res = await app.inject({ method: 'GET', url: '/api/onboarding', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OnboardingAnswer>();
}

/** A report row as the generator writes it when asked for (its job is not the point here). */
const report = (farm: { id: number }, user: { id: number }, state: 'generating' | 'ready' | 'failed') =>
  app.db.insert(reports).values({
    farmId: farm.id,
    createdBy: user.id,
    name: `Sales report (${state})`,
    category: 'sales',
    reportType: 'summary',
    state,
    startDate: '2026-01-01',
    endDate: '2026-01-31',
  });

/** Every kind of record a step counts, written one after another through the API. */
async function fillFarm(owner: Awaited<ReturnType<typeof farmer>>, seen: (step: keyof OnboardingAnswer) => Promise<void>) {
  const flock = await createFlock(app, owner);
  await seen('flocks');
  const add = records(app, owner.headers);
  await add.eggs(flock.id, today(), 120);
  await seen('eggs');
  await add.sale(flock.id, today(), 500);
  await seen('sales');
  await add.expense(flock.id, today(), 1_250);
  await seen('expenses');
  await written(app, owner.headers, 'POST', '/api/inventory', {
    item_name: 'Layers mash',
    flock_id: flock.id,
    quantity: 10,
    unit: 'bags',
    reorder_level: 2,
    cost_per_unit: 3_200,
  });
  await seen('inventory');
  await report(owner.farm, owner.user, 'generating');
  await seen('reports');
}

describe('GET /api/onboarding', () => {
  it('answers every step not done for an empty farm', async () => {
    const owner = await farmer();
    expect(await completion(owner.headers)).toEqual(none);
  });

  it('turns each step on with its first record, and only that step', async () => {
    const owner = await farmer();
    const expected = { ...none };
    await fillFarm(owner, async (step) => {
      expected[step] = true;
      expect(await completion(owner.headers), step).toEqual(expected);
    });
    expect(Object.keys(expected)).toEqual([...ONBOARDING_STEP_IDS]);
  });

  it('counts a report being written or ready, not one that failed', async () => {
    const failed = await farmer();
    await report(failed.farm, failed.user, 'failed');
    expect((await completion(failed.headers)).reports).toBe(false);
    const ready = await farmer();
    await report(ready.farm, ready.user, 'ready');
    expect((await completion(ready.headers)).reports).toBe(true);
  });

  it('never counts another farm’s records', async () => {
    const busy = await farmer();
    const quiet = await farmer();
    await fillFarm(busy, async () => undefined);
    await report(busy.farm, busy.user, 'ready');
    expect(await completion(busy.headers)).toEqual({ flocks: true, eggs: true, sales: true, expenses: true, inventory: true, reports: true });
    expect(await completion(quiet.headers)).toEqual(none);
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/onboarding' })).statusCode).toBe(401);
  });
});
