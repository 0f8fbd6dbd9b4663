import {
  authMessages,
  eggMessages,
  SALE_CATEGORY_LABELS,
  saleMessages,
  inventoryMessages,
  languageMessages,
  mailWords,
  notificationTexts,
  requestWords,
  type User,
} from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../db/schema/index.js';
import { createTestApp } from '../test/app.js';
import { addMember, farmWithFlock, mailsTo, uniqueUsername } from '../test/factories.js';
import { today } from '../test/farm-days.js';
import { errorsPlugin } from './errors.js';

// The server's words in the request's or the account's language (decision 068).

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const sw = <T extends object>(words: T) => wordsIn('sw', words);

/** An egg record without a flock: refused with the eggs' 'Please select a flock.' */
const eggsWithoutFlock = (headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/egg-productions', headers, payload: { date_produced: today(), eggs_collected: 10 } });

const setLanguage = (headers: Record<string, string>, language: unknown) =>
  app.inject({ method: 'PUT', url: '/api/auth/language', headers, payload: { language } });

describe('a bad request is answered in the language asked for', () => {
  it('in English without Accept-Language, in Kiswahili with sw, its field messages too', async () => {
    const f = await farmWithFlock(app);
    const english = await eggsWithoutFlock(f.headers);
    expect(english.statusCode).toBe(400);
    const fields = english.json<{ error: { message: string; fields: Record<string, string> } }>().error.fields;
    expect(Object.values(fields)).toContain(eggMessages.selectFlock);

    const swahili = await eggsWithoutFlock({ ...f.headers, 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.5' });
    expect(swahili.statusCode).toBe(400);
    const { error } = swahili.json<{ error: { message: string; fields: Record<string, string> } }>();
    expect(Object.values(error.fields)).toContain(sw(eggMessages).selectFlock);
    expect(sw(eggMessages).selectFlock).not.toBe(eggMessages.selectFlock);
    // The English object is the same after: the server never changes it.
    expect(eggMessages.selectFlock).toBe('Please select a flock.');
  });

  it('answers an unknown language or a header with junk in English, never failing', async () => {
    const f = await farmWithFlock(app);
    for (const header of ['xx-YY', 'sw;q=banana', ';;;,,,', '*', 'x'.repeat(600)]) {
      const res = await eggsWithoutFlock({ ...f.headers, 'accept-language': header });
      expect(res.statusCode, header).toBe(400);
      expect(Object.values(res.json<{ error: { fields: Record<string, string> } }>().error.fields), header).toContain(eggMessages.selectFlock);
    }
  });

  it('says a sentence built from figures again in Kiswahili, with the same figures', async () => {
    const f = await farmWithFlock(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: f.headers,
      payload: { item_name: 'Layers mash', flock_id: f.flock.id, quantity: 5, unit: 'bags', reorder_level: 1, cost_per_unit: 3_200 },
    });
    expect(created.statusCode).toBe(201);
    const res = await app.inject({
      method: 'POST',
      url: `/api/inventory/${created.json<{ id: number }>().id}/remove`,
      headers: { ...f.headers, 'accept-language': 'sw' },
      payload: { quantity: 8, reason: 'used' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(sw(inventoryMessages).removalTooMuch(5));
    expect(sw(inventoryMessages).removalTooMuch(5)).toContain('5');
  });
});

describe("the server's own refusals are said in the language asked for, the English ones as they were", () => {
  const SW = { 'accept-language': 'sw' };
  const error = (res: { json: <T>() => T }) => res.json<{ error: { code: string; message: string } }>().error;
  const json = { 'content-type': 'application/json' };

  it('says malformed JSON, an empty body, a body that is not an object and one too large in Kiswahili', async () => {
    const malformed = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/auth/register', headers: { ...json, ...headers }, payload: '{"username": ' });
    expect(error(await malformed({}))).toEqual({ code: 'validation', message: 'The request body is not valid JSON.' });
    const swahili = await malformed(SW);
    expect(swahili.statusCode).toBe(400);
    expect(error(swahili)).toEqual({ code: 'validation', message: sw(requestWords).notValidJson });
    expect(sw(requestWords).notValidJson).not.toBe(requestWords.notValidJson);

    const empty = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/auth/register', headers: { ...json, ...headers }, payload: '' });
    expect(error(await empty({}))).toEqual({ code: 'validation', message: "Body cannot be empty when content-type is set to 'application/json'" });
    expect(error(await empty(SW))).toEqual({ code: 'validation', message: sw(requestWords).emptyBody });

    const array = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/auth/register', headers, payload: [1, 2] as unknown as object });
    expect(error(await array({})).message).toBe('The request body must be a JSON object.');
    expect(error(await array(SW)).message).toBe(sw(requestWords).bodyNotObject);

    const huge = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/auth/register', headers: { ...json, ...headers }, payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(error(await huge({}))).toEqual({ code: 'too_large', message: 'The request is too large.' });
    expect(error(await huge(SW))).toEqual({ code: 'too_large', message: sw(requestWords).tooLarge });
  });

  it('says a body that is not JSON at all in Kiswahili', async () => {
    const xml = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/xml', ...headers }, payload: '<user/>' });
    const english = await xml({});
    expect(english.statusCode).toBe(415);
    expect(error(english)).toEqual({ code: 'validation', message: 'Send the request body as JSON.' });
    const swahili = await xml(SW);
    expect(swahili.statusCode).toBe(415);
    expect(error(swahili)).toEqual({ code: 'validation', message: sw(requestWords).sendJson });
  });

  it('says an address too long or not valid in Kiswahili (refused by the router, before any hook)', async () => {
    for (const [url, status, english, key] of [
      [`/api/flocks/${'1'.repeat(150)}`, 414, 'The address is too long.', 'addressTooLong'],
      ['/api/flocks/%E0%A4%A', 400, 'The address is not valid.', 'addressNotValid'],
    ] as const) {
      const plain = await app.inject({ method: 'GET', url });
      expect(plain.statusCode, url).toBe(status);
      expect(error(plain), url).toEqual({ code: 'validation', message: english });
      const swahili = await app.inject({ method: 'GET', url, headers: SW });
      expect(swahili.statusCode, url).toBe(status);
      expect(error(swahili), url).toEqual({ code: 'validation', message: sw(requestWords)[key] });
    }
  });

  it('says an unknown path in Kiswahili, with the method and the path as they came', async () => {
    const english = await app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(english.statusCode).toBe(404);
    expect(error(english)).toEqual({ code: 'not_found', message: 'No such path: GET /api/no-such-thing' });
    const swahili = await app.inject({ method: 'DELETE', url: '/api/no-such-thing', headers: SW });
    expect(swahili.statusCode).toBe(404);
    expect(error(swahili)).toEqual({ code: 'not_found', message: sw(requestWords).noSuchPath('DELETE', '/api/no-such-thing') });
    expect(error(swahili).message).not.toContain('No such path');
    expect(error(swahili).message).toContain('DELETE /api/no-such-thing');
  });

  it("says the development conveniences' 404 from afar in Kiswahili too", async () => {
    const far = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/dev/outbox', headers, remoteAddress: '203.0.113.5' });
    expect(error(await far({}))).toEqual({ code: 'not_found', message: 'No such path: GET /api/dev/outbox' });
    expect(error(await far(SW))).toEqual({ code: 'not_found', message: sw(requestWords).noSuchPath('GET', '/api/dev/outbox') });
  });

  it('says a request without a session, or with one that has ended, in Kiswahili', async () => {
    const english = await app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(english.statusCode).toBe(401);
    expect(error(english)).toEqual({ code: 'unauthenticated', message: 'Please log in.' });
    const swahili = await app.inject({ method: 'GET', url: '/api/auth/me', headers: SW });
    expect(error(swahili)).toEqual({ code: 'unauthenticated', message: sw(requestWords).logIn });
    const ended = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: 'Bearer no-such-session', ...headers } });
    expect(error(await ended({}))).toEqual({ code: 'unauthenticated', message: 'Your session has ended. Please log in again.' });
    expect(error(await ended(SW))).toEqual({ code: 'unauthenticated', message: sw(requestWords).sessionEnded });
  });

  it("says an error of ours in Kiswahili, with the request's id as its reference", async () => {
    // A server of the error handler alone: the shared app has no route that fails so.
    const broken = Fastify({ logger: false });
    await broken.register(errorsPlugin);
    broken.get('/broken', async () => {
      throw new Error('a bug');
    });
    try {
      const english = await broken.inject({ method: 'GET', url: '/broken' });
      expect(english.statusCode).toBe(500);
      const { requestId } = english.json<{ error: { requestId: string } }>().error;
      expect(error(english).message).toBe(`Something went wrong on our side. Reference: ${requestId}`);
      const swahili = await broken.inject({ method: 'GET', url: '/broken', headers: SW });
      const id = swahili.json<{ error: { requestId: string } }>().error.requestId;
      expect(error(swahili)).toMatchObject({ code: 'internal', message: sw(requestWords).ourSide(id) });
      expect(error(swahili).message).toContain(id);
    } finally {
      await broken.close();
    }
  });
});

describe("an answer's sentences", () => {
  it("says the sales' remarks in Kiswahili, those built from figures too", async () => {
    const f = await farmWithFlock(app);
    const empty = await app.inject({ method: 'GET', url: '/api/sales/stats', headers: { ...f.headers, 'accept-language': 'sw' } });
    expect(empty.json<{ remarks: { text: string }[] }>().remarks.map((r) => r.text)).toContain(sw(saleMessages).remarkNoSalesThisMonth);
    const english = await app.inject({ method: 'GET', url: '/api/sales/stats', headers: f.headers });
    expect(english.json<{ remarks: { text: string }[] }>().remarks.map((r) => r.text)).toContain(saleMessages.remarkNoSalesThisMonth);
  });

  it('names a stored category in a remark by its Kiswahili label', async () => {
    const f = await farmWithFlock(app);
    const sale = { flock_id: f.flock.id, category: 'Egg Sales', product: 'Trays', quantity: 2, unit_price: 400, date: today(), sale_type: 'Cash', status: 'paid' };
    expect((await app.inject({ method: 'POST', url: '/api/sales', headers: f.headers, payload: sale })).statusCode).toBe(201);
    const res = await app.inject({ method: 'GET', url: '/api/sales/stats', headers: { ...f.headers, 'accept-language': 'sw' } });
    const texts = res.json<{ remarks: { text: string }[] }>().remarks.map((r) => r.text);
    expect(texts).toContain(sw(saleMessages).remarkBestSeller('Egg Sales'));
    expect(texts.join(' ')).toContain(sw(SALE_CATEGORY_LABELS)['Egg Sales']);
    expect(texts.join(' ')).not.toContain('Egg Sales');
  });
});

describe('PUT /api/auth/language', () => {
  it("keeps the account's language, which then answers its requests without any header", async () => {
    const f = await farmWithFlock(app);
    const res = await setLanguage(f.headers, 'sw');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string; user: User }>()).toMatchObject({ message: sw(languageMessages).changed, user: { language: 'sw' } });
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: f.headers });
    expect(me.json<User>().language).toBe('sw');
    // The account's choice is taken over the browser's list.
    const refused = await eggsWithoutFlock({ ...f.headers, 'accept-language': 'en-US' });
    expect(Object.values(refused.json<{ error: { fields: Record<string, string> } }>().error.fields)).toContain(sw(eggMessages).selectFlock);
  });

  it('gives the choice back to the browser with null, and changes no other account', async () => {
    const f = await farmWithFlock(app);
    const other = await farmWithFlock(app);
    expect((await setLanguage(f.headers, 'sw')).statusCode).toBe(200);
    const reset = await setLanguage(f.headers, null);
    expect(reset.statusCode).toBe(200);
    expect(reset.json<{ user: User }>().user.language).toBeNull();
    const [row] = await app.db.select({ language: users.language }).from(users).where(eq(users.id, other.user.id));
    expect(row?.language).toBeNull();
  });

  it('refuses a language Kuku is not written in, and anything that is not one, changing nothing', async () => {
    const f = await farmWithFlock(app);
    for (const language of ['fr', 'SW', '', 42, undefined, { sw: true }]) {
      const res = await setLanguage(f.headers, language);
      expect(res.statusCode, JSON.stringify(language)).toBe(400);
    }
    const swahili = await app.inject({ method: 'PUT', url: '/api/auth/language', headers: { ...f.headers, 'accept-language': 'sw' }, payload: { language: 'fr' } });
    expect(swahili.json<{ error: { message: string } }>().error.message).toBe(sw(languageMessages).unknown);
    const [row] = await app.db.select({ language: users.language }).from(users).where(eq(users.id, f.user.id));
    expect(row?.language).toBeNull();
  });

  it('needs a session', async () => {
    const res = await setLanguage({}, 'sw');
    expect(res.statusCode).toBe(401);
  });
});

