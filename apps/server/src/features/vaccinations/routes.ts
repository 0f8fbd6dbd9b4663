import {
  applyStandardScheduleSchema,
  createVaccinationSchema,
  flockVaccinationParamsSchema as itemParams,
  flockVaccinationsParamsSchema as flockParams,
  listVaccinationsQuerySchema,
  standardScheduleResultSchema,
  updateVaccinationSchema,
  vaccinationPageSchema,
  vaccinationSchema,
  vaccinationStatsQuerySchema,
  vaccinationStatsSchema,
  type Vaccination,
} from '@kuku/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { vaccinations } from '../../db/schema/index.js';
import { principalOf } from '../../plugins/auth.js';
import { languageOf } from '../../plugins/language.js';
import type { OfflineCreate } from '../../plugins/idempotency.js';
import type { VersionedRecord } from '../../plugins/record-versions.js';
import { afterCommit, dbOf } from '../../plugins/request-transaction.js';
import { scopeOf } from '../farm-scope.js';
import * as service from './service.js';

/** A vaccination a phone may capture offline (decision 065). */
const vaccinationOffline: OfflineCreate = { kind: 'vaccination', table: vaccinations, recordId: (a: Vaccination) => a.id };
type VaccinationParams = { flockId: number; id: number };
const vaccinationVersion: VersionedRecord = {
  table: vaccinations,
  where: ({ flockId, id }: VaccinationParams) => and(eq(vaccinations.flockId, flockId), eq(vaccinations.id, id)),
  current: (db, farmId, { flockId, id }: VaccinationParams) => service.vaccinationNow(db, farmId, flockId, id),
};

export async function vaccinationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get('/vaccinations', { schema: { querystring: listVaccinationsQuerySchema, response: { 200: vaccinationPageSchema } } }, async (request) =>
    service.listVaccinations(db, principalOf(request).farmId, request.query),
  );

  app.get('/vaccinations/stats', { schema: { querystring: vaccinationStatsQuerySchema, response: { 200: vaccinationStatsSchema } } }, async (request) =>
    service.vaccinationStats(db, principalOf(request).farmId, request.query.flock_id),
  );

  app.get(
    '/flocks/:flockId/vaccinations',
    { schema: { params: flockParams, querystring: listVaccinationsQuerySchema, response: { 200: vaccinationPageSchema } } },
    async (request) => service.listVaccinations(db, principalOf(request).farmId, { ...request.query, flock_id: request.params.flockId }),
  );

  app.post(
    '/flocks/:flockId/vaccinations',
    { config: { idempotent: true, offline: vaccinationOffline }, schema: { params: flockParams, body: createVaccinationSchema, response: { 201: vaccinationSchema } } },
    async (request, reply) => {
      const { farmId, userId } = principalOf(request);
      const vaccination = await service.createVaccination(dbOf(request), farmId, userId, request.params.flockId, request.body);
      afterCommit(request, () => app.events.publish(farmId, { type: 'vaccination', action: 'added', id: vaccination.id }));
      reply.status(201);
      return vaccination;
    },
  );

  app.post(
    '/flocks/:flockId/vaccinations/standard-schedule',
    {
      schema: {
        params: flockParams,
        body: applyStandardScheduleSchema,
        response: { 201: standardScheduleResultSchema },
      },
    },
    async (request, reply) => {
      const { farmId, userId } = principalOf(request);
      const result = await service.applyStandardSchedule(db, farmId, userId, request.params.flockId, request.body, languageOf(request));
      // The flock's schedule changed as a whole: listeners refetch it by the flock's id.
      if (result.created) app.events.publish(farmId, { type: 'vaccination', action: 'added', id: request.params.flockId });
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/flocks/:flockId/vaccinations/:id',
    { config: { versioned: vaccinationVersion }, schema: { params: itemParams, body: updateVaccinationSchema, response: { 200: vaccinationSchema } } },
    async (request) => {
      const { farmId, userId } = principalOf(request);
      const vaccination = await service.updateVaccination(dbOf(request), scopeOf(request), userId, request.params.flockId, request.params.id, request.body);
      afterCommit(request, () => app.events.publish(farmId, { type: 'vaccination', action: 'updated', id: vaccination.id }));
      return vaccination;
    },
  );

  app.delete(
    '/flocks/:flockId/vaccinations/:id',
    { config: { versioned: vaccinationVersion }, schema: { params: itemParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const { farmId } = principalOf(request);
      await service.deleteVaccination(dbOf(request), farmId, request.params.flockId, request.params.id);
      afterCommit(request, () => app.events.publish(farmId, { type: 'vaccination', action: 'deleted', id: request.params.id }));
      reply.status(204);
      return null;
    },
  );
}
