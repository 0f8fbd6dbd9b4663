import { readRecordVersion, RECORD_VERSION_HEADER, recordVersionMessages } from '@kuku/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler, RouteHandlerMethod, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ChangedMeanwhile, invalid } from '../app-error.js';
import type { DbOrTx } from '../db/client.js';
import { principalOf } from './auth.js';
import { inRequestTransaction, toArray, withoutSend } from './request-transaction.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An edit or a delete of a record a phone may have read long ago (decision 067): with the
     * Kuku-Record-Version header, the record is changed only if it is still the version the farmer
     * saw; otherwise the answer is a 409 with the record as it is now. Its handler returns its
     * answer (never `reply.send`), writes through `dbOf(request)` and publishes through `afterCommit`.
     */
    versioned?: VersionedRecord;
  }
}

/** What the plugin needs to know of the record a route changes. */
export interface VersionedRecord {
  table: PgTable & { farmId: AnyPgColumn; updatedAt: AnyPgColumn };
  /** The record among the farm's, from the route's validated params. */
  where: (params: never) => SQL | undefined;
  /** The record as the API answers it, for the 409 that shows what it is now. */
  current: (db: DbOrTx, farmId: number, params: never) => Promise<unknown>;
}

const versions = new WeakMap<FastifyRequest, Date>();

/** The header's value, one instant; Node joins a repeated header with ", ", which is refused. */
const readHeader: preValidationAsyncHookHandler = async (request) => {
  const header = request.headers[RECORD_VERSION_HEADER];
  if (header === undefined) return;
  const version = typeof header === 'string' ? readRecordVersion(header) : null;
  if (!version) throw invalid(recordVersionMessages.badVersion);
  versions.set(request, version);
};

/**
 * Edits and deletes that carry the version the farmer saw (decision 067). With the header, the
 * record's row is locked, its `updated_at` compared with the version, and the handler runs in
 * that same transaction, so a change from another phone either commits before the lock (this
 * one then answers 409) or waits behind it. A record that is not there is the handler's to
 * answer (404). No header: the route behaves exactly as without the plugin, the last write kept.
 */
export const recordVersionsPlugin = fp(async (app: FastifyInstance) => {
  function checked(handler: RouteHandlerMethod, record: VersionedRecord): RouteHandlerMethod {
    return async function (this: FastifyInstance, request, reply) {
      const version = versions.get(request);
      if (!version) return handler.call(this, request, reply);
      const { farmId } = principalOf(request);
      const params = request.params as never;
      return inRequestTransaction(request, async (tx) => {
        const { table } = record;
        const [row] = await tx
          .select({ updatedAt: table.updatedAt })
          .from(table as PgTable)
          .where(and(eq(table.farmId, farmId), record.where(params)))
          .for('no key update');
        if (row && (row.updatedAt as Date).getTime() !== version.getTime()) {
          throw new ChangedMeanwhile(recordVersionMessages.changedMeanwhile, await record.current(tx, farmId, params));
        }
        return withoutSend(reply, () => handler.call(this, request, reply));
      });
    };
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const record = route.config?.versioned;
    if (!record) return;
    if (route.config?.idempotent) throw new Error(`${route.method} ${route.url}: a versioned route is not an idempotent create`);
    route.preValidation = [...toArray(route.preValidation), readHeader];
    route.handler = checked(route.handler, record);
  });
});
