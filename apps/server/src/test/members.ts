import type { Role } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import { farmMembers } from '../db/schema/index.js';
import { bearer, createSession, createUser } from './factories.js';

/** A second person on the farm with a signed-in session: who changed a record shows in its answer. */
export async function addMember(app: FastifyInstance, farm: { id: number }, role: Exclude<Role, 'owner'> = 'manager') {
  const { user } = await createUser(app);
  await app.db.insert(farmMembers).values({ farmId: farm.id, userId: user.id, role, joinedAt: new Date() });
  return { user, headers: bearer(await createSession(app, user, farm)) };
}
