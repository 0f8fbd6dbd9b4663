import { randomBytes } from 'node:crypto';
import { addDays, SESSION_DAYS, trialEndsAt, type CreateFlockInput } from '@kuku/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { farmMembers, farms, mailOutbox, sessions, users } from '../db/schema/index.js';
import { hashPassword, hashToken, newSessionToken } from '../features/auth/secrets.js';
import { createFlock as createFlockRow } from '../features/flocks/service.js';

export const DEFAULT_PASSWORD = 'correct horse 1';

// Hashing once keeps factories fast; each user still gets its own row.
let defaultHash: Promise<string> | null = null;

export function uniqueUsername(prefix = 'u'): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

export interface UserOverrides {
  username?: string;
  email?: string;
  password?: string;
  verified?: boolean;
  registeredAt?: Date;
  paidUntil?: Date | null;
  suspendedAt?: Date | null;
  phoneNumber?: string | null;
}

/** A farm with its owner, inserted directly. */
export async function createUser(app: FastifyInstance, overrides: UserOverrides = {}) {
  const username = overrides.username ?? uniqueUsername();
  const email = overrides.email ?? `${username.toLowerCase()}@example.com`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const passwordHash = overrides.password ? await hashPassword(password) : await (defaultHash ??= hashPassword(DEFAULT_PASSWORD));
  const registeredAt = overrides.registeredAt ?? new Date();
  return app.db.transaction(async (tx) => {
    const [farm] = await tx
      .insert(farms)
      .values({
        name: `${username}'s Farm`,
        trialStartedAt: registeredAt,
        trialEndsAt: trialEndsAt(registeredAt),
        paidUntil: overrides.paidUntil ?? null,
        suspendedAt: overrides.suspendedAt ?? null,
        createdAt: registeredAt,
      })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({
        username,
        email,
        passwordHash,
        emailVerified: overrides.verified ?? true,
        phoneNumber: overrides.phoneNumber ?? null,
        createdAt: registeredAt,
      })
      .returning();
    if (!farm || !user) throw new Error('factory insert failed');
    await tx.insert(farmMembers).values({ farmId: farm.id, userId: user.id, role: 'owner' });
    return { user, farm, password };
  });
}

/** A session row for the user; `expiresAt` in the past makes an expired token. */
export async function createSession(app: FastifyInstance, user: { id: number }, farm: { id: number }, expiresAt = addDays(new Date(), SESSION_DAYS)) {
  const token = newSessionToken();
  await app.db.insert(sessions).values({ tokenHash: hashToken(token), userId: user.id, farmId: farm.id, expiresAt });
  return token;
}

/** Logs in through the API, as the web app does, and returns the bearer token. */
export async function login(app: FastifyInstance, identifier: string, password = DEFAULT_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

/** A new user with a farm, signed in through the login route: the user, the farm and the session's token. */
export async function signedInUser(app: FastifyInstance) {
  const { user, farm } = await createUser(app);
  return { user, farm, token: await login(app, user.email) };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The newest code mailed to `email`, read from the outbox. */
export async function lastCodeFor(app: FastifyInstance, email: string): Promise<string> {
  // Forgot-password and resend-otp mail after their answer (decision 049).
  await app.afterAnswer.settled();
  const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
  const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export async function mailsTo(app: FastifyInstance, email: string) {
  await app.afterAnswer.settled();
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
}

/** A flock of the farm, through the service the API uses. */
export async function createFlock(
  app: FastifyInstance,
  owner: { user: { id: number }; farm: { id: number } },
  overrides: Partial<CreateFlockInput> = {},
) {
  return createFlockRow(app.db, owner.farm.id, owner.user.id, {
    name: overrides.name ?? `Flock ${randomBytes(3).toString('hex')}`,
    breed: overrides.breed ?? 'Layers',
    age: overrides.age ?? 10,
    initial_bird_count: overrides.initial_bird_count ?? 100,
    bird_count: overrides.bird_count ?? 100,
    status: overrides.status ?? 'active',
  });
}

/** An owner with a signed-in session's headers and one flock: where a feature's records start. */
export async function farmWithFlock(app: FastifyInstance, overrides: Parameters<typeof createFlock>[2] = {}) {
  const owner = await createUser(app);
  const headers = bearer(await createSession(app, owner.user, owner.farm));
  const flock = await createFlock(app, owner, overrides);
  return { ...owner, headers, flock };
}

/** A second person of an existing farm, joined with `role`, with a session's headers. */
export async function addMember(app: FastifyInstance, farm: { id: number }, role: 'manager' | 'worker' | 'auditor', overrides: { username?: string } = {}) {
  const username = overrides.username ?? uniqueUsername(role);
  const [user] = await app.db
    .insert(users)
    .values({ username, email: `${username.toLowerCase()}@example.com`, passwordHash: await (defaultHash ??= hashPassword(DEFAULT_PASSWORD)), emailVerified: true })
    .returning();
  if (!user) throw new Error('factory insert failed');
  await app.db.insert(farmMembers).values({ farmId: farm.id, userId: user.id, role });
  return { user, farm, password: DEFAULT_PASSWORD, headers: bearer(await createSession(app, user, farm)) };
}

/** The `name=value` of the cookie `name` among a response's Set-Cookie headers ('' if none). */
export function cookieFrom(header: string | string[] | number | undefined, name: string): string {
  const found = [header].flat().find((c): c is string => typeof c === 'string' && c.startsWith(`${name}=`));
  return found?.split(';')[0] ?? '';
}

/**
 * One browser's whole 'Continue with Google' through the simulated Google, as `email`: the trip's
 * cookie to the callback and the code's cookie to the exchange (decision 048). Answers the exchange.
 */
export async function continueWithGoogle(app: FastifyInstance, email: string) {
  const start = await app.inject({ method: 'GET', url: `/api/auth/google/login?login_hint=${encodeURIComponent(email)}` });
  const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location') ?? '');
  const callback = await app.inject({
    method: 'GET',
    url: back.pathname + back.search,
    headers: { cookie: cookieFrom(start.headers['set-cookie'], 'kuku_google_sign_in') },
  });
  const code = new URL(String(callback.headers.location), 'http://web.test').searchParams.get('token');
  return app.inject({
    method: 'POST',
    url: '/api/auth/social/exchange',
    payload: { code },
    headers: { cookie: cookieFrom(callback.headers['set-cookie'], 'kuku_social_code') },
  });
}
