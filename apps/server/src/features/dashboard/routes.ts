import { dashboardSchema } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scopeOf } from '../farm-scope.js';
import { dashboard } from './service.js';

export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  // The whole dashboard in one request (SPEC §7's note: the original client made ten).
  app.get('/stats/dashboard', { schema: { response: { 200: dashboardSchema } } }, async (request) => dashboard(db, scopeOf(request)));
}
