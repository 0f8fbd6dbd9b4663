import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A change a farm's open sockets hear about (SPEC §7 Real-time): the client refetches. */
export interface FarmEvent {
  type: 'flock' | 'vaccination' | 'egg_production' | 'sale' | 'expense' | 'budget' | 'inventory' | 'financial' | 'report' | 'payment';
  /**
   * `exceeded`: a budget's flock went over it this month (budget_exceeded, decision 026).
   * `removed`, `restocked`: an item's stock moved; `low_stock`: it fell below its reorder level (decision 028).
   */
  action: 'added' | 'updated' | 'deleted' | 'exceeded' | 'removed' | 'restocked' | 'low_stock';
  id: number;
  /** SPEC §7: egg-production messages also carry category eggProduction. */
  category?: 'eggProduction';
  /** SPEC §7's own name of a sale, expense or budget message beside its type (decisions 025, 026). */
  name?:
    | 'sale_added'
    | 'sale_updated'
    | 'sale_deleted'
    | 'expense_added'
    | 'expense_updated'
    | 'expense_deleted'
    | 'budget_added'
    | 'budget_updated'
    | 'budget_deleted'
    | 'budget_exceeded'
    | 'inventory_added'
    | 'inventory_updated'
    | 'inventory_deleted'
    | 'inventory_removed'
    | 'inventory_restocked'
    | 'low_stock'
    | 'financial_updated';
  /** low_stock: the item's name (its id is `id`). */
  item_name?: string;
  /** budget_exceeded: the flock and month over budget, and the words a notification shows; low_stock: its warning. */
  flock_id?: number;
  month?: number;
  year?: number;
  text?: string;
}

export interface FarmEvents {
  publish(farmId: number, event: FarmEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(farmId: number, listener: (event: FarmEvent) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: FarmEvents;
  }
}

/**
 * In-process for now; the socket endpoint and, across server processes,
 * PostgreSQL LISTEN/NOTIFY (DESIGN §5) plug in behind this same interface.
 */
export function createFarmEvents(): FarmEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (farmId, event) => void emitter.emit(`farm:${farmId}`, event),
    subscribe(farmId, listener) {
      emitter.on(`farm:${farmId}`, listener);
      return () => emitter.off(`farm:${farmId}`, listener);
    },
  };
}

export const eventsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('events', createFarmEvents());
});
