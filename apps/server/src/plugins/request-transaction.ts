import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.js';

/**
 * A request whose writes must commit together with the plugin's own (an Idempotency-Key and its
 * answer, decision 013; an edit and the version it was checked against, decision 067): the
 * plugin opens one transaction, and the handler writes through `dbOf(request)` and publishes
 * through `afterCommit(request, …)`.
 */
interface OpenTransaction {
  tx: Tx;
  afterCommit: (() => void)[];
}

const open = new WeakMap<FastifyRequest, OpenTransaction>();

/**
 * The database a handler writes through: the request's transaction while a plugin holds one,
 * `app.db` otherwise. Inside that transaction `app.db` must not be used: its writes would escape
 * the rollback, and on the embedded database the query would wait behind the transaction forever.
 */
export function dbOf(request: FastifyRequest): Db {
  return (open.get(request)?.tx as Db | undefined) ?? request.server.db;
}

/** Runs `work` once the request's writes are committed (now, outside a transaction); never after a rollback. */
export function afterCommit(request: FastifyRequest, work: () => void): void {
  const state = open.get(request);
  if (state) state.afterCommit.push(work);
  else work();
}

/**
 * Runs `run` in one transaction that `dbOf(request)` answers, then, once it has committed, the
 * work the handler left for after the commit. A throw rolls back and drops that work.
 */
export async function inRequestTransaction<T>(request: FastifyRequest, run: (tx: Tx) => Promise<T>): Promise<T> {
  if (open.has(request)) throw new Error('a request holds one transaction at a time');
  const after: (() => void)[] = [];
  const value = await request.server.db.transaction(async (tx) => {
    open.set(request, { tx, afterCommit: after });
    try {
      return await run(tx);
    } finally {
      open.delete(request);
    }
  });
  for (const work of after) {
    try {
      work();
    } catch (error) {
      // Committed regardless: a failed event must not turn the write into a 500.
      request.log.error({ err: error }, 'after-commit work of a request failed');
    }
  }
  return value;
}

/**
 * Runs the handler with `reply.send` refused: a handler inside the request's transaction returns
 * its answer, which goes out after the commit. Sending from inside would answer 2xx before the
 * commit, for writes that may still roll back.
 */
export async function withoutSend<T>(reply: FastifyReply, run: () => T): Promise<Awaited<T>> {
  const own = reply as unknown as Record<string, unknown>;
  own.send = () => {
    throw new Error('A route whose writes a plugin commits returns its answer; it must not call reply.send');
  };
  try {
    return await run();
  } finally {
    // Back to Reply.prototype.send, for the error handler and the answer.
    delete own.send;
  }
}

/** A route's hooks as a list, to add one. */
export function toArray<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
