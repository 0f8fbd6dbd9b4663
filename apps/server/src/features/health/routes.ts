import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { farms } from '../../db/schema/index.js';

/** Liveness with one primary-key select: also the bench's ceiling route. */
export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health',
    { config: { public: true }, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => {
      await app.db.select({ id: farms.id }).from(farms).where(eq(farms.id, 1)).limit(1);
      return { status: 'ok' as const };
    },
  );
}
