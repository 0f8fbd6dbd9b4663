import { authMessages, staffMessages as m, STAFF_MAX, type EggProduction, type Member, type User } from '@kuku/domain';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { addMember, bearer, continueWithGoogle, createFlock, createSession, createUser, lastCodeFor, mailsTo, uniqueUsername } from '../../test/factories.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});

async function owner() {
  const o = await createUser(app);
  return { ...o, headers: bearer(await createSession(app, o.user, o.farm)) };
}

const invite = (headers: Record<string, string>, body: object) => app.inject({ method: 'POST', url: '/api/staff', headers, payload: body });
const newcomer = (role = 'worker') => {
  const username = uniqueUsername('staff');
  return { username, email: `${username}@example.com`, role };
};
const accept = (email: string, otp: string, new_password = 'a good password 1') =>
  app.inject({ method: 'POST', url: '/api/auth/accept-invitation', payload: { email, otp, new_password } });
const membersCount = async (farmId: number) =>
  (await app.database.query<{ n: number }>('select count(*)::int as n from farm_members where farm_id = $1', [farmId]))[0]?.n;

describe('inviting and joining', () => {
  it('invites a person, mails a code, and the code with a password joins them and signs them in', async () => {
    const o = await owner();
    const person = newcomer('worker');
    const res = await invite(o.headers, person);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Member>()).toMatchObject({ username: person.username, email: person.email, role: 'worker', status: 'invited', last_sign_in_at: null });

    const [mail] = await mailsTo(app, person.email);
    expect(mail?.subject).toBe(`You're invited to ${o.farm.name} on Kuku`);
    expect(mail?.text).toContain(`/auth?invitation=1&email=${encodeURIComponent(person.email)}`);
    expect(mail?.text).toContain(o.user.username);

    // Before accepting, no password works: the account has none a person knows.
    const early = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: person.username, password: 'a good password 1' } });
    expect(early.statusCode).toBe(401);

    const joined = await accept(person.email, await lastCodeFor(app, person.email));
    expect(joined.statusCode, joined.body).toBe(200);
    const { token, user } = joined.json<{ token: string; user: { role: string; farm: { id: number } } }>();
    expect(user).toMatchObject({ role: 'worker', farm: { id: o.farm.id } });
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ username: person.username, role: 'worker', email_verified: true });

    const list = (await app.inject({ method: 'GET', url: '/api/staff', headers: o.headers })).json<{ items: Member[] }>();
    expect(list.items.map((i) => [i.username, i.role, i.status])).toEqual([
      [o.user.username, 'owner', 'active'],
      [person.username, 'worker', 'active'],
    ]);
    expect(list.items[1]?.last_sign_in_at).not.toBeNull();

    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: person.email, password: 'a good password 1' } });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('refuses a wrong or reused code and an address with no invitation, changing nothing', async () => {
    const o = await owner();
    const person = newcomer('auditor');
    await invite(o.headers, person);
    const code = await lastCodeFor(app, person.email);
    const wrong = await accept(person.email, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.otp).toBe(authMessages.invalidOtp);
    const nobody = await accept('nobody-here@example.com', code);
    expect(nobody.json().error.message).toBe(m.invitationInvalid);
    expect((await accept(person.email, code)).statusCode).toBe(200);
    const again = await accept(person.email, code, 'another password 2');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(m.invitationInvalid);
  });

  it('a password reset completes a pending invitation too', async () => {
    const o = await owner();
    const person = newcomer('manager');
    await invite(o.headers, person);
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: person.email } });
    const otp = await lastCodeFor(app, person.email);
    const reset = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email: person.email, otp, new_password: 'reset password 3' } });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: person.username, password: 'reset password 3' } });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.role).toBe('manager');
  });

  it('resends a new code to an invited person (the old one ends) and refuses it once they joined', async () => {
    const o = await owner();
    const person = newcomer('worker');
    const member = (await invite(o.headers, person)).json<Member>();
    const first = await lastCodeFor(app, person.email);
    // The resend wait is the OTP machinery's: a minute between codes.
    await app.database.query("update one_time_codes set created_at = created_at - interval '2 minutes' where user_id = $1", [member.id]);
    const resent = await app.inject({ method: 'POST', url: `/api/staff/${member.id}/resend`, headers: o.headers });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().message).toBe(m.invitationResent(person.email));
    const second = await lastCodeFor(app, person.email);
    if (second !== first) expect((await accept(person.email, first)).statusCode).toBe(400);
    expect((await accept(person.email, second)).statusCode).toBe(200);
    const late = await app.inject({ method: 'POST', url: `/api/staff/${member.id}/resend`, headers: o.headers });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(m.notInvited);
  });
});