describe('what the server sends a person is in their language', () => {
  it("mails a sign-up's code in the language the sign-up was made in, and answers it so", async () => {
    const username = uniqueUsername('sw');
    const email = `${username.toLowerCase()}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'sw' },
      payload: { username, email, password: 'kukupass123' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ message: string }>().message).toBe(sw(authMessages).registered);
    const [mail] = await mailsTo(app, email);
    expect(mail?.subject).toBe(sw(mailWords).verificationSubject);
    expect(mail?.text).toContain(sw(mailWords).hello(username));
    expect(mail?.html).toContain('<html lang="sw">');
  });

  it('tells each member of a farm in their own language', async () => {
    const f = await farmWithFlock(app);
    const worker = await addMember(app, f.farm, 'worker');
    expect((await setLanguage(f.headers, 'sw')).statusCode).toBe(200);
    const item = await app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: f.headers,
      payload: { item_name: 'Layers mash', flock_id: f.flock.id, quantity: 10, unit: 'bags', reorder_level: 5, cost_per_unit: 3_200 },
    });
    const id = item.json<{ id: number }>().id;
    const removed = await app.inject({ method: 'POST', url: `/api/inventory/${id}/remove`, headers: worker.headers, payload: { quantity: 7, reason: 'used' } });
    expect(removed.statusCode).toBe(200);
    await app.notifier.settled();
    const told = async (userId: number) => (await app.db.select().from(notifications).where(eq(notifications.userId, userId)))[0];
    expect(await told(f.user.id)).toMatchObject(sw(notificationTexts).lowStock('Layers mash', sw(inventoryMessages).lowStock(3, 5)));
    expect(await told(worker.user.id)).toMatchObject(notificationTexts.lowStock('Layers mash', inventoryMessages.lowStock(3, 5)));
  });
});
