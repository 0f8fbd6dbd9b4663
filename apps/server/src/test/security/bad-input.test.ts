import { randomBytes } from 'node:crypto';
import { dayIn, shiftDay } from '@kuku/domain';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/index.js';
import { NUL_MESSAGE } from '../../plugins/nul-guard.js';
import { bearer, createFlock, createSession, createUser } from '../factories.js';
import { createAppWithRoutes, databaseSnapshot, errorShapeProblem, type ApiRoute } from './api-routes.js';
import { jsonSchemaOf, objectOf, requestArb, requestUrl, toJsonText, validObject, verdict, type FuzzRequest } from './hostile-input.js';

/**
 * Bad input, from each route's own schemas (fast-check): broken fields, wrong
 * types, hostile strings and numbers, impossible dates, deep nesting,
 * prototype-pollution keys, malformed JSON, wrong content types, bad ids and
 * queries. A request the route's schemas refuse must get a 4xx in the error
 * shape and change nothing in the database; no request may get a 5xx.
 *
 * FUZZ_REQUESTS sets the number of requests (default 12,500, of which at
 * least 10,000 must be bad input), FUZZ_SEED replays a run.
 */

const TARGET = Number(process.env.FUZZ_REQUESTS ?? 12_500);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
// Each request comes from its own address (fc.ipV4 below), so the per-IP auth limits stay out of the way
// without loosening them; the per-account limits sit behind validation, which bad input never passes.
const { app, routes } = await createAppWithRoutes();

const owner = await createUser(app);
const flockIds: number[] = [];
const vaccinationIds: number[] = [];
const eggIds: number[] = [];
const saleIds: number[] = [];
const expenseIds: number[] = [];
const budgetIds: number[] = [];
const inventoryIds: number[] = [];
const feedIds: number[] = [];
// A sale's date lies in the last six months: today in the farm's zone.
const saleDay = dayIn(new Date(), 'Africa/Nairobi');
/** A row made through the API, its id answered. */
async function fixture(url: string, payload: object): Promise<number> {
  const res = await app.inject({ method: 'POST', url, headers: bearer(await createSession(app, owner.user, owner.farm)), payload });
  if (res.statusCode !== 201) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}
for (let i = 0; i < 3; i++) {
  const flock = await createFlock(app, owner);
  flockIds.push(flock.id);
  vaccinationIds.push(
    await fixture(`/api/flocks/${flock.id}/vaccinations`, { vaccine_name: 'Gumboro', date: '2025-01-01 08:00:00', status: 'Pending', mode_of_administration: 'Oral' }),
  );
  eggIds.push(
    await fixture('/api/egg-productions', { flock_id: flock.id, date_produced: '2025-01-01', eggs_collected: 365, price_per_unit: '12.50' }),
    await fixture('/api/egg-adjustments', { flock_id: flock.id, adjustment_type: 'breakage', eggs_adjusted: 2, unit: 'crates', date_adjusted: '2025-01-01' }),
  );
  saleIds.push(
    await fixture('/api/sales', {
      flock_id: flock.id,
      category: 'Egg Sales',
      product: 'Eggs',
      quantity: 10,
      unit_price: 420,
      date: saleDay,
      sale_type: 'Cash',
      status: 'paid',
    }),
  );
  // Expenses share the sales' window (today); a budget per flock this month.
  expenseIds.push(await fixture('/api/expenses', { flock_id: flock.id, date: saleDay, description: 'Layers mash', amount: 4_200, category: 'Feed' }));
  budgetIds.push(await fixture('/api/budget', { flock_id: flock.id, amount: 5_000, month: Number(saleDay.slice(5, 7)), year: Number(saleDay.slice(0, 4)) }));
  inventoryIds.push(await fixture('/api/inventory', { item_name: 'Layers mash', flock_id: flock.id, quantity: 40, unit: 'bags', reorder_level: 5, cost_per_unit: 3_200 }));
  // A feed record of the flock (decision 070): its answer is { record, item }.
  const fed = await app.inject({
    method: 'POST',
    url: `/api/flocks/${flock.id}/feed`,
    headers: bearer(await createSession(app, owner.user, owner.farm)),
    payload: { item_id: inventoryIds.at(-1), date: saleDay, quantity: 2 },
  });
  if (fed.statusCode !== 201) throw new Error(`fixture feed: ${fed.statusCode} ${fed.body}`);
  feedIds.push(fed.json<{ record: { id: number } }>().record.id);
}
// Stock counts of the flocks and the eggs (decision 077): its answer is { counts }.
const counted = await app.inject({
  method: 'POST',
  url: '/api/stock-counts',
  headers: bearer(await createSession(app, owner.user, owner.farm)),
  payload: { date: saleDay, eggs: { trays: 3, loose: 4 }, birds: flockIds.map((id) => ({ flock_id: id, birds: 99 })) },
});
if (counted.statusCode !== 201) throw new Error(`fixture stock counts: ${counted.statusCode} ${counted.body}`);
const stockCountIds = counted.json<{ counts: { id: number }[] }>().counts.map((c) => c.id);
// A report of the records above, made before the bad requests start.
const reportIds = [await fixture('/api/reports/sales', { start_date: shiftDay(saleDay, -10), end_date: saleDay })];
await app.reportJobs.idle();
// The owner's summary of the week so far (decision 078), over the records above.
const summaryIds = [await fixture('/api/summaries/current', {})];
// A payment waiting on its provider, its reference one of the ids, so that bad requests for it hit a real row.
await app.db.insert(payments).values({
  farmId: owner.farm.id,
  createdBy: owner.user.id,
  method: 'mpesa',
  reference: String(reportIds[0]),
  status: 'pending',
  amountCents: 250_000,
  phone: '254700000404',
  providerRequestId: 'fuzz-payment',
  nextCheckAt: new Date(Date.now() + 3_600_000),
});
// One session for every bad request: none may end it (a 401 midway would hide the answers that follow).
const token = await createSession(app, owner.user, owner.farm);
const ownIds = [...new Set([...flockIds, ...vaccinationIds, ...eggIds, ...saleIds, ...expenseIds, ...budgetIds, ...inventoryIds, ...feedIds, ...stockCountIds, ...reportIds, ...summaryIds])];