describe('bad invitations change nothing', () => {
  it('refuses a member of this farm, an account of another farm, a taken username, a role that does not exist, the owner role', async () => {
    const o = await owner();
    const other = await createUser(app);
    const worker = await addMember(app, o.farm, 'worker');
    const before = await membersCount(o.farm.id);
    const cases: [object, number, string][] = [
      [{ ...newcomer(), email: worker.user.email }, 409, m.alreadyMember],
      [{ ...newcomer(), email: o.user.email }, 409, m.alreadyMember],
      [{ ...newcomer(), email: other.user.email }, 409, m.otherFarm],
      [{ ...newcomer(), username: other.user.username.toUpperCase() }, 409, m.usernameTaken],
      [{ ...newcomer(), role: 'admin' }, 400, m.roleRequired],
      [{ ...newcomer(), role: 'owner' }, 400, m.roleRequired],
      [{ ...newcomer(), role: undefined }, 400, m.roleRequired],
      [{ ...newcomer(), email: 'not-an-email' }, 400, 'Enter a valid email address.'],
      [{ ...newcomer(), username: 'x' }, 400, 'Username must be at least 3 characters.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await invite(o.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(Object.values(res.json().error.fields ?? { m: res.json().error.message })).toContain(message);
    }
    expect(await membersCount(o.farm.id)).toBe(before);
  });

  it('holds the member cap', async () => {
    const o = await owner();
    await app.database.query(
      `with u as (insert into users (username, email, password_hash) select 'cap_' || $2 || '_' || g, 'cap_' || $2 || '_' || g || '@example.com', 'x' from generate_series(1, $3::int) g returning id)
       insert into farm_members (farm_id, user_id, role) select $1, id, 'worker' from u`,
      [o.farm.id, o.farm.id, STAFF_MAX - 1],
    );
    const res = await invite(o.headers, newcomer());
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(m.tooMany);
  });
});

describe('two writers at once', () => {
  it('two invitations of one address: one joins the farm, the other is told it is a member already', async () => {
    const o = await owner();
    const person = newcomer('worker');
    const answers = await Promise.all([invite(o.headers, person), invite(o.headers, { ...person, role: 'auditor' })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().error.message).toBe(m.alreadyMember);
    const rows = await app.database.query('select 1 from farm_members m join users u on u.id = m.user_id where u.email = $1', [person.email]);
    expect(rows).toHaveLength(1);
  });

  it('a role change and a removal of one member at once: removed, and nothing half-done', async () => {
    const o = await owner();
    const worker = await addMember(app, o.farm, 'worker');
    const [put, del] = await Promise.all([
      app.inject({ method: 'PUT', url: `/api/staff/${worker.user.id}`, headers: o.headers, payload: { role: 'manager' } }),
      app.inject({ method: 'DELETE', url: `/api/staff/${worker.user.id}`, headers: o.headers }),
    ]);
    expect(del.statusCode, del.body).toBe(204);
    expect([200, 404]).toContain(put.statusCode);
    expect(await app.database.query('select 1 from farm_members where user_id = $1', [worker.user.id])).toHaveLength(0);
    expect((await app.inject({ method: 'GET', url: '/api/flocks', headers: worker.headers })).statusCode).toBe(401);
  });
});

describe('changing roles and removing members', () => {
  it("changes a member's role at once, and their next request has the new powers", async () => {
    const o = await owner();
    const worker = await addMember(app, o.farm, 'worker');
    expect((await app.inject({ method: 'GET', url: '/api/sales', headers: worker.headers })).statusCode).toBe(403);
    const res = await app.inject({ method: 'PUT', url: `/api/staff/${worker.user.id}`, headers: o.headers, payload: { role: 'manager' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Member>().role).toBe('manager');
    expect((await app.inject({ method: 'GET', url: '/api/sales', headers: worker.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: worker.headers })).json().role).toBe('manager');
  });

  it('removes a member: their sessions end at once and they cannot log in', async () => {
    const o = await owner();
    const manager = await addMember(app, o.farm, 'manager');
    expect((await app.inject({ method: 'GET', url: '/api/flocks', headers: manager.headers })).statusCode).toBe(200);
    const res = await app.inject({ method: 'DELETE', url: `/api/staff/${manager.user.id}`, headers: o.headers });
    expect(res.statusCode, res.body).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/flocks', headers: manager.headers })).statusCode).toBe(401);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: manager.user.username, password: manager.password } });
    expect(login.statusCode).toBe(401);
    expect(login.json().error.message).toBe(m.removedFromFarm);
    // Invited again (their old name stays with their old records), they join again.
    const again = await invite(o.headers, { username: uniqueUsername('again'), email: manager.user.email, role: 'auditor' });
    expect(again.statusCode, again.body).toBe(201);
    expect((await accept(manager.user.email, await lastCodeFor(app, manager.user.email))).json().user.role).toBe('auditor');
  });

  it("refuses to change or remove the owner, another farm's member and an unknown id", async () => {
    const o = await owner();
    const other = await owner();
    const theirWorker = await addMember(app, other.farm, 'worker');
    const owners = [o.user.id];
    for (const id of owners) {
      const put = await app.inject({ method: 'PUT', url: `/api/staff/${id}`, headers: o.headers, payload: { role: 'worker' } });
      expect(put.statusCode).toBe(422);
      expect(put.json().error.message).toBe(m.ownerStays);
      expect((await app.inject({ method: 'DELETE', url: `/api/staff/${id}`, headers: o.headers })).statusCode).toBe(422);
    }
    for (const id of [theirWorker.user.id, other.user.id, 99_999_999]) {
      const put = await app.inject({ method: 'PUT', url: `/api/staff/${id}`, headers: o.headers, payload: { role: 'worker' } });
      expect(put.statusCode).toBe(404);
      expect(put.json().error.message).toBe(m.notAMember);
      expect((await app.inject({ method: 'DELETE', url: `/api/staff/${id}`, headers: o.headers })).statusCode).toBe(404);
      expect((await app.inject({ method: 'POST', url: `/api/staff/${id}/resend`, headers: o.headers })).statusCode).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: theirWorker.headers })).json().role).toBe('worker');
    const bad = await app.inject({ method: 'PUT', url: `/api/staff/${theirWorker.user.id}`, headers: o.headers, payload: { role: 'owner' } });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 403 to every member but the owner, with the role message, and changes nothing', async () => {
    const o = await owner();
    const worker = await addMember(app, o.farm, 'worker');
    for (const role of ['manager', 'worker', 'auditor'] as const) {
      const member = await addMember(app, o.farm, role);
      for (const [method, url, payload] of [
        ['GET', '/api/staff', undefined],
        ['POST', '/api/staff', newcomer()],
        ['PUT', `/api/staff/${worker.user.id}`, { role: 'manager' }],
        ['DELETE', `/api/staff/${o.user.id}`, undefined],
        ['POST', `/api/staff/${worker.user.id}/resend`, undefined],
      ] as const) {
        const before = await membersCount(o.farm.id);
        const res = await app.inject({ method, url, headers: member.headers, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json().error).toMatchObject({ code: 'forbidden', message: m.forbidden });
        expect(await membersCount(o.farm.id)).toBe(before);
      }
    }
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: worker.headers })).json().role).toBe('worker');
  });
});

