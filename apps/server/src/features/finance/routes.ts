import {
  financeFlockParamsSchema,
  financeQuerySchema,
  financeSchema,
  flockFinanceAnswerSchema,
  setFlockBudgetSchema,
} from '@kuku/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { farmDayKey, sendCachedAnswer } from '../../db/answer-cache.js';
import { principalOf } from '../../plugins/auth.js';
import type { FarmEvent } from '../../plugins/events.js';
import { scopeOf } from '../farm-scope.js';
import * as finance from './service.js';

/** docs/product.md §7 Real-time: a `financial` message, financial_updated, when a flock's yearly budget changes. */
const financialEvent = (flockId: number): FarmEvent => ({ type: 'financial', name: 'financial_updated', action: 'updated', id: flockId });

export async function financeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const publish = (request: FastifyRequest, flockId: number) => app.events.publish(principalOf(request).farmId, financialEvent(flockId));

  // Kept by the farm's data version (decisions 027, 030), per year asked.
  app.get('/flock-financial', { schema: { querystring: financeQuerySchema, response: { 200: financeSchema } } }, async (request, reply) => {
    const scope = scopeOf(request);
    const key = farmDayKey('flock_financial', scope);
    return sendCachedAnswer(reply, db, { ...key, variant: `${key.variant}\u0000${request.query.year ?? ''}` }, () =>
      finance.farmFinance(db, scope, request.query.year),
    );
  });

  app.get(
    '/flock-financial/flock/:flockId',
    { schema: { params: financeFlockParamsSchema, querystring: financeQuerySchema, response: { 200: flockFinanceAnswerSchema } } },
    async (request) => finance.flockFinance(db, scopeOf(request), request.params.flockId, request.query.year),
  );

  app.put('/flock-financial', { schema: { body: setFlockBudgetSchema, response: { 200: flockFinanceAnswerSchema } } }, async (request) => {
    const answer = await finance.setFlockBudget(db, scopeOf(request), principalOf(request).userId, request.body);
    publish(request, answer.flock.flock_id);
    return answer;
  });

  app.delete(
    '/flock-financial/flock/:flockId',
    { schema: { params: financeFlockParamsSchema, querystring: financeQuerySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await finance.clearFlockBudget(db, scopeOf(request), request.params.flockId, request.query.year);
      publish(request, request.params.flockId);
      return reply.status(204).send(null);
    },
  );
}
