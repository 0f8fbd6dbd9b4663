import {
  idParamsSchema,
  REPORT_CATEGORIES,
  REPORT_CATEGORY_PATHS,
  reportFileName,
  reportFileParamsSchema,
  reportFileQuerySchema,
  reportListQuerySchema,
  reportMessages as m,
  reportPageSchema,
  reportRequestSchema,
  reportSchema,
  reportUserParamsSchema,
  type ReportFormat,
} from '@kuku/domain';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../app-error.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import { principalOf } from '../../plugins/auth.js';
import { languageOf } from '../../plugins/language.js';
import { afterCommit, dbOf } from '../../plugins/request-transaction.js';
import { scopeOf } from '../farm-scope.js';
import type { ReportJobs } from './jobs.js';
import { linkIsValid } from './links.js';
import * as service from './service.js';

export interface ReportsDeps {
  jobs: ReportJobs;
  storage: FileStorage;
  linkSecret: Buffer;
}

const CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export async function reportRoutes(fastify: FastifyInstance, { jobs, storage, linkSecret }: ReportsDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  // docs/product.md §7: POST /reports/sales, /expenses, /egg-production, /flock, /inventory, /financial.
  for (const category of REPORT_CATEGORIES) {
    app.post(
      `/reports/${REPORT_CATEGORY_PATHS[category]}`,
      { config: { idempotent: true }, schema: { body: reportRequestSchema, response: { 201: reportSchema } } },
      async (request, reply) => {
        const { userId, farmId } = principalOf(request);
        // Its files are written in the asker's language (decision 068).
        const row = await service.createReport(dbOf(request), scopeOf(request), userId, category, request.body, languageOf(request));
        // The job reads the row: it starts once the row is committed.
        afterCommit(request, () => {
          jobs.enqueue(row.id);
          app.events.publish(farmId, { type: 'report', action: 'added', id: row.id });
        });
        reply.status(201);
        return service.toReport(row, linkSecret);
      },
    );
  }

  app.get('/reports', { schema: { querystring: reportListQuerySchema, response: { 200: reportPageSchema } } }, async (request) =>
    service.listReports(db, scopeOf(request), request.query, linkSecret),
  );

  // The product's list by user: the caller's own farm; another user's id is not found.
  app.get(
    '/reports/user/:userId',
    { schema: { params: reportUserParamsSchema, querystring: reportListQuerySchema, response: { 200: reportPageSchema } } },
    async (request) => {
      if (request.params.userId !== principalOf(request).userId) throw notFound(m.notFound);
      return service.listReports(db, scopeOf(request), request.query, linkSecret);
    },
  );

  app.get('/reports/:id', { schema: { params: idParamsSchema, response: { 200: reportSchema } } }, async (request) =>
    service.toReport(await service.findReportRow(db, principalOf(request).farmId, request.params.id), linkSecret),
  );

  app.delete('/reports/:id', { schema: { params: idParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    const { farmId } = principalOf(request);
    const keys = await service.deleteReport(db, scopeOf(request), request.params.id);
    for (const key of keys) await storage.remove(farmId, key);
    app.events.publish(farmId, { type: 'report', action: 'deleted', id: request.params.id });
    return reply.status(204).send(null);
  });

  // Opened by the browser without a token (docs/design.md §6): the signed link is the permission.
  app.get(
    '/reports/:id/file',
    { config: { public: true }, schema: { params: reportFileParamsSchema, querystring: reportFileQuerySchema } },
    async (request, reply) => {
      const { id } = request.params;
      const { format, exp, sig } = request.query;
      const [row] = await service.findReportRowAnyFarm(db, id);
      // A link for a report that is not there reads as any refused link: ids are not guessed this way.
      if (!row || !linkIsValid(linkSecret, { id, farmId: row.farmId, format }, exp, sig)) throw new AppError('forbidden', m.linkRefused);
      const file = await storage.open(row.farmId, service.fileKeyOf(row, format));
      if (!file) throw notFound(m.noFile);
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(reportFileName(row.name, format)))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
}