describe('a worker on a flock', () => {
  it('may change the bird count but not the status, create or delete a flock', async () => {
    const o = await owner();
    const worker = await addMember(app, o.farm, 'worker');
    const flock = await app.inject({
      method: 'POST',
      url: '/api/flocks',
      headers: o.headers,
      payload: { name: 'Shed 1', breed: 'Layers', age: 10, initial_bird_count: 100, bird_count: 100, status: 'active' },
    });
    const id = flock.json<{ id: number }>().id;
    const count = await app.inject({ method: 'PUT', url: `/api/flocks/${id}`, headers: worker.headers, payload: { bird_count: 98, reason: 'mortality' } });
    expect(count.statusCode, count.body).toBe(200);
    const status = await app.inject({ method: 'PUT', url: `/api/flocks/${id}`, headers: worker.headers, payload: { status: 'sold' } });
    expect(status.statusCode).toBe(403);
    const both = await app.inject({ method: 'PUT', url: `/api/flocks/${id}`, headers: worker.headers, payload: { bird_count: 90, reason: 'sold', status: 'sold' } });
    expect(both.statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: `/api/flocks/${id}`, headers: worker.headers })).statusCode).toBe(403);
    const after = await app.inject({ method: 'GET', url: `/api/flocks/${id}`, headers: worker.headers });
    expect(after.json()).toMatchObject({ bird_count: 98, status: 'active' });
  });
});

