import { randomInt } from 'node:crypto';
import { authMessages, OTP_MAX_ATTEMPTS, phoneConfirmationWords, phoneMessages, profileMessages } from '@kuku/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, smsMessages, users } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { bearer, createSession, createUser } from '../../test/factories.js';

/** The profile's phone confirmed by a code sent by SMS (decision 076), through the SMS simulator. */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  // The simulator runs in this app: the SMS client calls it on a real port.
  await app.listen({ port: 0, host: '127.0.0.1' });
});

/** A number of its own for each test, ending in 1: none of the simulator's failing endings. */
const freshNumber = () => `0712${String(randomInt(0, 100_000)).padStart(5, '0')}1`;
const e164 = (local: string) => `+254${local.slice(1)}`;

async function person(phoneNumber: string | null = freshNumber()) {
  const stored = phoneNumber === null ? null : phoneNumber.startsWith('0') ? `254${phoneNumber.slice(1)}` : phoneNumber;
  const { user, farm } = await createUser(app, { phoneNumber: stored });
  return { user, farm, phone: phoneNumber, headers: bearer(await createSession(app, user, farm)) };
}
type Person = Awaited<ReturnType<typeof person>>;

const sendCode = (p: Person) => app.inject({ method: 'POST', url: '/api/profile/phone/code', headers: p.headers });
const confirm = (p: Person, payload: unknown) => app.inject({ method: 'POST', url: '/api/profile/phone/confirm', headers: p.headers, payload: payload as object });
const textsTo = (local: string) => app.db.select().from(smsMessages).where(eq(smsMessages.to, e164(local))).orderBy(desc(smsMessages.id));
const codesOf = (userId: number) =>
  app.db.select().from(oneTimeCodes).where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, 'confirm_phone'))).orderBy(desc(oneTimeCodes.id));
const confirmedAt = async (userId: number) => (await app.db.select({ at: users.phoneConfirmedAt }).from(users).where(eq(users.id, userId)))[0]?.at;

/** The code the newest text to the person's phone carries, as the dev outbox shows it. */
async function codeSentTo(p: Person): Promise<string> {
  const [text] = await textsTo(p.phone ?? '');
  const code = text ? /\b(\d{6})\b/.exec(text.body)?.[1] : undefined;
  if (!code) throw new Error(`no code sent to ${p.phone}`);
  return code;
}
/** Lets the next code be asked for at once: the last one's time moves back past the resend wait. */
const pastResendWait = (userId: number) =>
  app.database.query("update one_time_codes set created_at = created_at - interval '2 minutes' where user_id = $1 and purpose = 'confirm_phone'", [userId]);

describe('POST /api/profile/phone/code', () => {
  it('texts a 6-digit code to the profile phone at once, kept hashed for 10 minutes', async () => {
    const p = await person();
    const res = await sendCode(p);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: phoneConfirmationWords.codeSent, phone: e164(p.phone ?? '') });
    const texts = await textsTo(p.phone ?? '');
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ farmId: p.farm.id, status: 'Success', failureReason: null });
    const code = await codeSentTo(p);
    expect(texts[0]?.body).toBe(phoneConfirmationWords.smsText(code, 10));
    const [stored] = await codesOf(p.user.id);
    expect(stored).toMatchObject({ consumedAt: null, attempts: 0 });
    expect(stored?.codeHash).not.toContain(code);
    expect((stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0)).toBe(10 * 60 * 1000);
    expect(await confirmedAt(p.user.id)).toBeNull();
  });

  it("is written in the account's language", async () => {
    const p = await person();
    await app.db.update(users).set({ language: 'sw' }).where(eq(users.id, p.user.id));
    expect((await sendCode(p)).statusCode).toBe(200);
    const [text] = await textsTo(p.phone ?? '');
    expect(text?.body).toMatch(/^Kuku: msimbo wako ni \d{6}\./);
  });

  it.each([
    ['no phone', null, phoneConfirmationWords.noPhone],
    ['a landline', '254201234567', phoneMessages.notKenyanMobile],
  ])('with %s is refused in the domain words (422), and nothing is sent', async (_, phone, message) => {
    const p = await person(phone);
    const res = await sendCode(p);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'rule_broken', message, fields: { phone_number: message } });
    expect(await codesOf(p.user.id)).toHaveLength(0);
    if (phone) expect(await app.db.select().from(smsMessages).where(eq(smsMessages.to, `+${phone}`))).toHaveLength(0);
  });

  it('asked again within the minute waits (429), and no second text goes', async () => {
    const p = await person();
    expect((await sendCode(p)).statusCode).toBe(200);
    const again = await sendCode(p);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toMatch(/wait|seconds/i);
    expect(await textsTo(p.phone ?? '')).toHaveLength(1);
    // After the wait a new code replaces the old one.
    await pastResendWait(p.user.id);
    expect((await sendCode(p)).statusCode).toBe(200);
    const codes = await codesOf(p.user.id);
    expect(codes.map((c) => c.consumedAt === null)).toEqual([true, false]);
  });

  it('at most 5 codes an hour', async () => {
    const p = await person();
    for (let i = 0; i < 5; i += 1) {
      expect((await sendCode(p)).statusCode).toBe(200);
      await pastResendWait(p.user.id);
    }
    const sixth = await sendCode(p);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toBe(authMessages.tooManyAttempts);
    expect(await textsTo(p.phone ?? '')).toHaveLength(5);
  });

  it('a text the gateway refuses says so, and its code is ended', async () => {
    // The simulator refuses a number ending 0403 as invalid.
    const p = await person('0700000403');
    const res = await sendCode(p);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({ code: 'provider_failed', message: phoneConfirmationWords.smsFailed });
    const [code] = await codesOf(p.user.id);
    expect(code?.consumedAt).not.toBeNull();
  });
});

