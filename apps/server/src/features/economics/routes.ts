import { economicsQuerySchema, economicsWeeksQuerySchema, economicsWeeksSchema, farmEconomicsSchema, flockEconomicsParamsSchema, flockEconomicsSchema } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scopeOf } from '../farm-scope.js';
import * as economics from './service.js';
import { economicsWeeksOfFlock } from './weeks.js';

/** A flock's and the farm's economics (decision 071): read only, every role; money only to those who see it. */
export async function economicsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    '/flocks/:flockId/economics',
    { schema: { params: flockEconomicsParamsSchema, querystring: economicsQuerySchema, response: { 200: flockEconomicsSchema } } },
    async (request) => economics.economicsOfFlock(db, scopeOf(request), request.params.flockId, request.query),
  );

  // The flock's latest weeks beside its breed guide (decision 073).
  app.get(
    '/flocks/:flockId/economics/weeks',
    { schema: { params: flockEconomicsParamsSchema, querystring: economicsWeeksQuerySchema, response: { 200: economicsWeeksSchema } } },
    async (request) => economicsWeeksOfFlock(db, scopeOf(request), request.params.flockId, request.query),
  );

  app.get('/economics', { schema: { querystring: economicsQuerySchema, response: { 200: farmEconomicsSchema } } }, async (request) =>
    economics.economicsOfFarm(db, scopeOf(request), request.query),
  );
}
