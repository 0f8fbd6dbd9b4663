import {
  closeBatchAnswerSchema,
  closeBatchParamsSchema,
  closeBatchSchema,
  createSaleSchema,
  debtorsSchema,
  listSalesQuerySchema,
  saleFlockParamsSchema,
  saleIdParamsSchema,
  salePageSchema,
  saleSchema,
  saleSeriesSchema,
  saleStatsSchema,
  saleStatusAnswerSchema,
  saleStatusBodySchema,
  updateSaleSchema,
  type Sale,
  type SaleKey,
} from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { farmDayKey, sendCachedAnswer } from '../../db/answer-cache.js';
import { sales as salesTable } from '../../db/schema/index.js';
import { principalOf } from '../../plugins/auth.js';
import { sayFor } from '../../plugins/language.js';
import type { FarmEvent } from '../../plugins/events.js';
import type { OfflineCreate } from '../../plugins/idempotency.js';
import type { VersionedRecord } from '../../plugins/record-versions.js';
import { afterCommit, dbOf } from '../../plugins/request-transaction.js';
import { closeBatch } from './close-batch.js';
import { listDebtors, setSaleStatus } from './debtors.js';
import * as sales from './service.js';
import { scopeOf } from '../farm-scope.js';

/** docs/product.md §7 Real-time: a `sale` message, named sale_added, sale_updated or sale_deleted (decision 025). */
/** A sale a phone may capture offline (decision 065). */
const saleOffline: OfflineCreate = { kind: 'sale', table: salesTable, recordId: (a: Sale) => a.id };
const saleVersion: VersionedRecord = {
  table: salesTable,
  where: (key: SaleKey) => sales.keyOf(key),
  current: (db, farmId, key: SaleKey) => sales.saleNow(db, farmId, key),
};

const saleEvent = (action: 'added' | 'updated' | 'deleted', id: number): FarmEvent => ({ type: 'sale', name: `sale_${action}`, action, id });
/** A bird sale changes its flock's count (decision 072): whoever shows the flock reads it again. */
const flockEvent = (id: number): FarmEvent => ({ type: 'flock', action: 'updated', id });

export async function saleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get('/sales', { schema: { querystring: listSalesQuerySchema, response: { 200: salePageSchema } } }, async (request) =>
    sales.listSales(db, scopeOf(request), request.query),
  );

  app.get('/sales/stats', { schema: { response: { 200: saleStatsSchema } } }, async (request) => {
    const stats = await sales.saleStats(db, scopeOf(request));
    // The remarks are sentences of the domain's words: said in the request's language (decision 068).
    return { ...stats, remarks: stats.remarks.map((remark) => ({ ...remark, text: sayFor(request, remark.text) })) };
  });

  // Kept by the farm's data version (decision 027): the charts are read far more often than written.
  app.get('/sales/series', { schema: { response: { 200: saleSeriesSchema } } }, async (request, reply) => {
    const scope = scopeOf(request);
    return sendCachedAnswer(reply, db, farmDayKey('sales_series', scope), () => sales.saleSeries(db, scope));
  });

  app.get(
    '/sales/flock/:flockId',
    { schema: { params: saleFlockParamsSchema, querystring: listSalesQuerySchema, response: { 200: salePageSchema } } },
    async (request) => sales.listSales(db, scopeOf(request), request.query, request.params.flockId),
  );

  app.post('/sales', { config: { idempotent: true, offline: saleOffline }, schema: { body: createSaleSchema, response: { 201: saleSchema } } }, async (request, reply) => {
    const { farmId, userId } = principalOf(request);
    const sale = await sales.createSale(dbOf(request), scopeOf(request), userId, request.body);
    afterCommit(request, () => {
      app.events.publish(farmId, saleEvent('added', sale.id));
      if (sale.birds !== null) app.events.publish(farmId, flockEvent(sale.flock_id));
    });
    reply.status(201);
    return sale;
  });

  // Closing a broiler batch (decision 072): the birds left sold in one sale, the flock archived, its result answered.
  app.post(
    '/flocks/:flockId/close',
    { config: { idempotent: true }, schema: { params: closeBatchParamsSchema, body: closeBatchSchema, response: { 200: closeBatchAnswerSchema } } },
    async (request) => {
      const { farmId, userId } = principalOf(request);
      const answer = await closeBatch(dbOf(request), scopeOf(request), userId, request.params.flockId, request.body);
      afterCommit(request, () => {
        if (answer.sale) app.events.publish(farmId, saleEvent('added', answer.sale.id));
        app.events.publish(farmId, flockEvent(answer.flock.id));
      });
      return answer;
    },
  );

  // Who owes (decision 055). Static paths: Fastify's router takes them before /sales/:id.
  app.get('/sales/debtors', { schema: { response: { 200: debtorsSchema } } }, async (request) => listDebtors(db, scopeOf(request)));

  app.post(
    '/sales/status',
    { config: { idempotent: true }, schema: { body: saleStatusBodySchema, response: { 200: saleStatusAnswerSchema } } },
    async (request) => {
      const { farmId, userId } = principalOf(request);
      const { ids, ...answer } = await setSaleStatus(dbOf(request), scopeOf(request), userId, request.body);
      afterCommit(request, () => {
        for (const id of ids) app.events.publish(farmId, saleEvent('updated', id));
      });
      return answer;
    },
  );

  app.put(
    '/sales/:id',
    { config: { versioned: saleVersion }, schema: { params: saleIdParamsSchema, body: updateSaleSchema, response: { 200: saleSchema } } },
    async (request) => {
      const { farmId, userId } = principalOf(request);
      const { sale, flocksMoved } = await sales.updateSale(dbOf(request), scopeOf(request), userId, request.params, request.body);
      afterCommit(request, () => {
        app.events.publish(farmId, saleEvent('updated', sale.id));
        for (const id of flocksMoved) app.events.publish(farmId, flockEvent(id));
      });
      return sale;
    },
  );

  app.delete('/sales/:id', { config: { versioned: saleVersion }, schema: { params: saleIdParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    const { farmId, userId } = principalOf(request);
    const deleted = await sales.deleteSale(dbOf(request), farmId, userId, request.params);
    afterCommit(request, () => {
      app.events.publish(farmId, saleEvent('deleted', deleted.id));
      for (const id of deleted.flocksMoved) app.events.publish(farmId, flockEvent(id));
    });
    reply.status(204);
    return null;
  });
}
