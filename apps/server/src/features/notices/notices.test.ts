import { DEFAULT_NOTICE_PREFERENCES, noticeWords, SMS_DAILY_CAP_DEFAULT, type Language, type NoticeKind } from '@kuku/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farms, mailOutbox, noticePreferences, notifications, smsMessages, users, vaccinations } from '../../db/schema/index.js';
import { SIMULATOR_NUMBERS } from '../../integrations/sms/simulator.js';
import { createTestApp } from '../../test/app.js';
import { addMember, bearer, createFlock, createSession, createUser, lastCodeFor, uniqueUsername } from '../../test/factories.js';
import { storeNotification, type NotificationDraft } from '../notifications/service.js';
import { checkUnsubscribeToken, unsubscribeToken } from './links.js';
import { pushAllowed } from './service.js';

/**
 * Notices beyond the app (decision 076): each stored notice's mail and text as the user chose for
 * its kind, the choices' routes, the unsubscribe link, quiet hours and the daily cap on a clock the
 * test sets, and the SMS outbox's retries to a visible failure against the simulator.
 */

const SECRET = 'notice-link-secret-for-these-tests-only-0123456789';
let app: FastifyInstance;
let origin = '';

beforeAll(async () => {
  app = await createTestApp({ env: { NOTICE_LINK_SECRET: SECRET } });
  // The SMS simulator runs in this app and calls it back; a mail's links name this address.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  origin = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
});
// fetch keeps its connections to the app alive; the close would wait them out.
afterAll(() => app.server.closeAllConnections());

interface Owner {
  user: { id: number; email: string; username: string };
  farm: { id: number; name: string };
  headers: Record<string, string>;
}

async function owner(options: { phone?: string; confirmed?: boolean; language?: Language; verified?: boolean; cap?: number } = {}): Promise<Owner> {
  const { user, farm } = await createUser(app, { phoneNumber: options.phone ?? null, verified: options.verified ?? true });
  if (options.confirmed) await app.db.update(users).set({ phoneConfirmedAt: new Date() }).where(eq(users.id, user.id));
  if (options.language) await app.db.update(users).set({ language: options.language }).where(eq(users.id, user.id));
  if (options.cap !== undefined) await app.db.update(farms).set({ smsDailyCap: options.cap }).where(eq(farms.id, farm.id));
  return { user, farm, headers: bearer(await createSession(app, user, farm)) };
}

let seq = 0;
/** A notice of `kind` for the farm's owners, its words in both languages. */
const draft = (kind: NoticeKind, link = '/inventory'): NotificationDraft => {
  const n = ++seq;
  return {
    say: (l) => (l === 'sw' ? { title: `Kichwa ${n}`, message: `Ujumbe wa ${n}.` } : { title: `Title ${n}`, message: `The message of ${n}.` }),
    type: 'info',
    kind,
    link,
    audience: 'owners',
  };
};

const mailsOf = (userId: number) => app.db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId)).orderBy(asc(mailOutbox.id));
const textsOf = (farmId: number) => app.db.select().from(smsMessages).where(eq(smsMessages.farmId, farmId)).orderBy(asc(smsMessages.id));
const choiceRows = async (userId: number) => (await app.db.select().from(noticePreferences).where(eq(noticePreferences.userId, userId))).sort((a, b) => a.kind.localeCompare(b.kind));
/** Noon in Nairobi on a day long past: no sender running on the real clock finds these due. */
const NOON = new Date('2026-03-10T09:00:00Z');

