import { centsToShillings, shiftMonth, SMS_DAILY_CAP_DEFAULT, SMS_DAILY_CAP_MAX, smsUsageWords, staffMessages } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { farms, smsMessages } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { addMember, bearer, createSession, createUser } from '../../test/factories.js';
import { farmMonth } from '../farm-scope.js';

/** GET /api/sms/usage and PUT /api/sms/settings (decision 076): the farm's texts by month and their daily limit. */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

async function owner() {
  const { user, farm } = await createUser(app);
  return { user, farm, headers: bearer(await createSession(app, user, farm)) };
}

let seq = 0;
/** A text of the farm at `at`: taken by the gateway (with its id and cost) unless `failed`. */
async function text(farmId: number, at: Date, costCents: number, failed = false) {
  seq += 1;
  await app.db.insert(smsMessages).values({
    farmId,
    to: '+254712345678',
    body: `Text ${seq}`,
    status: failed ? 'Failed' : 'Success',
    statusCode: failed ? null : 101,
    providerMessageId: failed ? null : `ATXid_usage_${seq}_${Math.random().toString(16).slice(2)}`,
    costCents,
    failureReason: failed ? 'SMS is off' : null,
    createdAt: at,
  });
}

const usage = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/sms/usage', headers });
const settings = (headers: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'PUT', url: '/api/sms/settings', headers, payload: payload as object });
const capOf = async (farmId: number) => (await app.db.select({ cap: farms.smsDailyCap }).from(farms).where(eq(farms.id, farmId)))[0]?.cap;

describe('GET /api/sms/usage', () => {
  it('a new farm: the default limit and no months', async () => {
    const o = await owner();
    const res = await usage(o.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ daily_cap: SMS_DAILY_CAP_DEFAULT, months: [] });
  });

  it("counts the texts the gateway took and their cost by the farm's month, the newest first, its own only", async () => {
    const o = await owner();
    const other = await owner();
    const { month } = farmMonth({ farmId: o.farm.id, timeZone: 'Africa/Nairobi' });
    const last = shiftMonth(month, -1);
    // 00:30 on the 1st in Nairobi is still the last month in UTC: it counts in this month.
    await text(o.farm.id, new Date(`${month}-01T00:30:00+03:00`), 80);
    await text(o.farm.id, new Date(`${month}-01T00:40:00+03:00`), 160);
    await text(o.farm.id, new Date(`${month}-01T00:45:00+03:00`), 0, true);
    // 23:30 on the last day of last month in Nairobi.
    await text(o.farm.id, new Date(new Date(`${month}-01T00:00:00+03:00`).getTime() - 30 * 60_000), 80);
    // A month before the card's twelve.
    await text(o.farm.id, new Date(`${shiftMonth(month, -12)}-15T12:00:00+03:00`), 999);
    await text(other.farm.id, new Date(`${month}-02T12:00:00+03:00`), 5000);
    const res = await usage(o.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      daily_cap: SMS_DAILY_CAP_DEFAULT,
      months: [
        { month, texts: 2, cost_cents: 240, cost: centsToShillings(240) },
        { month: last, texts: 1, cost_cents: 80, cost: centsToShillings(80) },
      ],
    });
  });

  it.each([
    ['owner', 200],
    ['auditor', 200],
    ['manager', 403],
    ['worker', 403],
  ] as const)('as the %s: %s', async (role, status) => {
    const o = await owner();
    const headers = role === 'owner' ? o.headers : (await addMember(app, o.farm, role)).headers;
    const res = await usage(headers);
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json().error).toMatchObject({ code: 'forbidden', message: staffMessages.forbidden });
  });

  it('without a session: 401', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/sms/usage' })).statusCode).toBe(401);
  });
});

describe('PUT /api/sms/settings', () => {
  it.each([0, 1, SMS_DAILY_CAP_MAX])("sets the farm's limit to %s, and only this farm's", async (cap) => {
    const o = await owner();
    const other = await owner();
    const res = await settings(o.headers, { daily_cap: cap });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: smsUsageWords.saved, daily_cap: cap });
    expect(await capOf(o.farm.id)).toBe(cap);
    expect(await capOf(other.farm.id)).toBe(SMS_DAILY_CAP_DEFAULT);
    expect((await usage(o.headers)).json().daily_cap).toBe(cap);
  });

  it('ignores a farm id in the body', async () => {
    const o = await owner();
    const other = await owner();
    expect((await settings(o.headers, { daily_cap: 9, farm_id: other.farm.id, farmId: other.farm.id })).statusCode).toBe(200);
    expect(await capOf(other.farm.id)).toBe(SMS_DAILY_CAP_DEFAULT);
    expect(await capOf(o.farm.id)).toBe(9);
  });

  it.each([
    ['below 0', { daily_cap: -1 }],
    ['above the most', { daily_cap: SMS_DAILY_CAP_MAX + 1 }],
    ['a fraction', { daily_cap: 2.5 }],
    ['text', { daily_cap: '5' }],
    ['null', { daily_cap: null }],
    ['nothing', {}],
  ])('%s is refused with its words (400), and the limit stays', async (_, body) => {
    const o = await owner();
    const res = await settings(o.headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ daily_cap: smsUsageWords.capInvalid });
    expect(await capOf(o.farm.id)).toBe(SMS_DAILY_CAP_DEFAULT);
  });

  it.each(['manager', 'worker', 'auditor'] as const)('the %s may not (403), and the limit stays', async (role) => {
    const o = await owner();
    const { headers } = await addMember(app, o.farm, role);
    const res = await settings(headers, { daily_cap: 1 });
    expect(res.statusCode).toBe(403);
    expect(await capOf(o.farm.id)).toBe(SMS_DAILY_CAP_DEFAULT);
  });
});
