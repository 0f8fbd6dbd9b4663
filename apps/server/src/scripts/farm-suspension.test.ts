import { addDays, type User } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { farms } from '../db/schema/index.js';
import { createTestApp } from '../test/app.js';
import { bearer, createSession, createUser } from '../test/factories.js';
import { runScript } from '../test/server-process.js';
import { FarmSuspensionError, resumeFarm, suspendFarm } from './farm-suspension.js';

/** npm run admin -- suspend|resume <email> (docs/design.md §6), on whichever database the suite runs. */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

async function owner(overrides: Parameters<typeof createUser>[1] = {}) {
  const created = await createUser(app, overrides);
  const token = await createSession(app, created.user, created.farm);
  const me = async () => (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json<User>();
  const suspendedAt = async () => (await app.db.select({ at: farms.suspendedAt }).from(farms).where(eq(farms.id, created.farm.id)))[0]?.at;
  return { ...created, me, suspendedAt };
}

describe('suspend', () => {
  it("sets the farm's suspended flag; the owner's next request sees a suspended subscription", async () => {
    const jane = await owner();
    const bystander = await owner();
    expect(await jane.me()).toMatchObject({ status: 'active', subscription: { status: 'trialing' } });
    const now = new Date();
    const outcome = await suspendFarm(app.db, jane.user.email.toUpperCase(), now);
    expect(outcome).toMatchObject({ changed: true, state: { status: 'suspended' } });
    expect(outcome.message).toBe(`Suspended '${jane.farm.name}' (${jane.user.email}). Its users now see the suspended notice; undo with: npm run admin -- resume ${jane.user.email}`);
    expect(await jane.suspendedAt()).toEqual(now);
    expect(await jane.me()).toMatchObject({ status: 'suspended', subscription: { status: 'suspended' } });
    // Another farm is untouched.
    expect(await bystander.suspendedAt()).toBeNull();
    expect(await bystander.me()).toMatchObject({ status: 'active', subscription: { status: 'trialing' } });
  });

  it('twice changes nothing and says since when', async () => {
    const jane = await owner();
    const first = new Date('2026-11-20T10:00:00Z');
    await suspendFarm(app.db, jane.user.email, first);
    const again = await suspendFarm(app.db, jane.user.email, new Date('2026-11-21T10:00:00Z'));
    expect(again).toMatchObject({ changed: false, message: `'${jane.farm.name}' (${jane.user.email}) was already suspended by an operator on 2026-11-20; nothing changed.` });
    expect(await jane.suspendedAt()).toEqual(first);
  });
});

describe('resume', () => {
  it('clears the flag: back to the trial', async () => {
    const jane = await owner();
    await suspendFarm(app.db, jane.user.email);
    const outcome = await resumeFarm(app.db, ` ${jane.user.email} `);
    expect(outcome).toMatchObject({ changed: true, state: { status: 'trialing' }, message: `Resumed '${jane.farm.name}' (${jane.user.email}); subscription: trialing.` });
    expect(await jane.suspendedAt()).toBeNull();
    expect(await jane.me()).toMatchObject({ status: 'active', subscription: { status: 'trialing' } });
  });

  it('says so when the subscription stays suspended because payment lapsed', async () => {
    const now = new Date();
    const lapsed = await owner({ registeredAt: addDays(now, -60), paidUntil: addDays(now, -10) });
    await suspendFarm(app.db, lapsed.user.email, now);
    const outcome = await resumeFarm(app.db, lapsed.user.email, now);
    expect(outcome.changed).toBe(true);
    expect(outcome.state.status).toBe('suspended');
    expect(outcome.message).toContain(`the paid period ended on ${addDays(now, -10).toISOString().slice(0, 10)}, more than 7 days ago; paying resumes it.`);
  });

  it('of a farm no operator suspended changes nothing', async () => {
    const jane = await owner();
    const outcome = await resumeFarm(app.db, jane.user.email);
    expect(outcome).toMatchObject({ changed: false, message: `'${jane.farm.name}' (${jane.user.email}) is not suspended by an operator; nothing changed (subscription: trialing).` });
  });
});

describe('refusals', () => {
  it('an unknown or malformed email changes nothing and says why', async () => {
    const jane = await owner();
    await expect(suspendFarm(app.db, 'nobody@example.com')).rejects.toThrow(new FarmSuspensionError('No account has the email nobody@example.com.'));
    await expect(resumeFarm(app.db, 'not an email')).rejects.toThrow(new FarmSuspensionError("'not an email' is not an email address."));
    expect(await jane.suspendedAt()).toBeNull();
  });

  it('the command line: an unknown command, a missing or malformed email, extra words -> usage, exit 2, before any database is opened', async () => {
    // DATA_DIR points nowhere usable: these must fail before opening it.
    const env = { DATA_DIR: '/nonexistent/kuku', DATABASE_URL: undefined };
    const usage = 'Usage: npm run admin -- suspend|resume <email>';
    for (const [args, first] of [
      [[], 'Which command?'],
      [['frobnicate', 'a@b.co'], "Unknown command 'frobnicate'."],
      [['suspend'], "Whose farm? Give the owner's email."],
      [['resume', 'nope'], "'nope' is not an email address."],
      [['suspend', 'a@b.co', 'extra'], 'Unexpected arguments: extra'],
    ] as const) {
      const run = await runScript('admin', [...args], env);
      expect([run.code, run.stderr]).toEqual([2, `${first}\n${usage}\n`]);
    }
  });
});
