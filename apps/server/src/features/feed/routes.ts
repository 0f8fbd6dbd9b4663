import {
  createFeedRecordSchema,
  feedChangeSchema,
  feedDaysSchema,
  feedIdParamsSchema,
  feedMessages,
  feedPageSchema,
  flockFeedParamsSchema,
  listFeedQuerySchema,
  listFlockFeedQuerySchema,
  updateFeedRecordSchema,
  usualFeedSchema,
} from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.js';
import type { FarmEvent } from '../../plugins/events.js';
import { languageOf } from '../../plugins/language.js';
import { afterCommit, dbOf } from '../../plugins/request-transaction.js';
import { scopeOf } from '../farm-scope.js';
import type { LowStock } from '../inventory/service.js';
import { feedDaysOfFarm } from './days-left.js';
import * as feed from './service.js';

/**
 * Feed given to a flock (decision 070): a removal of the feed item's ledger. Its events are of
 * type feed (STALE_AFTER: the feed lists, the store, the flocks and the figures read again), named
 * feed_*; the items whose stock moved are told as inventory_removed, and one falling below its
 * level as low_stock.
 */
type Action = 'added' | 'updated' | 'deleted';
const feedEvent = (action: Action, id: number): FarmEvent => ({ type: 'feed', name: `feed_${action}`, action, id });
const stockEvent = (itemId: number): FarmEvent => ({ type: 'inventory', name: 'inventory_removed', action: 'removed', id: itemId });
const lowStockEvent = (low: LowStock): FarmEvent => ({ type: 'inventory', name: 'low_stock', action: 'low_stock', id: low.itemId, item_name: low.itemName, text: low.text });

/** The ledger's notes in the asker's language (decision 068: what the app writes for the farmer). */
const ledgerWords = (request: FastifyRequest) => wordsIn(languageOf(request), feedMessages);

export async function feedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const publish = (farmId: number, events: FarmEvent[]) => events.forEach((event) => app.events.publish(farmId, event));

  app.post(
    '/flocks/:flockId/feed',
    { config: { idempotent: true }, schema: { params: flockFeedParamsSchema, body: createFeedRecordSchema, response: { 201: feedChangeSchema } } },
    async (request, reply) => {
      const scope = scopeOf(request);
      const { change, lowStock, items } = await feed.createFeedRecord(dbOf(request), scope, principalOf(request).userId, request.params.flockId, request.body, ledgerWords(request));
      afterCommit(request, () => publish(scope.farmId, [feedEvent('added', change.record.id), ...items.map(stockEvent), ...lowStock.map(lowStockEvent)]));
      reply.status(201);
      return change;
    },
  );

  app.get(
    '/flocks/:flockId/feed',
    { schema: { params: flockFeedParamsSchema, querystring: listFlockFeedQuerySchema, response: { 200: feedPageSchema } } },
    async (request) => {
      const { farmId } = principalOf(request);
      await feed.checkFlock(db, farmId, request.params.flockId);
      return feed.listFeedRecords(db, farmId, { ...request.query, flock_id: request.params.flockId });
    },
  );

  app.get('/flocks/:flockId/feed/usual', { schema: { params: flockFeedParamsSchema, response: { 200: usualFeedSchema } } }, async (request) =>
    feed.usualFeed(db, principalOf(request).farmId, request.params.flockId),
  );

  app.get('/feed', { schema: { querystring: listFeedQuerySchema, response: { 200: feedPageSchema } } }, async (request) =>
    feed.listFeedRecords(db, principalOf(request).farmId, request.query),
  );

  // How many days the store's feed lasts at the last 7 days' use (decision 074): the dashboard's card,
  // for whoever reads the store. Two index reads, so not kept by the farm's data version.
  app.get('/feed/days-left', { schema: { response: { 200: feedDaysSchema } } }, async (request) => feedDaysOfFarm(db, scopeOf(request)));

  app.patch('/feed/:id', { schema: { params: feedIdParamsSchema, body: updateFeedRecordSchema, response: { 200: feedChangeSchema } } }, async (request) => {
    const scope = scopeOf(request);
    const { change, lowStock, items } = await feed.updateFeedRecord(dbOf(request), scope, principalOf(request).userId, request.params.id, request.body, ledgerWords(request));
    afterCommit(request, () => publish(scope.farmId, [feedEvent('updated', change.record.id), ...items.map(stockEvent), ...lowStock.map(lowStockEvent)]));
    return change;
  });

  app.delete('/feed/:id', { schema: { params: feedIdParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    const { farmId, userId } = principalOf(request);
    const deleted = await feed.deleteFeedRecord(dbOf(request), farmId, userId, request.params.id, ledgerWords(request));
    afterCommit(request, () => publish(farmId, [feedEvent('deleted', deleted.id), stockEvent(deleted.itemId)]));
    return reply.status(204).send(null);
  });
}
