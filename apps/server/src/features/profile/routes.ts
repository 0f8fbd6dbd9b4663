import { updateProfileSchema, userSchema } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.js';
import { updateProfile } from './service.js';

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/auth/update-profile',
    { schema: { body: updateProfileSchema, response: { 200: z.object({ message: z.string(), user: userSchema }) } } },
    async (request) => updateProfile(app.db, principalOf(request), request.body),
  );
}