describe('a removed person can start a farm of their own', () => {
  const register = (username: string, email: string, password = 'my own farm 1') =>
    app.inject({ method: 'POST', url: '/api/auth/register', payload: { username, email, password } });
  const verify = async (email: string) =>
    app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp: await lastCodeFor(app, email) } });
  const loginAs = (identifier: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier, password } });

  /** 'Continue with Google' with the simulated Google, signed in as `email`: the session's user, or the refusal. */
  const googleSignIn = (email: string) => continueWithGoogle(app, email);
  const countRows = async (table: string, userId: number) =>
    (await app.database.query<{ n: number }>(`select count(*)::int as n from ${table} where user_id = $1`, [userId]))[0]?.n;

  it('someone invited who never joined goes with the invitation, and the address registers as any other', async () => {
    const o = await owner();
    const person = newcomer('worker');
    const member = (await invite(o.headers, person)).json<Member>();
    expect((await app.inject({ method: 'DELETE', url: `/api/staff/${member.id}`, headers: o.headers })).statusCode).toBe(204);
    expect(await app.database.query('select 1 from users where id = $1', [member.id])).toHaveLength(0);
    expect(await countRows('one_time_codes', member.id)).toBe(0);

    // The same name and address: registered and verified, the owner of a farm of their own.
    const registered = await register(person.username, person.email);
    expect(registered.statusCode, registered.body).toBe(201);
    expect((await verify(person.email)).statusCode).toBe(200);
    const signedIn = await loginAs(person.email, 'my own farm 1');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const user = signedIn.json<{ user: User }>().user;
    expect(user).toMatchObject({ username: person.username, role: 'owner' });
    expect(user.farm.id).not.toBe(o.farm.id);
  });

  it('someone invited who never joined can sign in with Google to a farm of their own', async () => {
    const o = await owner();
    const person = newcomer('auditor');
    const member = (await invite(o.headers, person)).json<Member>();
    await app.inject({ method: 'DELETE', url: `/api/staff/${member.id}`, headers: o.headers });
    const res = await googleSignIn(person.email);
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json<{ user: User }>().user;
    expect(user).toMatchObject({ email: person.email, role: 'owner', email_verified: true });
    expect(user.farm.id).not.toBe(o.farm.id);
  });

  it('a member who joined, was removed, registers with the same email; their records keep their name', async () => {
    const o = await owner();
    const person = newcomer('worker');
    await invite(o.headers, person);
    const joined = await accept(person.email, await lastCodeFor(app, person.email), 'worker password 1');
    const worker = { headers: bearer(joined.json<{ token: string }>().token), id: joined.json<{ user: User }>().user.id };
    const flock = await createFlock(app, o);
    const record = await app.inject({
      method: 'POST',
      url: '/api/egg-productions',
      headers: worker.headers,
      payload: { flock_id: flock.id, date_produced: new Date().toISOString().slice(0, 10), eggs_collected: 90 },
    });
    expect(record.statusCode, record.body).toBe(201);
    expect((await app.inject({ method: 'DELETE', url: `/api/staff/${worker.id}`, headers: o.headers })).statusCode).toBe(204);

    // The old account is out of reach: its password finds no farm, its address is free.
    const old = await loginAs(person.username, 'worker password 1');
    expect(old.statusCode).toBe(401);
    expect(old.json().error.message).toBe(m.removedFromFarm);
    expect((await loginAs(person.email, 'worker password 1')).statusCode).toBe(401);

    const newName = uniqueUsername('own');
    const registered = await register(newName, person.email);
    expect(registered.statusCode, registered.body).toBe(201);
    // Not reachable before the address is proved.
    expect((await loginAs(person.email, 'my own farm 1')).json().error.code).toBe('email_unverified');
    expect((await verify(person.email)).statusCode).toBe(200);
    const signedIn = await loginAs(person.email, 'my own farm 1');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json<{ user: User }>().user).toMatchObject({ username: newName, role: 'owner' });
    expect(signedIn.json<{ user: User }>().user.farm.id).not.toBe(o.farm.id);

    const list = await app.inject({ method: 'GET', url: '/api/egg-productions', headers: o.headers });
    expect(list.json<{ items: EggProduction[] }>().items[0]?.created_by_name).toBe(person.username);
  });

  it('a member who joined with Google, was removed, signs in with Google to a farm of their own', async () => {
    const o = await owner();
    const person = newcomer('manager');
    await invite(o.headers, person);
    const first = await googleSignIn(person.email);
    expect(first.json<{ user: User }>().user).toMatchObject({ role: 'manager', farm: { id: o.farm.id } });
    const id = first.json<{ user: User }>().user.id;
    expect((await app.inject({ method: 'DELETE', url: `/api/staff/${id}`, headers: o.headers })).statusCode).toBe(204);

    const again = await googleSignIn(person.email);
    expect(again.statusCode, again.body).toBe(200);
    const user = again.json<{ user: User }>().user;
    expect(user).toMatchObject({ email: person.email, role: 'owner' });
    expect(user.id).not.toBe(id);
    expect(user.farm.id).not.toBe(o.farm.id);
    // The old account keeps its name for the old farm's records, and no way in.
    expect(await app.database.query('select username from users where id = $1', [id])).toEqual([{ username: person.username }]);
    expect(await countRows('user_identities', id)).toBe(0);
  });
});

