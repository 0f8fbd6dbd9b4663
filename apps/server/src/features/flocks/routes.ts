import {
  birdCountChangeResultSchema,
  birdCountChangeSchema,
  createFlockSchema,
  deleteFlockQuerySchema,
  deleteFlockResultSchema,
  deletedFlockListSchema,
  deletedFlockParamsSchema,
  flockHistorySchema,
  flockIdParamsSchema,
  flockPageSchema,
  flockSchema,
  flockStatsSchema,
  listFlocksQuerySchema,
  restoreFlockResultSchema,
  updateFlockSchema,
  type BirdCountChangeResult,
} from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { flockBirdCountEvents } from '../../db/schema/index.js';
import { principalOf } from '../../plugins/auth.js';
import type { OfflineCreate } from '../../plugins/idempotency.js';
import { afterCommit, dbOf } from '../../plugins/request-transaction.js';
import * as bin from './bin.js';
import * as flocks from './service.js';

/** A bird-count change a phone may capture offline (decision 065): the record is the event. */
const countChangeOffline: OfflineCreate = { kind: 'bird_count_change', table: flockBirdCountEvents, recordId: (a: BirdCountChangeResult) => a.change.id };

export async function flockRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get('/flocks', { schema: { querystring: listFlocksQuerySchema, response: { 200: flockPageSchema } } }, async (request) =>
    flocks.listFlocks(db, principalOf(request).farmId, request.query),
  );

  app.get('/flocks/stats', { schema: { response: { 200: flockStatsSchema } } }, async (request) =>
    flocks.flockStats(db, principalOf(request).farmId),
  );

  app.post('/flocks', { config: { idempotent: true }, schema: { body: createFlockSchema, response: { 201: flockSchema } } }, async (request, reply) => {
    const { farmId, userId } = principalOf(request);
    const flock = await flocks.createFlock(dbOf(request), farmId, userId, request.body);
    afterCommit(request, () => app.events.publish(farmId, { type: 'flock', action: 'added', id: flock.id }));
    reply.status(201);
    return flock;
  });

  // The owner's: flocks deleted with their records, kept FLOCK_BIN_DAYS (decision 052).
  app.get('/flocks/deleted', { schema: { response: { 200: deletedFlockListSchema } } }, async (request) =>
    bin.listDeletedFlocks(db, principalOf(request).farmId),
  );

  app.post(
    '/flocks/deleted/:id/restore',
    { schema: { params: deletedFlockParamsSchema, response: { 200: restoreFlockResultSchema } } },
    async (request) => {
      const { farmId } = principalOf(request);
      const restored = await bin.restoreFlock(db, farmId, request.params.id);
      app.events.publish(farmId, { type: 'flock', action: 'added', id: restored.flock_id });
      return restored;
    },
  );

  app.get('/flocks/:id', { schema: { params: flockIdParamsSchema, response: { 200: flockSchema } } }, async (request) =>
    flocks.getFlock(db, principalOf(request).farmId, request.params.id),
  );

  app.get('/flocks/:id/history', { schema: { params: flockIdParamsSchema, response: { 200: flockHistorySchema } } }, async (request) =>
    flocks.flockHistory(db, principalOf(request).farmId, request.params.id),
  );

  app.put(
    '/flocks/:id',
    { schema: { params: flockIdParamsSchema, body: updateFlockSchema, response: { 200: flockSchema } } },
    async (request) => {
      const { farmId, userId } = principalOf(request);
      const flock = await flocks.updateFlock(db, farmId, userId, request.params.id, request.body);
      app.events.publish(farmId, { type: 'flock', action: 'updated', id: flock.id });
      return flock;
    },
  );

  app.post(
    '/flocks/:id/bird-count-changes',
    {
      config: { idempotent: true, offline: countChangeOffline },
      schema: { params: flockIdParamsSchema, body: birdCountChangeSchema, response: { 201: birdCountChangeResultSchema } },
    },
    async (request, reply) => {
      const { farmId, userId } = principalOf(request);
      const result = await flocks.changeBirdCount(dbOf(request), farmId, userId, request.params.id, request.body);
      afterCommit(request, () => app.events.publish(farmId, { type: 'flock', action: 'updated', id: result.flock.id }));
      reply.status(201);
      return result;
    },
  );

  app.delete(
    '/flocks/:id',
    { schema: { params: flockIdParamsSchema, querystring: deleteFlockQuerySchema, response: { 200: deleteFlockResultSchema } } },
    async (request) => {
      const { farmId, userId } = principalOf(request);
      const result = await flocks.deleteFlock(db, farmId, userId, request.params.id, {
        everything: request.query.everything,
        confirmName: request.query.confirm_name,
      });
      app.events.publish(farmId, { type: 'flock', action: result === 'deleted' ? 'deleted' : 'updated', id: request.params.id });
      return { result };
    },
  );
}
