import {
  balanceChecksQuerySchema,
  balanceChecksSchema,
  BALANCE_RANGE_MAX_DAYS,
  BALANCE_WEEK_DAYS,
  createStockCountsSchema,
  listStockCountsQuerySchema,
  parseDay,
  shiftDay,
  stockCountIdParamsSchema,
  stockCountMarginAnswerSchema,
  stockCountMarginSchema,
  stockCountMessages as m,
  stockCountPageSchema,
  stockCountsSavedSchema,
  type BalanceChecksQuery,
} from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '../../app-error.js';
import { principalOf } from '../../plugins/auth.js';
import type { FarmEvent } from '../../plugins/events.js';
import { afterCommit, dbOf } from '../../plugins/request-transaction.js';
import { farmDayOf, scopeOf, type FarmScope } from '../farm-scope.js';
import { balanceChecks } from './balances.js';
import * as counts from './service.js';

/**
 * Stock counts and the balance checks (decision 077). Their events are of type stock_count
 * (STALE_AFTER: the counts and the checks read again); a count beyond the margin tells the owner
 * at once, stored in the count's transaction and delivered once it committed.
 */
const countEvent = (action: 'added' | 'updated' | 'deleted', id: number): FarmEvent => ({ type: 'stock_count', action, id });

/** The range asked for in the farm's days: the last 7 days up to today by default, never past today, at most a quarter. */
export function balanceRange(scope: FarmScope, query: BalanceChecksQuery): { start: string; end: string } {
  const today = farmDayOf(scope);
  const day = (value: string | undefined, field: 'start_date' | 'end_date', fallback: string) => {
    if (value === undefined) return fallback;
    const parsed = parseDay(value, scope.timeZone);
    if (parsed === null) throw invalid(m.dateInvalid, { [field]: m.dateInvalid });
    return parsed;
  };
  const asked = day(query.end_date, 'end_date', today);
  const end = asked > today ? today : asked;
  const start = day(query.start_date, 'start_date', shiftDay(end, 1 - BALANCE_WEEK_DAYS));
  if (start > end) throw invalid(m.startAfterEnd, { start_date: m.startAfterEnd });
  if (shiftDay(start, BALANCE_RANGE_MAX_DAYS - 1) < end) throw invalid(m.rangeTooLong, { start_date: m.rangeTooLong });
  return { start, end };
}

export async function stockCountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.post(
    '/stock-counts',
    { config: { idempotent: true }, schema: { body: createStockCountsSchema, response: { 201: stockCountsSavedSchema } } },
    async (request, reply) => {
      const scope = scopeOf(request);
      const saved = await counts.createStockCounts(dbOf(request), scope, principalOf(request).userId, request.body);
      afterCommit(request, () => {
        for (const count of saved.counts) app.events.publish(scope.farmId, countEvent('added', count.id));
        app.notifier.deliver(saved.told);
      });
      reply.status(201);
      return { counts: saved.counts };
    },
  );

  app.get('/stock-counts', { schema: { querystring: listStockCountsQuerySchema, response: { 200: stockCountPageSchema } } }, async (request) =>
    counts.listStockCounts(db, principalOf(request).farmId, request.query),
  );

  app.get('/stock-counts/balances', { schema: { querystring: balanceChecksQuerySchema, response: { 200: balanceChecksSchema } } }, async (request) => {
    const scope = scopeOf(request);
    return balanceChecks(db, scope.farmId, balanceRange(scope, request.query));
  });

  app.get('/stock-counts/margin', { schema: { response: { 200: stockCountMarginAnswerSchema } } }, async (request) => counts.marginOf(db, principalOf(request).farmId));

  app.put('/stock-counts/margin', { schema: { body: stockCountMarginSchema, response: { 200: stockCountMarginAnswerSchema } } }, async (request) => {
    const { farmId, userId } = principalOf(request);
    const answer = await counts.setMargin(dbOf(request), farmId, userId, request.body.margin_percent);
    afterCommit(request, () => app.events.publish(farmId, countEvent('updated', 0)));
    return answer;
  });

  app.delete('/stock-counts/:id', { schema: { params: stockCountIdParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    const { farmId } = principalOf(request);
    await counts.deleteStockCount(dbOf(request), farmId, request.params.id);
    afterCommit(request, () => app.events.publish(farmId, countEvent('deleted', request.params.id)));
    return reply.status(204).send(null);
  });
}