const stats = { sent: 0, refused: 0, validReads: 0, hostileValid: 0, byStatus: new Map<number, number>(), byKind: new Map<string, number>() };
const started = performance.now();

afterAll(() => {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const statuses = [...stats.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
  const kinds = [...stats.byKind].sort(([, a], [, b]) => b - a).map(([k, n]) => `${k}: ${n}`).join(', ');
  process.stdout.write(
    `bad input: ${stats.sent} requests over ${routes.length} routes in ${seconds} s — ${stats.refused} refused as bad input, ` +
      `${stats.validReads} valid reads, ${stats.hostileValid} valid-but-hostile writes\n  statuses ${statuses}\n  kinds ${kinds}\n`,
  );
});

async function send(route: ApiRoute, req: FuzzRequest, ip: string, auth = token): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...bearer(auth), ...req.headers };
  if (req.body?.contentType !== undefined) headers['content-type'] = req.body.contentType;
  const res = await app.inject({
    method: route.method as 'GET',
    url: requestUrl(route, req),
    headers,
    remoteAddress: ip,
    ...(req.body ? { payload: req.body.payload } : {}),
  });
  stats.sent += 1;
  stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
  stats.byKind.set(req.kind, (stats.byKind.get(req.kind) ?? 0) + 1);
  return res;
}

/** What is wrong with the answer to a request the oracle judged, or null. */
function problemWith(route: ApiRoute, expected: 'invalid' | 'valid', res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `a ${res.statusCode}`;
  if (expected === 'invalid') {
    if (res.statusCode < 400) return `bad input accepted with ${res.statusCode}`;
    // The session is valid: a 401 here means a bad request ended it, or the route lost its auth.
    if (res.statusCode === 401 && !route.public) return 'a 401 with a valid session';
  }
  return res.statusCode >= 400 ? errorShapeProblem(res) : null;
}

function describeRequest(route: ApiRoute, req: FuzzRequest, res: LightMyRequestResponse): string {
  const payload = req.body ? `${req.body.contentType ?? '(no content-type)'} ${req.body.payload.slice(0, 300)}` : '(no body)';
  return `${route.method} ${requestUrl(route, req).slice(0, 300)} [${req.kind}] ${payload}\n→ ${res.statusCode} ${res.body.slice(0, 300)}`;
}

/**
 * fc.assert, reporting the failing request through our own short message
 * (fast-check would print the whole counterexample, a megabyte at times).
 */
