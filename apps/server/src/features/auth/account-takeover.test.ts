import type { User } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { bearer, continueWithGoogle, lastCodeFor, mailsTo, uniqueUsername } from '../../test/factories.js';

/**
 * The whole attack of decision 048: an attacker points their account at a victim's address and
 * waits for the victim's 'Continue with Google'. It must end with two separate farms.
 */

let app: FastifyInstance;
beforeAll(async () => {
  // No Google credentials: the simulated Google, which signs in as the login hint's address.
  app = await createTestApp();
});

/** One browser's 'Continue with Google' as `email`, to the end: the session the web app would get. */
async function signInWithGoogle(email: string): Promise<{ token: string; user: User }> {
  const res = await continueWithGoogle(app, email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("an attacker who sets their email to a victim's", () => {
  it("does not get the victim's Google sign-in into their farm", async () => {
    // The attacker registers and verifies, and keeps a flock on their farm.
    const name = uniqueUsername('attacker');
    const attackerEmail = `${name.toLowerCase()}@example.com`;
    const password = 'attacker pass 1';
    expect((await app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: name, email: attackerEmail, password } })).statusCode).toBe(201);
    const otp = await lastCodeFor(app, attackerEmail);
    expect((await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: attackerEmail, otp } })).statusCode).toBe(200);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: attackerEmail, password } });
    const { token: attackerToken, user: attacker } = login.json<{ token: string; user: User }>();
    const flock = await app.inject({
      method: 'POST',
      url: '/api/flocks',
      headers: bearer(attackerToken),
      payload: { name: 'Bait', breed: 'Layers', age: 20, initial_bird_count: 100, bird_count: 100, status: 'active' },
    });
    expect(flock.statusCode).toBe(201);

    // They set their email to the victim's: without the password it is refused; with it, the code goes to the victim.
    const victimEmail = `${uniqueUsername('victim').toLowerCase()}@example.com`;
    const bare = await app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: bearer(attackerToken), payload: { email: victimEmail } });
    expect(bare.statusCode).toBe(400);
    const withPassword = await app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: bearer(attackerToken),
      payload: { email: victimEmail, password },
    });
    expect(withPassword.statusCode).toBe(200);
    const [row] = await app.db.select().from(users).where(eq(users.id, attacker.id));
    expect(row).toMatchObject({ email: attackerEmail, emailVerified: true });
    // No code reached the attacker: their inbox holds only the registration's.
    expect((await mailsTo(app, attackerEmail)).map((m) => m.subject)).toEqual(['Your Kuku verification code']);

    // The victim continues with Google as their own address: a farm of their own.
    const victim = await signInWithGoogle(victimEmail);
    expect(victim.user.email).toBe(victimEmail);
    expect(victim.user.id).not.toBe(attacker.id);
    expect(victim.user.farm.id).not.toBe(attacker.farm.id);
    expect(victim.user.role).toBe('owner');
    const victimFlocks = await app.inject({ method: 'GET', url: '/api/flocks', headers: bearer(victim.token) });
    expect(victimFlocks.json<{ items: { name: string }[] }>().items).toEqual([]);

    // The attacker's token still sees only the attacker's farm.
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(attackerToken) });
    expect(me.json<User>()).toMatchObject({ id: attacker.id, email: attackerEmail, farm: { id: attacker.farm.id } });
    const attackerFlocks = await app.inject({ method: 'GET', url: '/api/flocks', headers: bearer(attackerToken) });
    expect(attackerFlocks.json<{ items: { name: string }[] }>().items.map((f) => f.name)).toEqual(['Bait']);
    // The code the victim received cannot be used by the attacker to finish the change either: the victim has the address.
    const victimCode = await lastCodeFor(app, victimEmail);
    const confirm = await app.inject({ method: 'POST', url: '/api/auth/confirm-email-change', headers: bearer(attackerToken), payload: { otp: victimCode } });
    expect(confirm.statusCode).toBe(409);
  });
});
