import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { LiveUpdateType, Notification } from '@kuku/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { PRINCIPAL_CHANGE_CHANNEL } from '../db/embedded/pglite-protocol.js';

/** A change a farm's open sockets hear about (docs/product.md §7 Real-time): the client refetches. */
export interface FarmEvent {
  /**
   * Each type is heard by the roles LIVE_UPDATE_PERMISSIONS names (decision 049). `member`: a
   * member's role changed (`updated`) or they were removed (`deleted`), told to that member only (decision 039).
   */
  type: LiveUpdateType;
  /**
   * `exceeded`: a budget's flock went over it this month (budget_exceeded, decision 026).
   * `removed`, `restocked`: an item's stock moved; `low_stock`: it fell below its reorder level (decision 028).
   */
  action: 'added' | 'updated' | 'deleted' | 'exceeded' | 'removed' | 'restocked' | 'low_stock';
  id: number;
  /** docs/product.md §7: egg-production messages also carry category eggProduction. */
  category?: 'eggProduction';
  /** docs/product.md §7's own name of a sale, expense or budget message beside its type (decisions 025, 026). */
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
    | 'feed_added'
    | 'feed_updated'
    | 'feed_deleted'
    | 'financial_updated';
  /** low_stock: the item's name (its id is `id`). */
  item_name?: string;
  /** budget_exceeded: the flock and month over budget, and the words a notification shows; low_stock: its warning. */
  flock_id?: number;
  month?: number;
  year?: number;
  text?: string;
  /** notification: whose it is (only that user's sockets hear it) and the notification itself. */
  userId?: number;
  notification?: Notification;
}

export interface FarmEvents {
  /** Tells every process's sockets of the farm (through PostgreSQL when there are several). */
  publish(farmId: number, event: FarmEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(farmId: number, listener: (event: FarmEvent) => void): () => void;
  /**
   * Runs once per event, in the process that published it (never in the others): where a
   * change turns into a stored notification without two processes making it twice.
   */
  onPublish(listener: (farmId: number, event: FarmEvent) => void): () => void;
  /**
   * Runs after a session, user, farm or membership row changed, in this process or another
   * (migration 0009's trigger, at commit), and after a lost listener is back (changes may have
   * been missed): a logout, a password change or reset, a removal, a role change, a change by
   * hand. The sockets read their sessions again then (decision 049).
   */
  onPrincipalChange(listener: () => void): () => void;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: FarmEvents;
  }
}

/** NOTIFY's payload limit is 8,000 bytes; a message carries ids, and a notification's short words. */
export const NOTIFY_PAYLOAD_MAX = 7900;
export const EVENTS_CHANNEL = 'kuku_farm_events';
const RECONNECT_MS = 1000;

interface Bus {
  send(farmId: number, event: FarmEvent): void;
  close(): Promise<void>;
}

interface Local {
  /** Tells this process's subscribers of a farm. */
  deliver(farmId: number, event: FarmEvent): void;
  /** Tells every subscriber of this process (after events may have been missed). */
  broadcast(event: FarmEvent): void;
  /** A session, user, farm or membership row changed (or may have). */
  principalChanged(): void;
}

function createFanOut(makeBus: (local: Local) => Bus): FarmEvents {
  const farms = new EventEmitter();
  farms.setMaxListeners(0);
  const published = new EventEmitter();
  published.setMaxListeners(0);
  const principals = new EventEmitter();
  principals.setMaxListeners(0);
  const bus = makeBus({
    deliver: (farmId, event) => void farms.emit(`farm:${farmId}`, event),
    broadcast: (event) => farms.eventNames().forEach((name) => farms.emit(name, event)),
    principalChanged: () => void principals.emit('change'),
  });
  return {
    publish(farmId, event) {
      bus.send(farmId, event);
      published.emit('event', farmId, event);
    },
    subscribe(farmId, listener) {
      farms.on(`farm:${farmId}`, listener);
      return () => farms.off(`farm:${farmId}`, listener);
    },
    onPublish(listener) {
      published.on('event', listener);
      return () => published.off('event', listener);
    },
    onPrincipalChange(listener) {
      principals.on('change', listener);
      return () => principals.off('change', listener);
    },
    close: () => bus.close(),
  };
}

