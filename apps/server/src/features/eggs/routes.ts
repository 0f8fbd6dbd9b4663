import {
  createEggAdjustmentSchema,
  createEggProductionSchema,
  eggAdjustmentPageSchema,
  eggAdjustmentSchema,
  eggDayQuerySchema,
  eggDayResultSchema,
  eggDaySchema,
  eggProductionPageSchema,
  eggProductionSchema,
  eggSeriesSchema,
  eggStatsSchema,
  idParamsSchema,
  listEggAdjustmentsQuerySchema,
  listEggProductionsQuerySchema,
  recordEggDaySchema,
  updateEggAdjustmentSchema,
  updateEggProductionSchema,
  type EggProduction,
  type EggAdjustment,
} from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { farmDayKey, sendCachedAnswer } from '../../db/answer-cache.js';
import { eggAdjustments, eggProductions } from '../../db/schema/index.js';
import { principalOf } from '../../plugins/auth.js';
import type { FarmEvent } from '../../plugins/events.js';
import type { OfflineCreate } from '../../plugins/idempotency.js';
import type { VersionedRecord } from '../../plugins/record-versions.js';
import { afterCommit, dbOf } from '../../plugins/request-transaction.js';
import * as eggs from './service.js';
import { scopeOf } from '../farm-scope.js';

/** Creates a phone may capture offline (decision 065). */
const productionOffline: OfflineCreate = { kind: 'egg_production', table: eggProductions, recordId: (a: EggProduction) => a.id };
const adjustmentOffline: OfflineCreate = { kind: 'egg_adjustment', table: eggAdjustments, recordId: (a: EggAdjustment) => a.id };
const productionVersion: VersionedRecord = {
  table: eggProductions,
  where: ({ id }: { id: number }) => eq(eggProductions.id, id),
  current: (db, farmId, { id }: { id: number }) => eggs.productionNow(db, farmId, id),
};
const adjustmentVersion: VersionedRecord = {
  table: eggAdjustments,
  where: ({ id }: { id: number }) => eq(eggAdjustments.id, id),
  current: (db, farmId, { id }: { id: number }) => eggs.adjustmentNow(db, farmId, id),
};

const eggEvent = (action: FarmEvent['action'], id: number): FarmEvent => ({ type: 'egg_production', category: 'eggProduction', action, id });

export async function eggRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get('/egg-productions', { schema: { querystring: listEggProductionsQuerySchema, response: { 200: eggProductionPageSchema } } }, async (request) =>
    eggs.listProductions(db, principalOf(request).farmId, request.query),
  );

  app.get('/egg-productions/stats', { schema: { response: { 200: eggStatsSchema } } }, async (request) => eggs.eggStats(db, scopeOf(request)));

  // Kept by the farm's data version (decision 027): the charts are read far more often than written.
  app.get('/egg-productions/series', { schema: { response: { 200: eggSeriesSchema } } }, async (request, reply) => {
    const scope = scopeOf(request);
    return sendCachedAnswer(reply, db, farmDayKey('egg_series', scope), () => eggs.eggSeries(db, scope));
  });

  app.post(
    '/egg-productions',
    { config: { idempotent: true, offline: productionOffline }, schema: { body: createEggProductionSchema, response: { 201: eggProductionSchema } } },
    async (request, reply) => {
      const { farmId, userId } = principalOf(request);
      const record = await eggs.createProduction(dbOf(request), scopeOf(request), userId, request.body);
      afterCommit(request, () => app.events.publish(farmId, eggEvent('added', record.id)));
      reply.status(201);
      return record;
    },
  );

  // 'Record today's eggs': every laying flock's day on one screen, saved at once, row by row.
  app.get('/egg-productions/day', { schema: { querystring: eggDayQuerySchema, response: { 200: eggDaySchema } } }, async (request) =>
    eggs.eggDay(db, scopeOf(request), request.query),
  );

  app.post(
    '/egg-productions/day',
    { config: { idempotent: true }, schema: { body: recordEggDaySchema, response: { 200: eggDayResultSchema } } },
    async (request) => {
      const { farmId, userId } = principalOf(request);
      const answer = await eggs.recordEggDay(dbOf(request), scopeOf(request), userId, request.body);
      afterCommit(request, () => {
        for (const result of answer.results) {
          if (result.record && (result.status === 'created' || result.status === 'updated')) {
            app.events.publish(farmId, eggEvent(result.status === 'created' ? 'added' : 'updated', result.record.id));
          }
        }
      });
      return answer;
    },
  );

  app.put(
    '/egg-productions/:id',
    { config: { versioned: productionVersion }, schema: { params: idParamsSchema, body: updateEggProductionSchema, response: { 200: eggProductionSchema } } },
    async (request) => {
      const record = await eggs.updateProduction(dbOf(request), scopeOf(request), principalOf(request).userId, request.params.id, request.body);
      afterCommit(request, () => app.events.publish(principalOf(request).farmId, eggEvent('updated', record.id)));
      return record;
    },
  );

  app.delete(
    '/egg-productions/:id',
    { config: { versioned: productionVersion }, schema: { params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const { farmId } = principalOf(request);
      await eggs.deleteProduction(dbOf(request), farmId, request.params.id);
      afterCommit(request, () => app.events.publish(farmId, eggEvent('deleted', request.params.id)));
      reply.status(204);
      return null;
    },
  );

  app.get('/egg-adjustments', { schema: { querystring: listEggAdjustmentsQuerySchema, response: { 200: eggAdjustmentPageSchema } } }, async (request) =>
    eggs.listAdjustments(db, principalOf(request).farmId, request.query),
  );

  app.post(
    '/egg-adjustments',
    { config: { idempotent: true, offline: adjustmentOffline }, schema: { body: createEggAdjustmentSchema, response: { 201: eggAdjustmentSchema } } },
    async (request, reply) => {
      const { farmId, userId } = principalOf(request);
      const adjustment = await eggs.createAdjustment(dbOf(request), scopeOf(request), userId, request.body);
      afterCommit(request, () => app.events.publish(farmId, eggEvent('added', adjustment.id)));
      reply.status(201);
      return adjustment;
    },
  );

  app.put(
    '/egg-adjustments/:id',
    { config: { versioned: adjustmentVersion }, schema: { params: idParamsSchema, body: updateEggAdjustmentSchema, response: { 200: eggAdjustmentSchema } } },
    async (request) => {
      const adjustment = await eggs.updateAdjustment(dbOf(request), scopeOf(request), principalOf(request).userId, request.params.id, request.body);
      afterCommit(request, () => app.events.publish(principalOf(request).farmId, eggEvent('updated', adjustment.id)));
      return adjustment;
    },
  );

  app.delete(
    '/egg-adjustments/:id',
    { config: { versioned: adjustmentVersion }, schema: { params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const { farmId } = principalOf(request);
      await eggs.deleteAdjustment(dbOf(request), farmId, request.params.id);
      afterCommit(request, () => app.events.publish(farmId, eggEvent('deleted', request.params.id)));
      reply.status(204);
      return null;
    },
  );
}
