import { todaySchema } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.js';
import { scopeOf } from '../farm-scope.js';
import { today } from './service.js';

export async function todayRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  // Every role has a today; each part is the role's to read or left out (decision 056).
  app.get('/today', { schema: { response: { 200: todaySchema } } }, async (request) => today(db, scopeOf(request), principalOf(request).role));
}