async function check<Ts extends [unknown, ...unknown[]]>(property: fc.IAsyncProperty<Ts>, numRuns: number): Promise<void> {
  const result = await fc.check(property, { numRuns, ...(SEED === undefined ? {} : { seed: SEED }) });
  if (!result.failed) return;
  const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
  throw new Error(`${error}\n(replay: FUZZ_SEED=${result.seed}, path ${result.counterexamplePath ?? ''}, after ${result.numRuns} runs, shrunk ${result.numShrinks} times)`);
}

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();
const protoBefore = prototypeKeys();
const BATCH = 8;
// A route with no params, query or body to validate can only ignore junk: a few batches show it does.
const hasInput = (r: ApiRoute) => r.params.length > 0 || r.schema.querystring !== undefined || r.method !== 'GET';
const PLAIN_RUNS = 8 * BATCH;
const perRoute = Math.max(BATCH, (TARGET - PLAIN_RUNS * routes.filter((r) => !hasInput(r)).length) / Math.max(1, routes.filter(hasInput).length));

/** Every picture upload is counted, refused or not (its hourly limit, decision 052): the snapshot leaves that counter out. */
const PICTURE_UPLOAD = 'POST /api/auth/update-profile-picture';
const UPLOAD_COUNTER = ['auth_throttle'];

describe('every route refuses bad input with a 4xx and changes nothing', () => {
  for (const route of routes) {
    it(
      route.key,
      async () => {
        const exclude = route.key === PICTURE_UPLOAD ? UPLOAD_COUNTER : [];
        const before = await databaseSnapshot(app, exclude);
        const judged = requestArb(route, ownIds)
          .map((req) => ({ req, expected: verdict(route, req) }))
          // Valid writes would change rows: only reads are sent whatever the oracle says.
          .filter(({ expected }) => route.method === 'GET' || expected === 'invalid');
        // A batch per run, sent together: the database works on one request while the next is parsed.
        const batch = fc.array(fc.tuple(judged, fc.ipV4()), { minLength: BATCH, maxLength: BATCH });
        await check(
          fc.asyncProperty(batch, async (requests) => {
            const answers = await Promise.all(requests.map(([{ req }, ip]) => send(route, req, ip)));
            requests.forEach(([{ req, expected }], i) => {
              const res = answers[i] as LightMyRequestResponse;
              if (expected === 'invalid') stats.refused += 1;
              else stats.validReads += 1;
              const problem = problemWith(route, expected, res);
              if (problem) throw new Error(`${problem}: ${describeRequest(route, req, res)}`);
            });
          }),
          Math.ceil((hasInput(route) ? perRoute : PLAIN_RUNS) / BATCH),
        );
        expect(await databaseSnapshot(app, exclude), 'rows changed').toEqual(before);
        expect(prototypeKeys()).toEqual(protoBefore);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
      },
      180_000,
    );
  }

  it('sent at least 10,000 bad requests', () => {
    // Only the default run is held to the goal: FUZZ_REQUESTS may shorten a run by hand.
    if (process.env.FUZZ_REQUESTS === undefined) expect(stats.refused).toBeGreaterThanOrEqual(10_000);
  });
});

describe('the defects these checks found stay fixed', () => {
  const headers = () => bearer(token);
  const flock = { name: 'House A', breed: 'Layers', age: 3, initial_bird_count: 50, bird_count: 50, status: 'active' };

  it.each([
    ['a flock name', 'POST', '/api/flocks', { ...flock, name: 'House\u0000A' }, 'name'],
    ['a vaccine name', 'POST', `/api/flocks/${flockIds[0]}/vaccinations`, { vaccine_name: 'x\u0000', date: '2025-01-01 08:00:00', status: 'Pending', mode_of_administration: 'Oral' }, 'vaccine_name'],
    ['a login', 'POST', '/api/auth/login', { identifier: 'someone\u0000', password: 'whatever1' }, 'identifier'],
    ['a search', 'GET', '/api/flocks?q=a%00b', undefined, 'q'],
  ])('refuses a NUL character in %s with its field (was a 500 from PostgreSQL)', async (_what, method, url, payload, field) => {
    const before = await databaseSnapshot(app);
    const res = await app.inject({ method: method as 'GET', url, headers: headers(), ...(payload ? { payload } : {}), remoteAddress: '10.9.9.9' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation', message: NUL_MESSAGE, fields: { [field]: NUL_MESSAGE } } });
    // The login's throttle counter included: the refusal comes before the route's own preHandler.
    expect(await databaseSnapshot(app)).toEqual(before);
  });

  it.each([
    ['a broken %-escape', '/api/flocks/%E0%A4%A', 400, 'The address is not valid.'],
    ['an id of 150 characters', `/api/flocks/${'1'.repeat(150)}`, 414, 'The address is too long.'],
  ])('answers %s in the path in the error shape (was Fastify’s own)', async (_what, url, status, message) => {
    const res = await app.inject({ method: 'GET', url, headers: headers() });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: { code: 'validation', message } });
  });

  it('takes an Idempotency-Key with a body nested 100,000 deep (was a 500 from hashing it)', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const key = { 'idempotency-key': `deep-${Date.now()}` };
    const bad = await app.inject({ method: 'POST', url: '/api/flocks', headers: { ...headers(), ...key, 'content-type': 'application/json' }, payload: deep });
    expect(bad.statusCode, bad.body).toBe(400);
    // Valid fields with the deep part in a field the schema drops: created once, then replayed.
    const payload = `{"name":"Deep","breed":"Layers","age":1,"initial_bird_count":5,"bird_count":5,"status":"active","extra":${deep}}`;
    const send = () => app.inject({ method: 'POST', url: '/api/flocks', headers: { ...headers(), ...key, 'content-type': 'application/json' }, payload });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('refuses a body over 1 MB with 413 on every route that reads one', async () => {
    const before = await databaseSnapshot(app);
    const payload = JSON.stringify({ name: 'y'.repeat(1_100_000) });
    for (const route of routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))) {
      const url = route.url.replace(/:([A-Za-z0-9_]+)/g, String(flockIds[0]));
      // An address of its own (its own rate limits), on loopback: starting a simulated payment is this machine's only (decision 050).
      const res = await app.inject({ method: route.method as 'POST', url, headers: { ...headers(), 'content-type': 'application/json' }, payload, remoteAddress: '127.9.9.8' });
      expect(res.statusCode, route.key).toBe(413);
      expect(errorShapeProblem(res), route.key).toBeNull();
      stats.sent += 1;
      stats.refused += 1;
    }
    expect(await databaseSnapshot(app)).toEqual(before);
  });
});

