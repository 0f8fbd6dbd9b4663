import { INVITATIONS_PER_ADDRESS_PER_DAY, INVITATIONS_PER_FARM_PER_DAY, staffMessages as m, type Member } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { bearer, createSession, createUser, mailsTo, uniqueUsername } from '../../test/factories.js';

/** Invitations mail outside addresses: limited per farm and per address a day, at the real limits. */

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
});

async function owner() {
  const o = await createUser(app);
  return { ...o, headers: bearer(await createSession(app, o.user, o.farm)) };
}
const newcomer = (email?: string) => {
  const username = uniqueUsername('inv');
  return { username, email: email ?? `${username}@example.com`, role: 'worker' };
};
const invite = (headers: Record<string, string>, body: object) => app.inject({ method: 'POST', url: '/api/staff', headers, payload: body });
const remove = (headers: Record<string, string>, id: number) => app.inject({ method: 'DELETE', url: `/api/staff/${id}`, headers });
const invitationMails = async (farmName: string) =>
  (await app.database.query<{ n: number }>("select count(*)::int as n from mail_outbox where subject = $1", [`You're invited to ${farmName} on Kuku`]))[0]?.n;

describe('invitations a day', () => {
  it(`a farm sends at most ${INVITATIONS_PER_FARM_PER_DAY} (invitations and resends), and a removal gives none back`, async () => {
    const o = await owner();
    // Invite, remove, invite again: each counts, although the farm never holds more than one.
    for (let i = 0; i < INVITATIONS_PER_FARM_PER_DAY - 2; i++) {
      const res = await invite(o.headers, newcomer());
      expect(res.statusCode, res.body).toBe(201);
      expect((await remove(o.headers, res.json<Member>().id)).statusCode).toBe(204);
    }
    const kept = (await invite(o.headers, newcomer())).json<Member>();
    await app.database.query("update one_time_codes set created_at = created_at - interval '2 minutes' where user_id = $1", [kept.id]);
    expect((await app.inject({ method: 'POST', url: `/api/staff/${kept.id}/resend`, headers: o.headers })).statusCode).toBe(200);
    expect(await invitationMails(o.farm.name)).toBe(INVITATIONS_PER_FARM_PER_DAY);

    const person = newcomer();
    const refused = await invite(o.headers, person);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'rate_limited', message: m.tooManyInvitations });
    await app.database.query("update one_time_codes set created_at = created_at - interval '2 minutes' where user_id = $1", [kept.id]);
    const resend = await app.inject({ method: 'POST', url: `/api/staff/${kept.id}/resend`, headers: o.headers });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().error.message).toBe(m.tooManyInvitations);
    // Refused: no mail, no account, no member.
    expect(await invitationMails(o.farm.name)).toBe(INVITATIONS_PER_FARM_PER_DAY);
    expect(await mailsTo(app, person.email)).toHaveLength(0);
    expect(await app.database.query('select 1 from users where email = $1', [person.email])).toHaveLength(0);
    // The count is kept in the database: a restart or another process reads the same.
    const [kept20] = await app.database.query<{ hits: number }>('select hits from auth_throttle where key = $1', [`invitation-farm:${o.farm.id}`]);
    expect(kept20?.hits).toBe(INVITATIONS_PER_FARM_PER_DAY);
    // Another farm is not held back.
    expect((await invite((await owner()).headers, newcomer())).statusCode).toBe(201);
  });

  it(`one address gets at most ${INVITATIONS_PER_ADDRESS_PER_DAY}, from any farms`, async () => {
    const address = `${uniqueUsername('target')}@example.com`;
    const first = await owner();
    for (let i = 0; i < INVITATIONS_PER_ADDRESS_PER_DAY; i++) {
      const res = await invite(first.headers, newcomer(address));
      expect(res.statusCode, res.body).toBe(201);
      expect((await remove(first.headers, res.json<Member>().id)).statusCode).toBe(204);
    }
    for (const o of [first, await owner()]) {
      const res = await invite(o.headers, newcomer(address));
      expect(res.statusCode).toBe(429);
      expect(res.json().error.message).toBe(m.tooManyInvitationsToAddress);
    }
    expect(await mailsTo(app, address)).toHaveLength(INVITATIONS_PER_ADDRESS_PER_DAY);
    // Another address from the same farm still goes.
    expect((await invite(first.headers, newcomer())).statusCode).toBe(201);
  });
});
