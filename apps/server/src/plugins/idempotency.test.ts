import { randomUUID } from 'node:crypto';
import { toApiDateTime, type CreateFlockInput, type Flock } from '@kuku/domain';
import { and, eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { flocks, idempotencyKeys, vaccinations } from '../db/schema/index.js';
import type { Principal } from '../features/auth/service.js';
import * as flockService from '../features/flocks/service.js';
import { createTestApp } from '../test/app.js';
import { bearer, createFlock, createSession, createUser } from '../test/factories.js';
import { errorsPlugin } from './errors.js';
import { canonicalJson, idempotencyMessages, idempotencyPlugin, purgeExpiredIdempotencyKeys } from './idempotency.js';
import { afterCommit, dbOf } from './request-transaction.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

async function farmer() {
  const owner = await createUser(app);
  const token = await createSession(app, owner.user, owner.farm);
  return { ...owner, headers: bearer(token) };
}

const flockBody = { name: 'Layers house A', breed: 'Layers', age: 20, initial_bird_count: 500, bird_count: 480, status: 'active' };
const vaccinationBody = {
  vaccine_name: 'Newcastle',
  date: toApiDateTime(new Date(Date.now() + 3 * 86_400_000)),
  status: 'Pending',
  mode_of_administration: 'Oral',
};

const addFlock = (headers: Record<string, string>, key: string | undefined, payload: object = flockBody) =>
  app.inject({
    method: 'POST',
    url: '/api/flocks',
    headers: key === undefined ? headers : { ...headers, 'idempotency-key': key },
    payload,
  });

async function flockCount(farmId: number): Promise<number> {
  return (await app.db.select().from(flocks).where(eq(flocks.farmId, farmId))).length;
}

async function keyRow(farmId: number, key: string) {
  const [row] = await app.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.farmId, farmId), eq(idempotencyKeys.key, key)));
  return row;
}