describe('a stored notice goes by mail and SMS as the kind says', () => {
  it('by the defaults: payments by mail and SMS, low stock by SMS only, a report by neither; SMS only to a confirmed phone', async () => {
    const o = await owner({ phone: '0712 345 678', confirmed: true });
    await storeNotification(app.db, o.farm.id, draft('payments', '/billing'), NOON);
    await storeNotification(app.db, o.farm.id, draft('lowStock'), NOON);
    await storeNotification(app.db, o.farm.id, draft('reports', '/reports'), NOON);
    const mails = await mailsOf(o.user.id);
    expect(mails.map((m) => [m.kind, m.to, m.farmId])).toEqual([['payments', o.user.email, o.farm.id]]);
    const texts = await textsOf(o.farm.id);
    expect(texts.map((t) => [t.kind, t.to, t.status, t.userId])).toEqual([
      ['payments', '+254712345678', 'Queued', o.user.id],
      ['lowStock', '+254712345678', 'Queued', o.user.id],
    ]);
    // The notice's own words with the farm's name, in one GSM-7 part.
    expect(texts[0]?.body).toBe(`${o.farm.name}: Title ${seq - 2}. The message of ${seq - 2}.`);

    const unconfirmed = await owner({ phone: '0712 345 678' });
    await storeNotification(app.db, unconfirmed.farm.id, draft('payments', '/billing'), NOON);
    expect(await mailsOf(unconfirmed.user.id)).toHaveLength(1);
    expect(await textsOf(unconfirmed.farm.id)).toEqual([]);

    // An address never verified gets no mail; the in-app notice is stored all the same.
    const unverified = await owner({ verified: false });
    const stored = await storeNotification(app.db, unverified.farm.id, draft('payments', '/billing'), NOON);
    expect(stored).toHaveLength(1);
    expect(await mailsOf(unverified.user.id)).toEqual([]);
  });

  it("in the user's language, and each notice once: a second store of the same source writes nothing", async () => {
    const o = await owner({ phone: '0712345678', confirmed: true, language: 'sw' });
    const once = { ...draft('payments', '/billing'), sourceKey: `payment:test-${seq}` };
    await storeNotification(app.db, o.farm.id, once, NOON);
    await storeNotification(app.db, o.farm.id, once, NOON);
    const [mail, ...more] = await mailsOf(o.user.id);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Kichwa ${seq} · ${o.farm.name}`);
    expect(mail?.text).toContain(`Ujumbe wa ${seq}.`);
    expect(mail?.html).toContain('Fungua kwenye Kuku');
    const texts = await textsOf(o.farm.id);
    expect(texts.map((t) => t.body)).toEqual([`${o.farm.name}: Kichwa ${seq}. Ujumbe wa ${seq}.`]);
  });

  it('push follows the choice too', async () => {
    const o = await owner();
    await app.db.insert(noticePreferences).values({ userId: o.user.id, kind: 'lowStock', push: false, mail: false, sms: false });
    const allowed = await pushAllowed(app.db, [
      { userId: o.user.id, kind: 'lowStock' },
      { userId: o.user.id, kind: 'payments' },
    ]);
    expect([...allowed]).toEqual([`${o.user.id}:payments`]);
  });

  it('a vaccination a week ahead goes to the app and not by SMS; the reminder the day before and an overdue one are texted', async () => {
    const o = await owner({ phone: '0712 345 679', confirmed: true });
    const flock = await createFlock(app, o);
    // 06:30 in Nairobi on a day long past; the farm's day not told yet.
    const morning = new Date('2026-03-12T03:30:00Z');
    const at = (days: number) => new Date(morning.getTime() + days * 86_400_000 + 6 * 3_600_000);
    await app.db.insert(vaccinations).values(
      (
        [
          ['Gumboro', 3],
          ['Newcastle', 1],
          ['Fowl pox', -2],
        ] as const
      ).map(([vaccineName, days]) => ({ farmId: o.farm.id, flockId: flock.id, vaccineName, date: at(days), status: 'Pending' as const, mode: 'Oral' as const, createdBy: o.user.id })),
    );
    await app.dailyNotifications.run(morning);
    const told = await app.db.select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, o.user.id));
    expect(told.map((n) => n.title).sort()).toEqual(['Vaccination due', 'Vaccination overdue', 'Vaccination tomorrow']);
    const texts = await textsOf(o.farm.id);
    expect(texts.map((t) => t.body.replace(`${o.farm.name}: `, '').split('.')[0]).sort()).toEqual(['Vaccination overdue', 'Vaccination tomorrow']);
    expect(texts.find((t) => t.body.includes('tomorrow'))?.body).toContain('Newcastle');
  });
});

describe('GET and PUT /api/profile/notices', () => {
  const get = (o: Owner, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/api/profile/notices', headers: { ...o.headers, ...headers } });
  const put = (o: Owner, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'PUT', url: '/api/profile/notices', headers: { ...o.headers, ...headers }, payload: payload as object });

  it('answers the defaults, the phone and whether it is confirmed; a choice changes that kind and channel only', async () => {
    const o = await owner({ phone: '0712345678' });
    const res = await get(o);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ phone: '+254712345678', phone_confirmed: false, preferences: DEFAULT_NOTICE_PREFERENCES });

    const changed = await put(o, { preferences: { reports: { mail: true }, payments: { mail: false, push: false } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().preferences).toEqual({
      ...DEFAULT_NOTICE_PREFERENCES,
      reports: { ...DEFAULT_NOTICE_PREFERENCES.reports, mail: true },
      payments: { ...DEFAULT_NOTICE_PREFERENCES.payments, mail: false, push: false },
    });
    expect((await get(o)).json()).toEqual(changed.json());

    // The choices decide the next notices' mail.
    await storeNotification(app.db, o.farm.id, draft('reports', '/reports'), NOON);
    await storeNotification(app.db, o.farm.id, draft('payments', '/billing'), NOON);
    expect((await mailsOf(o.user.id)).map((m) => m.kind)).toEqual(['reports']);
  });

  it('SMS with no confirmed phone: 422 in English and Kiswahili, nothing changed; with one, taken', async () => {
    const o = await owner({ phone: '0712345678' });
    await put(o, { preferences: { reports: { mail: true } } });
    const before = await choiceRows(o.user.id);
    const refused = await put(o, { preferences: { reports: { sms: true }, budget: { mail: true } } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'rule_broken', message: noticeWords.smsNeedsConfirmedPhone });
    const sw = await put(o, { preferences: { reports: { sms: true } } }, { 'accept-language': 'sw' });
    expect(sw.statusCode).toBe(422);
    expect(sw.json().error.message).toBe('Thibitisha nambari yako ya simu kwenye Wasifu wangu kabla ya kuchagua SMS.');
    expect(await choiceRows(o.user.id)).toEqual(before);

    // Turning SMS off, or leaving a default on, needs no phone.
    expect((await put(o, { preferences: { payments: { sms: false } } })).statusCode).toBe(200);

    await app.db.update(users).set({ phoneConfirmedAt: new Date() }).where(eq(users.id, o.user.id));
    const taken = await put(o, { preferences: { reports: { sms: true } } });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ phone_confirmed: true, preferences: { reports: { push: true, mail: true, sms: true } } });
  });

  it.each([
    ['an unknown kind', { preferences: { weather: { mail: true } } }],
    ['an unknown channel', { preferences: { reports: { fax: true } } }],
    ['a channel that is not true or false', { preferences: { reports: { mail: 'yes' } } }],
    ['no preferences', {}],
    ['preferences that are not an object', { preferences: [] }],
  ])('%s: 400, nothing changed', async (_what, body) => {
    const o = await owner();
    const res = await put(o, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(await choiceRows(o.user.id)).toEqual([]);
  });

  it("each person chooses for themselves, whatever their role: a worker's choice is theirs, never the owner's; signed out, 401", async () => {
    const o = await owner();
    const worker = await addMember(app, o.farm, 'worker');
    const res = await app.inject({ method: 'PUT', url: '/api/profile/notices', headers: worker.headers, payload: { preferences: { lowStock: { push: false } } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().preferences.lowStock).toEqual({ ...DEFAULT_NOTICE_PREFERENCES.lowStock, push: false });
    expect(await choiceRows(o.user.id)).toEqual([]);
    expect(await choiceRows(worker.user.id)).toMatchObject([{ kind: 'lowStock', push: false }]);
    expect((await app.inject({ method: 'GET', url: '/api/profile/notices' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: '/api/profile/notices', payload: { preferences: {} } })).statusCode).toBe(401);
  });
});

describe('the mail and its unsubscribe link (RFC 8058)', () => {
  const page = { accept: 'text/html,application/xhtml+xml' };

  async function sentMail(o: Owner) {
    await storeNotification(app.db, o.farm.id, draft('payments', '/billing'), NOON);
    await app.mailer.flush();
    const [mail] = (await mailsOf(o.user.id)).slice(-1);
    if (!mail) throw new Error('no mail');
    return mail;
  }
  const linkIn = (mail: { headers: Record<string, string> }) => /^<(.+)>$/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';

  it('has an HTML and a text part with the farm, the words, a link back and an unsubscribe link, and the one-click headers', async () => {
    const o = await owner();
    const mail = await sentMail(o);
    expect(mail.sentAt).toBeInstanceOf(Date);
    expect(mail.subject).toBe(`Title ${seq} · ${o.farm.name}`);
    const link = linkIn(mail);
    expect(link).toMatch(new RegExp(`^${origin}/api/notices/unsubscribe\\?token=`));
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    for (const part of [mail.text, mail.html]) {
      // The farm's name ("x's Farm") is text in the HTML: its quote escaped.
      expect(part).toContain(part === mail.html ? o.farm.name.replaceAll("'", '&#39;') : o.farm.name);
      expect(part).toContain(`The message of ${seq}.`);
      expect(part).toContain(`${origin}/billing`);
      expect(part).toContain(`${origin}/my-profile`);
      expect(part).not.toContain('{{kuku.');
    }
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(link.replaceAll('&', '&amp;'));
    expect(mail.html).toMatch(/^<!doctype html>/);
    const token = new URL(link).searchParams.get('token');
    expect(checkUnsubscribeToken(Buffer.from(SECRET), token)).toMatchObject({ ok: true, claim: { userId: o.user.id, kind: 'payments' } });
  });

  it('GET answers a page that asks, changing nothing; POST one-click turns that kind of mail off, and no more come', async () => {
    const o = await owner({ phone: '0712345678', confirmed: true });
    const link = linkIn(await sentMail(o));
    const path = link.slice(origin.length);

    const asked = await app.inject({ method: 'GET', url: path, headers: page });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toMatch(/^text\/html/);
    expect(asked.body).toContain(o.user.email);
    expect(asked.body).toContain('<form method="post" action="/api/notices/unsubscribe">');
    expect(await choiceRows(o.user.id)).toEqual([]);

    const oneClick = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(await choiceRows(o.user.id)).toMatchObject([{ kind: 'payments', push: true, mail: false, sms: true }]);

    // Again: still 200, still off. The page's button posts the token in the form instead.
    const token = new URL(link).searchParams.get('token') ?? '';
    const button = await app.inject({
      method: 'POST',
      url: '/api/notices/unsubscribe',
      headers: { ...page, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(button.statusCode).toBe(200);
    expect(button.body).toContain(noticeWords.unsubscribedTitle);

    const before = (await mailsOf(o.user.id)).length;
    await storeNotification(app.db, o.farm.id, draft('payments', '/billing'), NOON);
    expect(await mailsOf(o.user.id)).toHaveLength(before);
  });

  it("the page is in the user's language", async () => {
    const o = await owner({ language: 'sw' });
    const path = linkIn(await sentMail(o)).slice(origin.length);
    const res = await app.inject({ method: 'GET', url: path, headers: page });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="sw">');
    expect(res.body).toContain('Acha barua pepe hizi');
  });

  it('a forged, altered, expired or missing token: 400 with a clear message, nothing changed', async () => {
    const o = await owner();
    const link = linkIn(await sentMail(o));
    const token = new URL(link).searchParams.get('token') ?? '';
    const [user, kind, issued, signature] = token.split('.');
    const expired = unsubscribeToken(Buffer.from(SECRET), o.user.id, 'payments', new Date(Date.now() - 61 * 24 * 60 * 60 * 1000));
    const cases: [string, string, string][] = [
      ['forged', unsubscribeToken(Buffer.from('another secret, not the server one at all'), o.user.id, 'payments'), noticeWords.linkInvalid],
      ['another user', `${Number(user) + 1}.${kind}.${issued}.${signature}`, noticeWords.linkInvalid],
      ['another kind', `${user}.weeklySummary.${issued}.${signature}`, noticeWords.linkInvalid],
      ['expired', expired, noticeWords.linkExpired],
      ['garbage', 'not-a-token', noticeWords.linkInvalid],
    ];
    for (const [what, bad, message] of cases) {
      const url = `/api/notices/unsubscribe?token=${encodeURIComponent(bad)}`;
      const html = await app.inject({ method: 'GET', url, headers: page });
      expect(html.statusCode, what).toBe(400);
      expect(html.body, what).toContain(message.replaceAll("'", '&#39;'));
      const oneClick = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(oneClick.statusCode, what).toBe(400);
      expect(oneClick.json().error, what).toMatchObject({ code: 'validation', message });
    }
    const none = await app.inject({ method: 'POST', url: '/api/notices/unsubscribe', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(none.statusCode).toBe(400);
    expect(await choiceRows(o.user.id)).toEqual([]);
  });
});

describe('quiet hours and the daily cap, on a set clock (Africa/Nairobi, UTC+3)', () => {
  const at = (iso: string) => new Date(iso);

  it('a text from 21:00 to 06:00 farm time waits for 06:00; the outbox sends it then, not before', async () => {
    const o = await owner({ phone: SIMULATOR_NUMBERS.delivered, confirmed: true });
    await storeNotification(app.db, o.farm.id, draft('lowStock'), at('2026-04-01T18:30:00Z')); // 21:30
    await storeNotification(app.db, o.farm.id, draft('lowStock'), at('2026-04-01T23:00:00Z')); // 02:00 the next day
    await storeNotification(app.db, o.farm.id, draft('lowStock'), at('2026-04-02T17:59:00Z')); // 20:59
    const texts = await textsOf(o.farm.id);
    expect(texts.map((t) => t.sendAfter.toISOString())).toEqual(['2026-04-02T03:00:00.000Z', '2026-04-02T03:00:00.000Z', '2026-04-02T17:59:00.000Z']);

    await app.smsOutbox.flush(at('2026-04-02T02:59:59Z'));
    expect((await textsOf(o.farm.id)).map((t) => t.status)).toEqual(['Queued', 'Queued', 'Queued']);
    await app.smsOutbox.flush(at('2026-04-02T03:00:00Z'));
    expect((await textsOf(o.farm.id)).map((t) => [t.status, t.attempts])).toEqual([
      ['Success', 1],
      ['Success', 1],
      ['Queued', 0],
    ]);
  });

  it("beyond the farm's cap a farm day, a text is stored Skipped with the reason and never sent; a held text counts on the day it goes", async () => {
    expect(SMS_DAILY_CAP_DEFAULT).toBe(5);
    const o = await owner({ phone: SIMULATOR_NUMBERS.delivered, confirmed: true, cap: 2 });
    const day1 = ['2026-05-04T05:00:00Z', '2026-05-04T09:00:00Z', '2026-05-04T12:00:00Z']; // 08:00, 12:00, 15:00
    for (const when of day1) await storeNotification(app.db, o.farm.id, draft('lowStock'), at(when));
    // 22:30 on day 1: held to 06:00 on day 2, so it is day 2's first.
    await storeNotification(app.db, o.farm.id, draft('lowStock'), at('2026-05-04T19:30:00Z'));
    // Day 2: one more fits, then the cap.
    await storeNotification(app.db, o.farm.id, draft('lowStock'), at('2026-05-05T06:00:00Z'));
    await storeNotification(app.db, o.farm.id, draft('lowStock'), at('2026-05-05T07:00:00Z'));
    const texts = await textsOf(o.farm.id);
    expect(texts.map((t) => t.status)).toEqual(['Queued', 'Queued', 'Skipped', 'Queued', 'Queued', 'Skipped']);
    expect(texts[2]?.failureReason).toBe("Not sent: the farm's daily SMS limit (2) was reached");

    await app.smsOutbox.flush(at('2026-05-06T00:00:00Z'));
    const after = await textsOf(o.farm.id);
    expect(after.map((t) => t.status)).toEqual(['Success', 'Success', 'Skipped', 'Success', 'Success', 'Skipped']);
    expect(after.filter((t) => t.status === 'Skipped').map((t) => [t.attempts, t.providerMessageId, t.costCents])).toEqual([
      [0, null, 0],
      [0, null, 0],
    ]);
    // The in-app notices were all stored: the cap is the texts'.
    const [stored] = await app.db.select({ n: count() }).from(notifications).where(eq(notifications.farmId, o.farm.id));
    expect(stored?.n).toBe(6);
  });

  it('a cap of 0 sends no notice by SMS', async () => {
    const o = await owner({ phone: SIMULATOR_NUMBERS.delivered, confirmed: true, cap: 0 });
    await storeNotification(app.db, o.farm.id, draft('payments', '/billing'), NOON);
    expect((await textsOf(o.farm.id)).map((t) => t.status)).toEqual(['Skipped']);
  });
});

describe("the SMS outbox against the simulator's numbers", () => {
  const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);

  it('a gateway answering 500 is tried 4 times, 1, 5 and 30 minutes apart, then stays Failed with the reason', async () => {
    const o = await owner({ phone: SIMULATOR_NUMBERS.gatewayDown, confirmed: true });
    const t0 = new Date('2026-06-01T09:00:00Z');
    await storeNotification(app.db, o.farm.id, draft('lowStock'), t0);
    const row = async () => (await textsOf(o.farm.id))[0];

    await app.smsOutbox.flush(t0);
    expect(await row()).toMatchObject({ status: 'Queued', attempts: 1, failureReason: "Africa's Talking: HTTP 500", claimedUntil: null, nextAttemptAt: at(t0, 1) });
    await app.smsOutbox.flush(at(t0, 0.5));
    expect((await row())?.attempts).toBe(1);
    await app.smsOutbox.flush(at(t0, 1));
    expect(await row()).toMatchObject({ status: 'Queued', attempts: 2, nextAttemptAt: at(t0, 6) });
    await app.smsOutbox.flush(at(t0, 6));
    expect(await row()).toMatchObject({ status: 'Queued', attempts: 3, nextAttemptAt: at(t0, 36) });
    await app.smsOutbox.flush(at(t0, 36));
    expect(await row()).toMatchObject({ status: 'Failed', attempts: 4, failureReason: "Africa's Talking: HTTP 500", providerMessageId: null });
    await app.smsOutbox.flush(at(t0, 24 * 60));
    expect((await row())?.attempts).toBe(4);
  });

  it('a number the gateway refuses is stored refused at once; one never delivered turns Failed by its report', async () => {
    const refused = await owner({ phone: SIMULATOR_NUMBERS.invalid, confirmed: true });
    const undelivered = await owner({ phone: SIMULATOR_NUMBERS.undelivered, confirmed: true });
    const t0 = new Date('2026-06-02T09:00:00Z');
    await storeNotification(app.db, refused.farm.id, draft('lowStock'), t0);
    await storeNotification(app.db, undelivered.farm.id, draft('lowStock'), t0);
    await app.smsOutbox.flush(t0);
    expect((await textsOf(refused.farm.id))[0]).toMatchObject({ status: 'InvalidPhoneNumber', statusCode: 403, failureReason: 'InvalidPhoneNumber', attempts: 1 });
    expect((await textsOf(undelivered.farm.id))[0]).toMatchObject({ status: 'Success', statusCode: 101, attempts: 1 });
    // The simulator's delivery report comes back 300 ms later.
    const deadline = Date.now() + 5000;
    while ((await textsOf(undelivered.farm.id))[0]?.status !== 'Failed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect((await textsOf(undelivered.farm.id))[0]).toMatchObject({ status: 'Failed', failureReason: 'DeliveryFailure' });
  });
});

describe('an invitation accepted (kind staff)', () => {
  it('tells the owners when the invitee joins, in the app; by mail once the owner chose it', async () => {
    const o = await owner();
    await app.db.insert(noticePreferences).values({ userId: o.user.id, kind: 'staff', push: true, mail: true, sms: false });
    const username = uniqueUsername('joiner');
    const email = `${username}@example.com`;
    const invited = await app.inject({ method: 'POST', url: '/api/staff', headers: o.headers, payload: { username, email, role: 'worker' } });
    expect(invited.statusCode, invited.body).toBe(201);
    const joined = await app.inject({
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { email, otp: await lastCodeFor(app, email), new_password: 'a good password 1' },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const told = await app.db.select().from(notifications).where(and(eq(notifications.farmId, o.farm.id), eq(notifications.userId, o.user.id)));
    expect(told.map((n) => [n.title, n.message, n.link])).toEqual([['Invitation accepted', `${username} has joined ${o.farm.name}.`, '/user-registration']]);
    expect((await mailsOf(o.user.id)).map((m) => [m.kind, m.subject])).toEqual([['staff', `Invitation accepted · ${o.farm.name}`]]);
  });
});
