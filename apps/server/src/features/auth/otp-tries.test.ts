import { authMessages, OTP_MAX_ATTEMPTS } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { oneTimeCodes, users } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { createUser, lastCodeFor, uniqueUsername } from '../../test/factories.js';
import type * as secrets from './secrets.js';

/**
 * A code's tries are counted atomically (decision 049): guesses sent together cannot share a
 * try, so at most OTP_MAX_ATTEMPTS of them are ever compared with the code. The comparison is
 * counted where it happens, in secrets.otpMatches. Runs on PGlite and, with DATABASE_URL, on
 * PostgreSQL, where the guesses really run on several connections at once.
 */
const compared = vi.hoisted(() => ({ count: 0 }));
vi.mock('./secrets.js', async (importOriginal) => {
  const actual = await importOriginal<typeof secrets>();
  return {
    ...actual,
    otpMatches: (...args: Parameters<typeof actual.otpMatches>) => {
      compared.count += 1;
      return actual.otpMatches(...args);
    },
  };
});

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const GUESSES = 12;
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

async function codeRow(email: string) {
  const [user] = await app.db.select().from(users).where(eq(users.email, email));
  const [row] = await app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user!.id));
  return row!;
}

describe('guesses at one code sent in parallel', () => {
  it(`verify-otp: ${GUESSES} at once compare at most ${OTP_MAX_ATTEMPTS}, and the code ends`, async () => {
    const username = uniqueUsername('par');
    const account = { username, email: `${username}@example.com`, password: 'password123' };
    expect((await app.inject({ method: 'POST', url: '/api/auth/register', payload: account })).statusCode).toBe(201);
    const otp = await lastCodeFor(app, account.email);
    compared.count = 0;
    const answers = await Promise.all(
      Array.from({ length: GUESSES }, () => app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: account.email, otp: wrongFor(otp) } })),
    );
    expect(compared.count).toBe(OTP_MAX_ATTEMPTS);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(GUESSES).fill(400));
    expect(answers.filter((a) => a.json().error.message === authMessages.otpTriesUsed)).toHaveLength(1);
    const row = await codeRow(account.email);
    expect(row.attempts).toBe(OTP_MAX_ATTEMPTS);
    expect(row.consumedAt).toBeInstanceOf(Date);
    // The right code is no good now, and is not even compared.
    expect((await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: account.email, otp } })).statusCode).toBe(400);
    expect(compared.count).toBe(OTP_MAX_ATTEMPTS);
  });

  it(`reset-password: the right code among ${GUESSES} parallel wrong ones resets at most once, after at most ${OTP_MAX_ATTEMPTS} compares`, async () => {
    const { user } = await createUser(app);
    expect((await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } })).statusCode).toBe(200);
    const otp = await lastCodeFor(app, user.email);
    compared.count = 0;
    const guesses = [...Array(GUESSES - 1).fill(wrongFor(otp)), otp];
    const answers = await Promise.all(
      guesses.map((guess) => app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email: user.email, otp: guess, new_password: 'parallel pass 1' } })),
    );
    expect(compared.count).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeLessThanOrEqual(1);
    expect((await codeRow(user.email)).attempts).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS);
  });
});