/**
 * The profile picture upload reads multipart, not JSON, so the schema-driven fuzz above
 * reaches it only with bodies it refuses before reading a file. Here: forms of random parts,
 * bytes that start like a picture and are not one, pictures cut short, hostile field and
 * file names. Each is refused with a 4xx in the error shape and nothing is stored.
 */
describe('profile picture uploads that are not a picture', () => {
  const UPLOAD = '/api/auth/update-profile-picture';
  const BOUNDARY = '----kukuFuzzBoundary7MA4YWxkTrZu0gW';
  const encoder = new TextEncoder();
  const MAGIC = ['\x89PNG\r\n\x1a\n', '\xff\xd8\xff\xe0', 'GIF89a', 'RIFF\x00\x00\x00\x00WEBPVP8 ', '<svg xmlns="http://www.w3.org/2000/svg">', '%PDF-1.7', ''].map((m) =>
    Uint8Array.from(m, (c) => c.charCodeAt(0)),
  );

  interface Part {
    field: string;
    filename: string | null;
    type: string | null;
    content: Uint8Array;
  }

  function form(parts: Part[]): Buffer {
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const disposition = `form-data; name="${part.field}"${part.filename === null ? '' : `; filename="${part.filename}"`}`;
      const type = part.type === null ? '' : `Content-Type: ${part.type}\r\n`;
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
    return Buffer.concat(chunks);
  }

  // The shared session: no upload ends it, and a new one would show in the snapshot.
  const send = async (payload: Buffer, ip: string) =>
    app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload,
      remoteAddress: ip,
    });

  it('refuses random forms with a 4xx and stores nothing', async () => {
    // A real picture, to be cut short at random.
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#e67700' } }).png().toBuffer();
    const content = fc.oneof(
      fc.uint8Array({ maxLength: 4096 }),
      fc.tuple(fc.constantFrom(...MAGIC), fc.uint8Array({ maxLength: 2048 })).map(([magic, tail]) => Buffer.concat([magic, tail])),
      // Cut within its pixel data: a PNG short of only its end chunk still decodes whole, and is a picture.
      fc.nat({ max: Math.floor(picture.length / 2) }).map((n) => picture.subarray(0, n)),
    );
    const part = fc.record({
      field: fc.oneof(fc.constantFrom('profilePicture', 'profilepicture', 'avatar', '__proto__', 'constructor', ''), fc.string({ maxLength: 20 })),
      filename: fc.option(fc.oneof(fc.constantFrom('me.png', 'me.jpg', '../../etc/passwd', 'x.svg', ''), fc.string({ maxLength: 40 }))),
      type: fc.option(fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/plain', 'application/octet-stream', '')),
      content,
    });
    const before = await databaseSnapshot(app, UPLOAD_COUNTER);
    await check(
      fc.asyncProperty(fc.array(part, { maxLength: 3 }), fc.ipV4(), async (parts, ip) => {
        const res = await send(form(parts), ip);
        stats.sent += 1;
        stats.refused += 1;
        if (res.statusCode !== 400 && res.statusCode !== 413) throw new Error(`a ${res.statusCode}: ${res.body.slice(0, 300)}`);
        const problem = errorShapeProblem(res);
        if (problem) throw new Error(problem);
      }),
      150,
    );
    expect(await databaseSnapshot(app, UPLOAD_COUNTER), 'rows changed').toEqual(before);
  }, 120_000);

  it.each([
    ['exactly 5 MB of noise: read, and refused as not a picture', 5 * 1024 * 1024, 400],
    ['a byte over 5 MB: refused as too large', 5 * 1024 * 1024 + 1, 413],
  ])('%s', async (_what, size, status) => {
    const before = await databaseSnapshot(app, UPLOAD_COUNTER);
    const res = await send(form([{ field: 'profilePicture', filename: 'big.jpg', type: 'image/jpeg', content: randomBytes(size) }]), '10.9.9.7');
    expect(res.statusCode, res.body).toBe(status);
    expect(errorShapeProblem(res)).toBeNull();
    expect(await databaseSnapshot(app, UPLOAD_COUNTER)).toEqual(before);
    stats.sent += 1;
    stats.refused += 1;
  });

  it('takes no part without a name in the picture field', async () => {
    const res = await send(form([{ field: 'profilePicture', filename: null, type: null, content: encoder.encode('a text field') }]), '10.9.9.6');
    expect(res.statusCode).toBe(400);
    expect(errorShapeProblem(res)).toBeNull();
  });
});

