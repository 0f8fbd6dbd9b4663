import { createWeighingSchema, flockWeighingsParamsSchema, weighingIdParamsSchema, weighingListSchema, weighingSchema } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.js';
import { afterCommit, dbOf } from '../../plugins/request-transaction.js';
import { scopeOf } from '../farm-scope.js';
import * as weighings from './service.js';

/** A broiler batch's sample weighings (decision 071); each write tells the farm's phones its flock's figures moved. */
export async function weighingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.post(
    '/flocks/:flockId/weighings',
    { config: { idempotent: true }, schema: { params: flockWeighingsParamsSchema, body: createWeighingSchema, response: { 201: weighingSchema } } },
    async (request, reply) => {
      const scope = scopeOf(request);
      const weighing = await weighings.createWeighing(dbOf(request), scope, principalOf(request).userId, request.params.flockId, request.body);
      afterCommit(request, () => app.events.publish(scope.farmId, { type: 'flock', action: 'updated', id: weighing.flock_id }));
      reply.status(201);
      return weighing;
    },
  );

  app.get('/flocks/:flockId/weighings', { schema: { params: flockWeighingsParamsSchema, response: { 200: weighingListSchema } } }, async (request) =>
    weighings.listWeighings(db, principalOf(request).farmId, request.params.flockId),
  );

  app.delete('/weighings/:id', { schema: { params: weighingIdParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    const { farmId } = principalOf(request);
    const weighing = await weighings.deleteWeighing(dbOf(request), farmId, request.params.id);
    afterCommit(request, () => app.events.publish(farmId, { type: 'flock', action: 'updated', id: weighing.flock_id }));
    return reply.status(204).send(null);
  });
}