/**
 * One process (the embedded database): events stay in memory, and principal changes come from
 * the database thread (`Database.onPrincipalChange`), when there is one.
 */
export function createFarmEvents(watchPrincipals?: (listener: () => void) => () => void): FarmEvents {
  return createFanOut(({ deliver, principalChanged }) => {
    const unwatch = watchPrincipals?.(principalChanged);
    return {
      send: deliver,
      close: async () => unwatch?.(),
    };
  });
}

/** A message as it travels through NOTIFY: a notification too big for it goes without its words (the client refetches). */
export function notifyPayload(sender: string, farmId: number, event: FarmEvent): string {
  const whole = JSON.stringify({ p: sender, f: farmId, e: event });
  if (Buffer.byteLength(whole) <= NOTIFY_PAYLOAD_MAX) return whole;
  const { notification: _words, text: _text, item_name: _name, ...ids } = event;
  return JSON.stringify({ p: sender, f: farmId, e: ids });
}

function parsePayload(payload: string | undefined): { sender: unknown; farmId: number; event: FarmEvent } | null {
  try {
    // Our own notifyPayload's JSON: trusted for its shape, checked for the fields routing needs.
    const value: { p?: unknown; f?: unknown; e?: FarmEvent } | null = JSON.parse(payload ?? '');
    if (typeof value?.f !== 'number' || typeof value.e?.type !== 'string') return null;
    return { sender: value.p, farmId: value.f, event: value.e };
  } catch {
    return null;
  }
}

/**
 * Several processes on one PostgreSQL (docs/design.md §5, §8): a change made on one reaches a socket
 * held by another. Every process LISTENs on one connection of its own; publishing tells this
 * process's sockets at once and the others through a pg_notify on the pool (this process skips
 * its own echo).
 */
export async function createPgFarmEvents(options: {
  connectionString: string;
  notify: (payload: string) => Promise<unknown>;
  log: FastifyBaseLogger;
}): Promise<FarmEvents> {
  let client: pg.Client | null = null;
  let closing = false;
  let local: Local | null = null;
  let retry: NodeJS.Timeout | undefined;
  const self = randomUUID();

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.connectionString });
    next.on('notification', (message) => {
      if (message.channel === PRINCIPAL_CHANGE_CHANNEL) return local?.principalChanged();
      const parsed = parsePayload(message.payload);
      if (parsed && parsed.sender !== self) local?.deliver(parsed.farmId, parsed.event);
    });
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (client === next) client = null;
      next.end().catch(() => {});
      if (closing) return;
      options.log.warn({ err: error }, 'the event listener lost PostgreSQL; connecting again');
      retry = setTimeout(() => void reconnect(), RECONNECT_MS);
    };
    next.on('error', drop);
    next.on('end', () => drop());
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
      await next.query(`LISTEN ${PRINCIPAL_CHANGE_CHANNEL}`);
    } catch (error) {
      drop(error instanceof Error ? error : undefined);
      throw error;
    }
    client = next;
  };
  // Other processes' events of the outage are lost: every socket here is told to read again,
  // and checks its session again (a logout elsewhere may have been missed).
  const reconnect = () =>
    connect().then(
      () => {
        local?.broadcast({ type: 'resync', action: 'updated', id: 0 });
        local?.principalChanged();
      },
      () => {}, // drop() has planned the next try
    );

  try {
    await connect();
  } catch (error) {
    closing = true;
    clearTimeout(retry);
    throw error;
  }

  return createFanOut((fanOut) => {
    local = fanOut;
    return {
      send(farmId, event) {
        fanOut.deliver(farmId, event);
        options.notify(notifyPayload(self, farmId, event)).catch((error: unknown) => options.log.error({ err: error, farmId, type: event.type }, 'an event was not sent'));
      },
      async close() {
        closing = true;
        clearTimeout(retry);
        const open = client;
        client = null;
        await open?.end().catch(() => {});
      },
    };
  });
}

export const eventsPlugin = fp(async (app: FastifyInstance) => {
  const { connectionString } = app.database;
  const events = connectionString
    ? await createPgFarmEvents({
        connectionString,
        notify: (payload) => app.database.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, payload]),
        log: app.log,
      })
    : createFarmEvents(app.database.onPrincipalChange ?? undefined);
  app.decorate('events', events);
  app.addHook('onClose', async () => events.close());
});
