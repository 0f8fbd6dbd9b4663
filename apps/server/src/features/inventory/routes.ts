import {
  createInventoryItemSchema,
  inventoryIdParamsSchema,
  inventoryItemSchema,
  inventoryPageSchema,
  inventoryStatsSchema,
  listInventoryQuerySchema,
  listMovementsQuerySchema,
  removeStockSchema,
  restockSchema,
  stockChangeSchema,
  stockMovementPageSchema,
  updateInventoryItemSchema,
  type StockChange,
} from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inventoryMovements } from '../../db/schema/index.js';
import { principalOf } from '../../plugins/auth.js';
import type { FarmEvent } from '../../plugins/events.js';
import type { OfflineCreate } from '../../plugins/idempotency.js';
import { afterCommit, dbOf } from '../../plugins/request-transaction.js';
import * as inventory from './service.js';

type Action = 'added' | 'updated' | 'deleted' | 'removed' | 'restocked';
/** docs/product.md §7 Real-time: an `inventory` message, named inventory_added… as the expense messages are (decision 028). */
/** A removal from the store a phone may capture offline (decision 065): the record is the movement. */
const removalOffline: OfflineCreate = { kind: 'stock_removal', table: inventoryMovements, recordId: (a: StockChange) => a.movement.id };

const inventoryEvent = (action: Action, id: number): FarmEvent => ({ type: 'inventory', name: `inventory_${action}`, action, id });
/** An item fell below its reorder level: the notifications issue turns this into a notification. */
const lowStockEvent = (low: inventory.LowStock): FarmEvent => ({
  type: 'inventory',
  name: 'low_stock',
  action: 'low_stock',
  id: low.itemId,
  item_name: low.itemName,
  text: low.text,
});

export async function inventoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const publish = (farmId: number, events: FarmEvent[]) => events.forEach((event) => app.events.publish(farmId, event));

  app.get('/inventory', { schema: { querystring: listInventoryQuerySchema, response: { 200: inventoryPageSchema } } }, async (request) =>
    inventory.listItems(db, principalOf(request).farmId, request.query),
  );

  app.get('/inventory/stats', { schema: { response: { 200: inventoryStatsSchema } } }, async (request) => inventory.inventoryStats(db, principalOf(request).farmId));

  app.post(
    '/inventory',
    { config: { idempotent: true }, schema: { body: createInventoryItemSchema, response: { 201: inventoryItemSchema } } },
    async (request, reply) => {
      const { farmId, userId } = principalOf(request);
      const item = await inventory.createItem(dbOf(request), farmId, userId, request.body);
      afterCommit(request, () => publish(farmId, [inventoryEvent('added', item.id)]));
      reply.status(201);
      return item;
    },
  );

  app.put(
    '/inventory/:id',
    { schema: { params: inventoryIdParamsSchema, body: updateInventoryItemSchema, response: { 200: inventoryItemSchema } } },
    async (request) => {
      const { farmId, userId } = principalOf(request);
      const { item, lowStock } = await inventory.updateItem(db, farmId, userId, request.params.id, request.body);
      publish(farmId, [inventoryEvent('updated', item.id), ...(lowStock ? [lowStockEvent(lowStock)] : [])]);
      return item;
    },
  );

  app.delete('/inventory/:id', { schema: { params: inventoryIdParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    const { farmId } = principalOf(request);
    const deleted = await inventory.deleteItem(db, farmId, request.params.id);
    publish(farmId, [inventoryEvent('deleted', deleted.id)]);
    return reply.status(204).send(null);
  });

  app.post(
    '/inventory/:id/remove',
    { config: { idempotent: true, offline: removalOffline }, schema: { params: inventoryIdParamsSchema, body: removeStockSchema, response: { 200: stockChangeSchema } } },
    async (request) => {
      const { farmId, userId } = principalOf(request);
      const { change, lowStock } = await inventory.removeStock(dbOf(request), farmId, userId, request.params.id, request.body);
      afterCommit(request, () => publish(farmId, [inventoryEvent('removed', change.item.id), ...(lowStock ? [lowStockEvent(lowStock)] : [])]));
      return change;
    },
  );

  app.post(
    '/inventory/:id/restock',
    { config: { idempotent: true }, schema: { params: inventoryIdParamsSchema, body: restockSchema, response: { 200: stockChangeSchema } } },
    async (request) => {
      const { farmId, userId } = principalOf(request);
      const change = await inventory.restock(dbOf(request), farmId, userId, request.params.id, request.body);
      afterCommit(request, () => publish(farmId, [inventoryEvent('restocked', change.item.id)]));
      return change;
    },
  );

  app.get(
    '/inventory/:id/movements',
    { schema: { params: inventoryIdParamsSchema, querystring: listMovementsQuerySchema, response: { 200: stockMovementPageSchema } } },
    async (request) => inventory.listMovements(db, principalOf(request).farmId, request.params.id, request.query),
  );
}
