import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { smsMessages } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';

/** POST /api/sms/delivery-reports (docs/integrations.md §8.4, decision 075), through app.inject. */
let app: FastifyInstance;
let allowListed: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  allowListed = await createTestApp({ env: { AT_CALLBACK_IPS: '52.48.80.1' } });
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function sentText(db = app) {
  const messageId = `ATXid_${Math.random().toString(16).slice(2)}`;
  const [row] = await db.db
    .insert(smsMessages)
    .values({ to: '+254712345678', body: 'Habari', status: 'Success', statusCode: 101, providerMessageId: messageId, costCents: 80 })
    .returning();
  if (!row) throw new Error('no row');
  return row;
}

const report = (target: FastifyInstance, payload: string, remoteAddress = '127.0.0.1', headers: Record<string, string> = FORM) =>
  target.inject({ method: 'POST', url: '/api/sms/delivery-reports', headers, payload, remoteAddress });
const rowOf = async (target: FastifyInstance, id: number) => (await target.db.select().from(smsMessages).where(eq(smsMessages.id, id)))[0];

describe('POST /api/sms/delivery-reports', () => {
  it('a Success report marks the text delivered', async () => {
    const text = await sentText();
    const res = await report(app, form({ id: text.providerMessageId ?? '', status: 'Success', phoneNumber: '+254712345678', networkCode: '63902', retryCount: '0' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Success' });
    expect(await rowOf(app, text.id)).toMatchObject({ status: 'Success', failureReason: null, costCents: 80 });
  });

  it('a Failed report keeps the reason; a late Buffered does not undo it', async () => {
    const text = await sentText();
    const id = text.providerMessageId ?? '';
    expect((await report(app, form({ id, status: 'Failed', phoneNumber: '+254712345678', failureReason: 'DeliveryFailure' }))).statusCode).toBe(200);
    expect((await report(app, form({ id, status: 'Buffered' }))).json()).toEqual({ status: 'Failed' });
    expect(await rowOf(app, text.id)).toMatchObject({ status: 'Failed', failureReason: 'DeliveryFailure' });
  });

  it('a Rejected report without a reason says Rejected', async () => {
    const text = await sentText();
    await report(app, form({ id: text.providerMessageId ?? '', status: 'Rejected' }));
    expect(await rowOf(app, text.id)).toMatchObject({ status: 'Rejected', failureReason: 'Rejected' });
  });

  it.each([
    ['an unknown id', (id: string) => form({ id: `${id}-other`, status: 'Success' }), '127.0.0.1', FORM, 404],
    ['another number', (id: string) => form({ id, status: 'Success', phoneNumber: '+254700000001' }), '127.0.0.1', FORM, 404],
    ['no id', () => form({ status: 'Success' }), '127.0.0.1', FORM, 400],
    ['an unknown status', (id: string) => form({ id, status: 'Delivered' }), '127.0.0.1', FORM, 400],
    ['a retry count that is not a number', (id: string) => form({ id, status: 'Success', retryCount: 'x' }), '127.0.0.1', FORM, 400],
    ['an id too long', () => form({ id: 'x'.repeat(101), status: 'Success' }), '127.0.0.1', FORM, 400],
    ['plain text', (id: string) => `id=${id}&status=Success`, '127.0.0.1', { 'content-type': 'text/plain' }, 400],
    ['a caller not on this machine', (id: string) => form({ id, status: 'Failed' }), '203.0.113.5', FORM, 404],
    ['a forwarded caller without a trusted proxy', (id: string) => form({ id, status: 'Failed' }), '127.0.0.1', { ...FORM, 'x-forwarded-for': '203.0.113.5' }, 404],
  ])('%s: a 4xx, and nothing changes', async (_what, body, ip, headers, status) => {
    const text = await sentText();
    const res = await report(app, body(text.providerMessageId ?? ''), ip, headers);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(await rowOf(app, text.id)).toEqual(text);
  });

  it('takes JSON too, checked by the same schema', async () => {
    const text = await sentText();
    const res = await app.inject({ method: 'POST', url: '/api/sms/delivery-reports', payload: { id: text.providerMessageId, status: 'Failed', failureReason: 'AbsentSubscriber' }, remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(app, text.id)).toMatchObject({ status: 'Failed', failureReason: 'AbsentSubscriber' });
  });

  it('with AT_CALLBACK_IPS, only those addresses: this machine is refused too', async () => {
    const text = await sentText(allowListed);
    const id = text.providerMessageId ?? '';
    expect((await report(allowListed, form({ id, status: 'Failed' }), '127.0.0.1')).statusCode).toBe(404);
    expect(await rowOf(allowListed, text.id)).toEqual(text);
    expect((await report(allowListed, form({ id, status: 'Success' }), '52.48.80.1')).statusCode).toBe(200);
    expect(await rowOf(allowListed, text.id)).toMatchObject({ status: 'Success' });
  });
});

describe('GET /api/dev/outbox/sms', () => {
  it('answers this machine the texts, newest first, and anyone else a 404', async () => {
    const text = await sentText();
    const res = await app.inject({ method: 'GET', url: '/api/dev/outbox/sms', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ to: text.to, body: text.body, status: 'Success', statusCode: 101, costCents: 80, failureReason: null });
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox/sms', remoteAddress: '203.0.113.5' })).statusCode).toBe(404);
  });

  it('is not there in production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    expect((await production.inject({ method: 'GET', url: '/api/dev/outbox/sms', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
  });
});