describe('Idempotency-Key on POST /api/flocks', () => {
  it('answers a retry with the first answer and creates one flock', async () => {
    const f = await farmer();
    const key = randomUUID();
    const first = await addFlock(f.headers, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const retry = await addFlock(f.headers, key, { ...flockBody });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['content-type']).toContain('application/json');
    expect(retry.body).toBe(first.body);
    expect(await flockCount(f.farm.id)).toBe(1);
    expect(await keyRow(f.farm.id, key)).toMatchObject({ status: 'done', responseStatus: 201, responseBody: first.body });
  });

  it('treats the same fields in another order, and a trailing slash, as the same request', async () => {
    const f = await farmer();
    const key = randomUUID();
    const first = await addFlock(f.headers, key);
    const reordered = Object.fromEntries(Object.entries(flockBody).reverse());
    const retry = await app.inject({ method: 'POST', url: '/api/flocks/', headers: { ...f.headers, 'idempotency-key': key }, payload: reordered });
    expect(retry.statusCode).toBe(201);
    expect(retry.json<Flock>().id).toBe(first.json<Flock>().id);
    expect(await flockCount(f.farm.id)).toBe(1);
  });

  it('refuses the same key with a different body with 422, creating nothing', async () => {
    const f = await farmer();
    const key = randomUUID();
    expect((await addFlock(f.headers, key)).statusCode).toBe(201);
    const other = await addFlock(f.headers, key, { ...flockBody, name: 'Layers house B' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: { code: 'rule_broken', message: idempotencyMessages.otherRequest } });
    expect(await flockCount(f.farm.id)).toBe(1);
    // And it did not overwrite the stored answer: the original request still replays.
    expect((await addFlock(f.headers, key)).headers['idempotent-replayed']).toBe('true');
  });

  it('refuses a key used on another route with 422', async () => {
    const f = await farmer();
    const flock = await createFlock(app, f);
    const key = randomUUID();
    expect((await addFlock(f.headers, key)).statusCode).toBe(201);
    const res = await app.inject({
      method: 'POST',
      url: `/api/flocks/${flock.id}/vaccinations`,
      headers: { ...f.headers, 'idempotency-key': key },
      payload: vaccinationBody,
    });
    expect(res.statusCode).toBe(422);
    expect(await app.db.select().from(vaccinations).where(eq(vaccinations.flockId, flock.id))).toHaveLength(0);
  });

  it('keeps keys per farm: another farm may use the same key for its own flock', async () => {
    const a = await farmer();
    const b = await farmer();
    const key = 'shared-key-1';
    const first = await addFlock(a.headers, key);
    const second = await addFlock(b.headers, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json<Flock>().id).not.toBe(first.json<Flock>().id);
    expect(await flockCount(a.farm.id)).toBe(1);
    expect(await flockCount(b.farm.id)).toBe(1);
    // The other farm never sees the first farm's answer, even with a different body.
    const third = await addFlock(b.headers, key, { ...flockBody, name: 'Other' });
    expect(third.statusCode).toBe(422);
  });

  it.each([
    ['empty', ''],
    ['a space', 'two words'],
    ['a tab', 'a\tb'],
    ['256 characters', 'k'.repeat(256)],
    ['a repeated header', ['one', 'two']],
  ])('refuses a key that is %s with 400, creating nothing', async (_name, key) => {
    const f = await farmer();
    const res = await app.inject({ method: 'POST', url: '/api/flocks', headers: { ...f.headers, 'idempotency-key': key }, payload: flockBody });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation', message: idempotencyMessages.badKey } });
    expect(await flockCount(f.farm.id)).toBe(0);
  });

  it('accepts 255 visible ASCII characters', async () => {
    const f = await farmer();
    const key = '!~'.repeat(127) + 'z';
    expect((await addFlock(f.headers, key)).statusCode).toBe(201);
    expect((await addFlock(f.headers, key)).headers['idempotent-replayed']).toBe('true');
    expect(await flockCount(f.farm.id)).toBe(1);
  });

  it('ignores a key older than 24 hours, and purges such keys', async () => {
    const f = await farmer();
    const key = randomUUID();
    expect((await addFlock(f.headers, key)).statusCode).toBe(201);
    await app.db.execute(sql`update idempotency_keys set created_at = now() - interval '25 hours' where farm_id = ${f.farm.id}`);

    const later = await addFlock(f.headers, key, { ...flockBody, name: 'A day later' });
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await flockCount(f.farm.id)).toBe(2);
    const row = await keyRow(f.farm.id, key);
    expect(row?.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const old = randomUUID();
    expect((await addFlock(f.headers, old)).statusCode).toBe(201);
    await app.db.execute(sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${old}`);
    expect(await purgeExpiredIdempotencyKeys(app.db)).toBeGreaterThanOrEqual(1);
    expect(await keyRow(f.farm.id, old)).toBeUndefined();
    expect(await keyRow(f.farm.id, key)).toBeDefined();
  });

  it('keeps a key of 23 hours', async () => {
    const f = await farmer();
    const key = randomUUID();
    await addFlock(f.headers, key);
    await app.db.execute(sql`update idempotency_keys set created_at = now() - interval '23 hours' where farm_id = ${f.farm.id}`);
    expect((await addFlock(f.headers, key)).headers['idempotent-replayed']).toBe('true');
    expect(await flockCount(f.farm.id)).toBe(1);
  });

  it('behaves as before without a key: each request creates', async () => {
    const f = await farmer();
    expect((await addFlock(f.headers, undefined)).statusCode).toBe(201);
    expect((await addFlock(f.headers, undefined)).statusCode).toBe(201);
    expect(await flockCount(f.farm.id)).toBe(2);
    expect(await app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.farmId, f.farm.id))).toHaveLength(0);
  });

  it('answers 409 to a key a committed row holds as pending (only the earlier two-step version left such rows)', async () => {
    const f = await farmer();
    const key = randomUUID();
    await addFlock(f.headers, key);
    // Claim and answer now commit together, so no request leaves this state; a crash under the old version did.
    await app.db.update(idempotencyKeys).set({ status: 'pending', responseStatus: null, responseBody: null }).where(eq(idempotencyKeys.key, key));
    const res = await addFlock(f.headers, key);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'conflict', message: idempotencyMessages.stillRunning } });
    expect(await flockCount(f.farm.id)).toBe(1);
  });

  it('creates once when the same request arrives many times at once, and every copy gets the answer', async () => {
    const f = await farmer();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => addFlock(f.headers, key)));
    // A copy waits on the key's primary key until the first transaction commits, then replays it.
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(await flockCount(f.farm.id)).toBe(1);
  });

  it('publishes the added event once, after the commit, and not on a replay', async () => {
    const f = await farmer();
    const seen: Promise<number>[] = [];
    const stop = app.events.subscribe(f.farm.id, (event) => {
      // Read from outside the request's transaction: on PostgreSQL an uncommitted row is invisible here.
      seen.push(app.database.query<{ n: number }>('select count(*)::int as n from flocks where id = $1', [event.id]).then(([row]) => row?.n ?? 0));
    });
    try {
      const key = randomUUID();
      expect((await addFlock(f.headers, key)).statusCode).toBe(201);
      expect((await addFlock(f.headers, key)).headers['idempotent-replayed']).toBe('true');
      expect(await Promise.all(seen)).toEqual([1]);
    } finally {
      stop();
    }
  });

  it('stores no failed answer: a corrected retry with the same key goes through', async () => {
    const f = await farmer();
    const key = randomUUID();
    const bad = await addFlock(f.headers, key, { ...flockBody, age: -1 });
    expect(bad.statusCode).toBe(400);
    expect(await keyRow(f.farm.id, key)).toBeUndefined();
    const fixed = await addFlock(f.headers, key);
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(await flockCount(f.farm.id)).toBe(1);
  });

  it('checks the token before the key', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/flocks', headers: { 'idempotency-key': 'x y' }, payload: flockBody });
    expect(res.statusCode).toBe(401);
  });
});

describe('Idempotency-Key on POST /api/flocks/:flockId/vaccinations', () => {
  it('answers a retry with the first answer and schedules one vaccination', async () => {
    const f = await farmer();
    const flock = await createFlock(app, f);
    const key = randomUUID();
    const send = () =>
      app.inject({ method: 'POST', url: `/api/flocks/${flock.id}/vaccinations`, headers: { ...f.headers, 'idempotency-key': key }, payload: vaccinationBody });
    const first = await send();
    const retry = await send();
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await app.db.select().from(vaccinations).where(eq(vaccinations.flockId, flock.id))).toHaveLength(1);
  });

  it("releases the key after a 404 (another farm's flock), so the retry on the right flock goes through", async () => {
    const f = await farmer();
    const stranger = await farmer();
    const theirs = await createFlock(app, stranger);
    const mine = await createFlock(app, f);
    const key = randomUUID();
    const wrong = await app.inject({
      method: 'POST',
      url: `/api/flocks/${theirs.id}/vaccinations`,
      headers: { ...f.headers, 'idempotency-key': key },
      payload: vaccinationBody,
    });
    expect(wrong.statusCode).toBe(404);
    expect(await keyRow(f.farm.id, key)).toBeUndefined();
    expect(await app.db.select().from(vaccinations).where(eq(vaccinations.flockId, theirs.id))).toHaveLength(0);
    const right = await app.inject({
      method: 'POST',
      url: `/api/flocks/${mine.id}/vaccinations`,
      headers: { ...f.headers, 'idempotency-key': key },
      payload: vaccinationBody,
    });
    expect(right.statusCode).toBe(201);
  });
});

describe('the one transaction around an idempotent handler', () => {
  let probe: FastifyInstance;
  let owner: Awaited<ReturnType<typeof farmer>>;
  const published: string[] = [];
  const nameBody = z.object({ name: z.string() });
  type Answer = (reply: FastifyReply, flock: Flock) => unknown;

  beforeAll(async () => {
    owner = await farmer();
    // The plugin on a bare app, with routes that fail in the ways a real handler might.
    probe = Fastify();
    probe.setValidatorCompiler(validatorCompiler);
    probe.setSerializerCompiler(serializerCompiler);
    probe.decorate('db', app.db);
    probe.decorateRequest('principal', null);
    probe.addHook('onRequest', async (request) => {
      request.principal = { farmId: owner.farm.id, userId: owner.user.id } as Principal;
    });
    await probe.register(errorsPlugin);
    await probe.register(idempotencyPlugin);
    const typed = probe.withTypeProvider<ZodTypeProvider>();
    const route = (url: string, answer: Answer) =>
      typed.post(url, { config: { idempotent: true }, schema: { body: nameBody, response: { 201: z.object({ id: z.number(), name: z.string() }) } } }, async (request, reply) => {
        const flock = await flockService.createFlock(dbOf(request), owner.farm.id, owner.user.id, { ...flockBody, name: request.body.name } as CreateFlockInput);
        afterCommit(request, () => published.push(request.body.name));
        // The probes answer what they like; the schema, not the types, judges them.
        return answer(reply as FastifyReply, flock) as Flock;
      });
    route('/ok', (reply, flock) => {
      reply.status(201);
      return flock;
    });
    route('/throws', () => {
      throw new Error('fails after its write');
    });
    route('/bad-answer', (reply) => {
      reply.status(201);
      return { id: 'not a number' };
    });
    route('/sends', (reply, flock) => reply.status(201).send(flock));
    route('/not-2xx', (reply, flock) => {
      reply.status(409);
      return flock;
    });
    await probe.ready();
  });
  afterAll(() => probe.close());

  const post = (url: string, name: string, key: string | undefined = randomUUID()) =>
    probe.inject({ method: 'POST', url, headers: key === undefined ? {} : { 'idempotency-key': key }, payload: { name } });
  const named = async (name: string) =>
    (await app.db.select().from(flocks).where(and(eq(flocks.farmId, owner.farm.id), eq(flocks.name, name)))).length;

  it('commits the write with the answer, then runs the after-commit work', async () => {
    const key = randomUUID();
    const res = await post('/ok', 'probe ok', key);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'probe ok' });
    expect(await keyRow(owner.farm.id, key)).toMatchObject({ status: 'done', responseStatus: 201, responseBody: res.body });
    expect(await named('probe ok')).toBe(1);
    expect(published).toContain('probe ok');
  });

  it('without a key runs the handler as it is, the after-commit work at once', async () => {
    const res = await post('/ok', 'probe no key', undefined);
    expect(res.statusCode).toBe(201);
    expect(await named('probe no key')).toBe(1);
    expect(published).toContain('probe no key');
  });

  it.each([
    ['throws after its write', '/throws', 500],
    ['answers what its response schema refuses', '/bad-answer', 500],
    ['sends its answer itself instead of returning it', '/sends', 500],
    ['returns a non-2xx answer', '/not-2xx', 409],
  ])('rolls the write and the key back when the handler %s, and publishes nothing', async (_name, url, status) => {
    const key = randomUUID();
    const name = `probe ${url}`;
    const res = await post(url, name, key);
    expect(res.statusCode).toBe(status);
    expect(await named(name)).toBe(0);
    expect(await keyRow(owner.farm.id, key)).toBeUndefined();
    expect(published).not.toContain(name);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(canonicalJson(undefined)).toBe('null');
  });
});