/**
 * Auth calls with valid-looking input for unknown accounts answer without
 * changing anything but their per-account throttle counter (auth_throttle):
 * counting every try is the point of that table, so the snapshot leaves it out.
 */
const THROTTLE_ONLY = new Set(['POST /api/auth/login', 'POST /api/auth/verify-otp', 'POST /api/auth/resend-otp', 'POST /api/auth/forgot-password', 'POST /api/auth/reset-password']);
const writes = routes
  .filter((r) => r.method !== 'GET')
  // The throttle-only routes first: later ones (register) queue mail that the mailer marks sent in the background.
  .sort((a, b) => Number(THROTTLE_ONLY.has(b.key)) - Number(THROTTLE_ONLY.has(a.key)));

describe('valid but hostile input never gets a 5xx', () => {
  for (const route of writes) {
    it(
      route.key,
      async () => {
        const bodySchema = jsonSchemaOf(route.schema.body);
        const querySchema = jsonSchemaOf(route.schema.querystring);
        // A body naming a flock names one of the owner's, so valid writes reach the rows (eggs), not just the flock lookup.
        const ownFlock = (value: Record<string, unknown>) =>
          'flock_id' in value ? fc.constantFrom(...flockIds).map((flock_id) => ({ ...value, flock_id })) : fc.constant(value);
        const body = bodySchema?.type === 'object' ? validObject(bodySchema, true).chain(ownFlock) : fc.constant(undefined);
        const query = querySchema?.type === 'object' ? validObject(querySchema) : fc.constant({});
        const extra = fc.option(fc.constantFrom(['__proto__', { polluted: true }] as const, ['farm_id', 1] as const, ['role', 'admin'] as const), { freq: 4 });
        const params = fc.record(Object.fromEntries(route.params.map((p) => [p, fc.constantFrom(...ownIds.map(String))])));
        const before = THROTTLE_ONLY.has(route.key) ? await databaseSnapshot(app, ['auth_throttle']) : null;
        await check(
          fc.asyncProperty(fc.record({ body, query, extra, params: params as fc.Arbitrary<Record<string, string>> }), fc.ipV4(), async (input, ip) => {
            const payload = input.body && input.extra ? objectOf([...Object.entries(input.body), input.extra]) : input.body;
            const req: FuzzRequest = {
              params: input.params,
              query: Object.entries(input.query).map(([k, v]) => [k, String(v)]),
              headers: {},
              kind: 'valid but hostile',
              ...(payload === undefined ? {} : { body: { contentType: 'application/json', payload: toJsonText(payload) } }),
            };
            // A session per private request (logout and a password change end theirs); public calls need none.
            const res = await send(route, req, ip, route.public ? token : await createSession(app, owner.user, owner.farm));
            stats.hostileValid += 1;
            const problem = problemWith(route, verdict(route, req), res);
            if (problem) throw new Error(`${problem}: ${describeRequest(route, req, res)}`);
          }),
          40,
        );
        if (before) expect(await databaseSnapshot(app, ['auth_throttle']), 'rows changed').toEqual(before);
      },
      120_000,
    );
  }
});