describe('POST /api/profile/phone/confirm', () => {
  it('with the code confirms the phone now', async () => {
    const p = await person();
    await sendCode(p);
    const res = await confirm(p, { code: await codeSentTo(p) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: phoneConfirmationWords.confirmed, phone: e164(p.phone ?? ''), phone_confirmed: true });
    expect(await confirmedAt(p.user.id)).toBeInstanceOf(Date);
    // Used once.
    expect((await confirm(p, { code: await codeSentTo(p) })).statusCode).toBe(422);
  });

  it.each([
    ['no body', undefined],
    ['no code', {}],
    ['a short code', { code: '12345' }],
    ['letters', { code: 'abcdef' }],
    ['a number', { code: 123456 }],
    ['a code of 7 digits', { code: '1234567' }],
  ])('with %s is refused (400) and the phone stays unconfirmed', async (_, body) => {
    const p = await person();
    await sendCode(p);
    const res = await confirm(p, body);
    expect(res.statusCode).toBe(400);
    expect(await confirmedAt(p.user.id)).toBeNull();
    expect((await codesOf(p.user.id))[0]).toMatchObject({ attempts: 0, consumedAt: null });
  });

  it('a wrong code is a broken rule (422) in the code words; the right one still works', async () => {
    const p = await person();
    await sendCode(p);
    const code = await codeSentTo(p);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await confirm(p, { code: wrong });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'rule_broken', message: authMessages.invalidOtp, fields: { code: authMessages.invalidOtp } });
    expect(await confirmedAt(p.user.id)).toBeNull();
    expect((await confirm(p, { code })).statusCode).toBe(200);
  });

  it(`after ${OTP_MAX_ATTEMPTS} wrong codes the code is spent`, async () => {
    const p = await person();
    await sendCode(p);
    const code = await codeSentTo(p);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i += 1) expect((await confirm(p, { code: wrong })).json().error.message).toBe(authMessages.invalidOtp);
    expect((await confirm(p, { code: wrong })).json().error.message).toBe(authMessages.otpTriesUsed);
    expect((await confirm(p, { code })).statusCode).toBe(422);
    expect(await confirmedAt(p.user.id)).toBeNull();
  });

  it('an expired code is refused (422)', async () => {
    const p = await person();
    await sendCode(p);
    await app.database.query("update one_time_codes set expires_at = now() - interval '1 second' where user_id = $1", [p.user.id]);
    const res = await confirm(p, { code: await codeSentTo(p) });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(authMessages.invalidOtp);
    expect(await confirmedAt(p.user.id)).toBeNull();
  });

  it("another person's code confirms nothing, theirs nor mine", async () => {
    const mine = await person();
    const theirs = await person();
    await sendCode(theirs);
    const theirCode = await codeSentTo(theirs);
    // No code of my own yet, then with one.
    expect((await confirm(mine, { code: theirCode })).statusCode).toBe(422);
    await sendCode(mine);
    if ((await codeSentTo(mine)) !== theirCode) expect((await confirm(mine, { code: theirCode })).statusCode).toBe(422);
    expect(await confirmedAt(mine.user.id)).toBeNull();
    expect(await confirmedAt(theirs.user.id)).toBeNull();
    expect((await confirm(theirs, { code: theirCode })).statusCode).toBe(200);
  });

  it('without a phone is refused (422)', async () => {
    const p = await person(null);
    const res = await confirm(p, { code: '123456' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(phoneConfirmationWords.noPhone);
  });
});

describe('a change of number in the profile', () => {
  const update = (p: Person, payload: object) => app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: p.headers, payload });

  it('makes the phone unconfirmed; saving the same number keeps it confirmed', async () => {
    const p = await person();
    await sendCode(p);
    await confirm(p, { code: await codeSentTo(p) });
    const same = await update(p, { phone_number: p.phone });
    expect(same.statusCode, same.body).toBe(200);
    expect(await confirmedAt(p.user.id)).toBeInstanceOf(Date);
    const other = await update(p, { phone_number: freshNumber() });
    expect(other.statusCode).toBe(200);
    expect(other.json().message).toBe(profileMessages.updated);
    expect(await confirmedAt(p.user.id)).toBeNull();
  });

  it("ends the code sent to the old number: it cannot confirm the new one", async () => {
    const p = await person();
    await sendCode(p);
    const code = await codeSentTo(p);
    expect((await update(p, { phone_number: freshNumber() })).statusCode).toBe(200);
    const res = await confirm(p, { code });
    expect(res.statusCode).toBe(422);
    expect(await confirmedAt(p.user.id)).toBeNull();
  });

  it('removing the number makes it unconfirmed', async () => {
    const p = await person();
    await sendCode(p);
    await confirm(p, { code: await codeSentTo(p) });
    expect((await update(p, { phone_number: '' })).statusCode).toBe(200);
    expect(await confirmedAt(p.user.id)).toBeNull();
  });
});
