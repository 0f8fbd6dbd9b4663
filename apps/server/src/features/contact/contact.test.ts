import { CONTACT_MESSAGE_MAX, CONTACT_PER_USER, contactMailSubject, contactMessages as m } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { contactMessages, mailOutbox } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { bearer, createSession, createUser } from '../../test/factories.js';

let app: FastifyInstance;

beforeAll(async () => {
  // The limits as production has them, and a support address of our own.
  app = await createTestApp({ env: { RATE_LIMIT_SCALE: '1', SUPPORT_EMAIL: 'help@kuku.test', SUPPORT_WHATSAPP: '254700123456' } });
});

async function farmer() {
  const owner = await createUser(app);
  return { ...owner, headers: bearer(await createSession(app, owner.user, owner.farm)) };
}

let ip = 0;
const send = (headers: Record<string, string>, payload: object, remoteAddress = `10.1.0.${++ip}`) =>
  app.inject({ method: 'POST', url: '/api/contact', headers, payload, remoteAddress });
const good = { name: 'Wanjiku', email: 'Wanjiku@Example.com', message: 'How do I record a batch of chicks?' };
const rowsOf = (farmId: number) => app.db.select().from(contactMessages).where(eq(contactMessages.farmId, farmId));
const mailsTo = (to: string) => app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('POST /api/contact', () => {
  it('keeps the message and mails it to support, in the product’s words', async () => {
    const owner = await farmer();
    const before = (await mailsTo('help@kuku.test')).length;
    const res = await send(owner.headers, good);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: m.sent });
    const [row] = await rowsOf(owner.farm.id);
    expect(row).toMatchObject({ name: 'Wanjiku', email: 'wanjiku@example.com', message: good.message, createdBy: owner.user.id });
    const mails = await mailsTo('help@kuku.test');
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe(contactMailSubject('Wanjiku'));
    expect(mail.text).toContain('wanjiku@example.com');
    expect(mail.text).toContain(owner.user.username);
    expect(mail.text).toContain(good.message);
  });

  it.each([
    [{ ...good, name: '' }, 'name', m.nameRequired],
    [{ ...good, name: undefined }, 'name', m.nameRequired],
    [{ ...good, email: '' }, 'email', m.emailRequired],
    [{ ...good, email: 'not-an-email' }, 'email', m.emailInvalid],
    [{ ...good, message: '   ' }, 'message', m.messageRequired],
    [{ ...good, message: 'x'.repeat(100_000) }, 'message', m.messageTooLong],
  ])('%#: refuses a bad %s with its message and keeps and mails nothing', async (payload, field, message) => {
    const owner = await farmer();
    const res = await send(owner.headers, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await rowsOf(owner.farm.id)).toEqual([]);
  });

  it('lets a user send a few an hour, then says to wait', async () => {
    const owner = await farmer();
    for (let i = 0; i < CONTACT_PER_USER; i++) expect((await send(owner.headers, good)).statusCode).toBe(200);
    const refused = await send(owner.headers, good);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(m.tooMany);
    expect(await rowsOf(owner.farm.id)).toHaveLength(CONTACT_PER_USER);
  });

  it('thanks a bot that filled the hidden field and keeps nothing', async () => {
    const owner = await farmer();
    const res = await send(owner.headers, { ...good, botcheck: true });
    expect(res.json()).toEqual({ success: true, message: m.sent });
    expect(await rowsOf(owner.farm.id)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await send({}, good)).statusCode).toBe(401);
  });

  it('CONTACT_MESSAGE_MAX characters are taken', async () => {
    const owner = await farmer();
    expect((await send(owner.headers, { ...good, message: 'x'.repeat(CONTACT_MESSAGE_MAX) })).statusCode).toBe(200);
  });
});

describe('GET /api/contact/support', () => {
  it('answers the support address, phone and WhatsApp link from configuration', async () => {
    const owner = await farmer();
    const res = await app.inject({ method: 'GET', url: '/api/contact/support', headers: owner.headers });
    expect(res.json()).toEqual({ email: 'help@kuku.test', phone: '254700123456', whatsapp_url: 'https://wa.me/254700123456' });
  });
});

describe('a retried send', () => {
  it('with the same Idempotency-Key keeps and mails the message once', async () => {
    const owner = await farmer();
    const headers = { ...owner.headers, 'idempotency-key': `contact-${owner.user.id}` };
    const first = await send(headers, good, '10.9.9.9');
    const again = await send(headers, good, '10.9.9.9');
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    expect(await rowsOf(owner.farm.id)).toHaveLength(1);
  });
});
