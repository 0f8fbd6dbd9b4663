import { dayIn, listSummariesQuerySchema, summaryPageSchema, summaryIdParamsSchema, weekStartOf, weeklySummarySchema } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.js';
import { storeNotification } from '../notifications/service.js';
import { summaryDraft } from './jobs.js';
import { findSummary, findWeek, listSummaries, storeSummary, toSummary, weekFigures } from './service.js';

/**
 * The owner's weekly summaries (decision 078): the weeks kept, one week, and the week so far made
 * on demand (and mailed to the owner who asked, as their notice preferences say).
 */
export async function summaryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get('/summaries', { schema: { querystring: listSummariesQuerySchema, response: { 200: summaryPageSchema } } }, async (request) =>
    listSummaries(db, principalOf(request).farmId, request.query),
  );

  app.get('/summaries/:id', { schema: { params: summaryIdParamsSchema, response: { 200: weeklySummarySchema } } }, async (request) =>
    findSummary(db, principalOf(request).farmId, request.params.id),
  );

  app.post('/summaries/current', { schema: { response: { 201: weeklySummarySchema } } }, async (request, reply) => {
    const { farmId, farm, userId } = principalOf(request);
    const now = new Date();
    const today = dayIn(now, farm.timeZone);
    const weekStart = weekStartOf(today);
    const { summary, stored } = await db.transaction(async (tx) => {
      const figures = await weekFigures(tx, { id: farmId, name: farm.name, timeZone: farm.timeZone }, weekStart, today, now);
      // A whole week already made is never replaced by a part of it (the week ended on a clock ahead of this one).
      const row = await storeSummary(tx, farmId, figures, true, now);
      if (!row) return { summary: await findWeek(tx, farmId, weekStart), stored: [] };
      const told = await storeNotification(tx, farmId, summaryDraft(figures, row.id, app.config.billing.publicUrl, { userId }, `weekly_summary_now:${weekStart}:${now.toISOString()}`));
      return { summary: toSummary(row), stored: told };
    });
    app.notifier.deliver(stored);
    reply.status(201);
    return summary;
  });
}
