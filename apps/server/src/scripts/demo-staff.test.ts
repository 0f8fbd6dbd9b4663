import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';
import { bearer, createSession, createUser, login } from '../test/factories.js';
import { seedDemoStaff } from './demo-staff.js';

const app = await createTestApp();

describe('seedDemoStaff', () => {
  it('adds a manager and a worker who can log in and an invited auditor, once', async () => {
    const { user, farm } = await createUser(app);
    expect(await seedDemoStaff(app.db, farm.id, 'kukudemo123')).toBe(2);
    const members = await app.database.query<{ username: string; role: string; joined: boolean }>(
      'select u.username, m.role, m.joined_at is not null as joined from farm_members m join users u on u.id = m.user_id where m.farm_id = $1 order by m.role',
      [farm.id],
    );
    expect(members.map((m) => [m.role, m.joined])).toEqual([
      ['auditor', false],
      ['manager', true],
      ['owner', true],
      ['worker', true],
    ]);
    // Those who joined have signed in before (an ended session each); the invited one has not.
    const owner = bearer(await createSession(app, user, farm));
    const staff = (await app.inject({ method: 'GET', url: '/api/staff', headers: owner })).json<{ items: { username: string; last_sign_in_at: string | null }[] }>();
    const lastSignIn = Object.fromEntries(staff.items.map((m) => [m.username, m.last_sign_in_at !== null]));
    expect(lastSignIn).toMatchObject({ wanjiru: true, otieno: true, achieng: false });
    const token = await login(app, 'otieno', 'kukudemo123');
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ role: 'worker', farm: { id: farm.id } });
    expect(await seedDemoStaff(app.db, farm.id, 'kukudemo123')).toBe(0);
  });
});
