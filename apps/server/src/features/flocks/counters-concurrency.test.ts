import { toApiDateTime, type Vaccination } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { counterDrift } from '../../test/counters.js';
import { bearer, createFlock, createSession, createUser } from '../../test/factories.js';

/**
 * Writers that meet on one flock: vaccination status changes, bird-count changes and flock
 * status changes at once. On PostgreSQL (DATABASE_URL) they run on several connections at
 * the same time; on the embedded database one after another. Either way every counter must
 * end equal to a fresh count of its rows.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const DAY = 24 * 60 * 60 * 1000;
const ROUNDS = 3;
const WRITERS = 20;

describe('counters under concurrent writers', () => {
  it('equal a fresh count after rounds of concurrent status and bird-count changes', async () => {
    const owner = await createUser(app);
    const headers = bearer(await createSession(app, owner.user, owner.farm));
    const flocks = [
      await createFlock(app, owner, { initial_bird_count: 5_000, bird_count: 5_000 }),
      await createFlock(app, owner, { initial_bird_count: 3_000, bird_count: 3_000, status: 'growing' }),
    ];
    const vaccinations: Vaccination[] = [];
    for (let i = 0; i < 12; i++) {
      const flock = flocks[i % 2]!;
      const res = await app.inject({
        method: 'POST',
        url: `/api/flocks/${flock.id}/vaccinations`,
        headers,
        payload: { vaccine_name: `Vaccine ${i}`, date: toApiDateTime(new Date(Date.now() - (i + 1) * DAY)), status: 'Pending', mode_of_administration: 'Oral' },
      });
      expect(res.statusCode).toBe(201);
      vaccinations.push(res.json<Vaccination>());
    }

    const statuses = ['Completed', 'Pending', 'Cancelled'] as const;
    for (let round = 0; round < ROUNDS; round++) {
      const writes = [];
      for (let i = 0; i < WRITERS; i++) {
        // Several writers per row: the same vaccination and the same flock meet.
        const vaccination = vaccinations[(i * 5 + round) % vaccinations.length]!;
        writes.push(
          app.inject({
            method: 'PUT',
            url: `/api/flocks/${vaccination.flock_id}/vaccinations/${vaccination.id}`,
            headers,
            payload: { status: statuses[(i + round) % statuses.length] },
          }),
        );
        const flock = flocks[i % 2]!;
        const birds = flock.bird_count - 10 * (round * WRITERS + i + 1);
        writes.push(
          app.inject({
            method: 'PUT',
            url: `/api/flocks/${flock.id}`,
            headers,
            payload: i % 3 === 0 ? { status: i % 2 ? 'mature' : 'active' } : { bird_count: birds, reason: i % 4 === 1 ? 'sold' : 'mortality' },
          }),
        );
      }
      const answers = await Promise.all(writes);
      // A cancelled vaccination refuses a change (422); a death or sale whose count is above the
      // count another writer left first would raise it, and is refused on its reason (400,
      // decision 054); nothing else may fail.
      for (const res of answers) {
        expect([200, 400, 422], res.body).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields.reason, res.body).toBeDefined();
      }
      expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThan(WRITERS);
      expect(await counterDrift(app.database, owner.farm.id)).toEqual([]);
    }
  });
});