describe('migration 0029: accounts removed before decision 051', () => {
  it('deletes the never-joined, releases the address of the joined, and leaves members alone', async () => {
    const o = await owner();
    const worker = await addMember(app, o.farm, 'worker');
    const insert = async (username: string, verified: boolean) =>
      (
        await app.database.query<{ id: number }>(
          'insert into users (username, email, password_hash, email_verified) values ($1, $2, $3, $4) returning id',
          [username, `${username}@example.com`, 'x', verified],
        )
      )[0]?.id ?? 0;
    const neverJoined = await insert(uniqueUsername('legacy'), false);
    const formerName = uniqueUsername('former');
    const former = await insert(formerName, true);
    await app.database.query("insert into one_time_codes (user_id, purpose, code_hash, expires_at) values ($1, 'invitation', 'h', now() + interval '1 day')", [neverJoined]);
    await app.database.query("insert into user_identities (provider, subject, user_id, email) values ('google', $1, $2, $3)", [formerName, former, `${formerName}@example.com`]);
    const sql = readFileSync(new URL('../../db/migrations/0029_release_removed_accounts.sql', import.meta.url), 'utf8');
    for (const statement of sql.split('--> statement-breakpoint')) await app.database.query(statement);
    expect(await app.database.query('select 1 from users where id = $1', [neverJoined])).toHaveLength(0);
    expect(await app.database.query('select username, email from users where id = $1', [former])).toEqual([{ username: formerName, email: `removed:${former}` }]);
    expect(await app.database.query('select 1 from user_identities where user_id = $1', [former])).toHaveLength(0);
    expect(await app.database.query('select email from users where id = $1', [worker.user.id])).toEqual([{ email: worker.user.email }]);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: worker.headers })).statusCode).toBe(200);
  });
});
