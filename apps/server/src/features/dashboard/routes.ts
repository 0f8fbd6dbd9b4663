import { dashboardSchema } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { farmDayKey, sendCachedAnswer } from '../../db/answer-cache.js';
import { scopeOf } from '../farm-scope.js';
import { dashboard } from './service.js';

export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  // The whole dashboard in one request (docs/product.md §7's note: the original client made ten), kept by
  // the farm's data version (decisions 027, 030): it is read on every visit to the home screen.
  app.get('/stats/dashboard', { schema: { response: { 200: dashboardSchema } } }, async (request, reply) => {
    const scope = scopeOf(request);
    return sendCachedAnswer(reply, db, farmDayKey('dashboard', scope), () => dashboard(db, scope));
  });
}
