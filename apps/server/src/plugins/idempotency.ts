import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import {
  CLIENT_RECORD_HEADERS,
  clientRecordMessages,
  isClientRecordId,
  isDeviceId,
  readCapturedAt,
  type ClientRecordKind,
} from '@kuku/domain';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError, conflict, invalid } from '../app-error.js';
import type { DbOrTx, Tx } from '../db/client.js';
import { clientRecords, idempotencyKeys } from '../db/schema/index.js';
import { principalOf } from './auth.js';
import { inRequestTransaction, toArray, withoutSend } from './request-transaction.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Accepts an `Idempotency-Key` header (docs/design.md §5): a retry with the same key
     * creates nothing new and gets the first answer back. Every create of money
     * records sets it. Its handler returns its answer (never `reply.send`), writes
     * through `dbOf(request)` and publishes events through `afterCommit(request, …)`.
     */
    idempotent?: boolean;
    /**
     * A create a phone may capture offline (decision 065): with the record-id header the create
     * is claimed under that id for good, not for a day, and a replay answers the record it made.
     * Needs `idempotent` too.
     */
    offline?: OfflineCreate;
  }
}

/** What the plugin needs to know of a create that a phone may capture offline. */
export interface OfflineCreate {
  kind: ClientRecordKind;
  /** The table of the records it creates: a replay checks that its record is still there. */
  table: PgTable & { id: AnyPgColumn; farmId: AnyPgColumn };
  /** The created record's id, from the route's answer. */
  recordId: (answer: never) => number;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_HOURS = 24;

export const idempotencyMessages = {
  badKey: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters, without spaces.',
  otherRequest: 'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
  stillRunning: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
} as const;

// Visible ASCII only: a key is an opaque token (a UUID from the web app), never text to show.
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const PURGE_EVERY_MS = 10 * 60 * 1000;
const EXPIRED = sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`;

/** Object keys sorted at every depth, so `{a,b}` and `{b,a}` are one request. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** What the key was first used for: method, path (query included, trailing slash not) and the validated body. */
function requestHash(request: FastifyRequest): string {
  const [path = '', query] = request.url.split('?', 2);
  const target = path.replace(/\/+$/, '') + (query ? `?${query}` : '');
  return createHash('sha256').update(`${request.method} ${target}\n${canonicalJson(request.body)}`).digest('hex');
}

/** Deletes keys older than 24 hours; the plugin calls it now and then, a scheduled job may too. */
export async function purgeExpiredIdempotencyKeys(db: DbOrTx): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < ${EXPIRED}`)
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/** A create sent under the id a phone gave it when the farmer saved it offline. */
interface ClientRecord {
  id: string;
  capturedAt: Date;
  device: string | null;
  offline: OfflineCreate;
}

interface KeyState {
  key: string;
  hash: string;
  farmId: number;
  /** Set when the request carries a record id: it is claimed instead of the key. */
  record: ClientRecord | undefined;
}

/** What an idempotent request answers: recorded now, or replayed from the key's row. */
interface Answer {
  status: number;
  body: string;
  replayed: boolean;
}

/** Thrown to roll back a handler's work whose answer is not a 2xx (that answer is not stored). */
class Unstored {
  constructor(readonly value: unknown) {}
}

const states = new WeakMap<FastifyRequest, KeyState>();
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * When the farmer saved the record the request creates, for a create sent under a record id;
 * undefined otherwise (it is being saved now). Rules about "today" judge it by this time.
 */
export function capturedAtOf(request: FastifyRequest): Date | undefined {
  return states.get(request)?.record?.capturedAt;
}

/**
 * The Idempotency-Key mechanism of docs/design.md §5, for routes with `config: { idempotent: true }`
 * (decision 013). With a key, the handler runs inside one transaction that first claims the
 * key row (primary key (farm_id, key)), then does the route's writes, then stores the 2xx
 * answer; the answer goes out only after the commit. A crash at any point leaves the key
 * either done (the retry replays) or absent (the retry creates once). A concurrent duplicate
 * waits on the primary key until the first transaction ends, then replays its answer. A
 * non-2xx answer rolls everything back, so the corrected retry can run. No header: the
 * route behaves exactly as without the plugin.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  let lastPurge = 0;

  const readKey: preValidationAsyncHookHandler = async (request) => {
    const record = readRecord(request);
    if (record) {
      states.set(request, { key: record.id, hash: '', farmId: 0, record });
      return;
    }
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    // Node joins a repeated header with ", ", which the pattern refuses too.
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw invalid(idempotencyMessages.badKey);
    states.set(request, { key: header, hash: '', farmId: 0, record: undefined });
  };

  const prepare: preHandlerAsyncHookHandler = async (request) => {
    const state = states.get(request);
    if (!state) return;
    state.farmId = principalOf(request).farmId;
    // The body as validation left it, not as sent: the schema bounds its shape, where a raw body may
    // nest 100,000 deep (past canonicalJson's stack) inside fields the schema drops.
    state.hash = requestHash(request);
    // Outside the request's transaction, which stays as short as the create itself.
    if (Date.now() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = Date.now();
      await purgeExpiredIdempotencyKeys(app.db);
    }
  };

  /**
   * Inserts the pending row, or takes over an expired one; answers whether this request owns the key.
   * On PostgreSQL a concurrent insert of the same key waits here until the other transaction ends.
   */
  async function claim(tx: Tx, state: KeyState): Promise<boolean> {
    const rows = await tx
      .insert(idempotencyKeys)
      .values({ farmId: state.farmId, key: state.key, requestHash: state.hash, status: 'pending' })
      .onConflictDoUpdate({
        target: [idempotencyKeys.farmId, idempotencyKeys.key],
        set: { requestHash: state.hash, status: 'pending', responseStatus: null, responseBody: null, createdAt: sql`now()` },
        setWhere: sql`${idempotencyKeys.createdAt} < ${EXPIRED}`,
      })
      .returning({ key: idempotencyKeys.key });
    return rows.length > 0;
  }

  /** Inserts the record id's row; answers whether this request owns it (a duplicate waits here, as for a key). */
  async function claimRecord(tx: Tx, state: KeyState, record: ClientRecord): Promise<boolean> {
    const rows = await tx
      .insert(clientRecords)
      .values({
        id: record.id,
        farmId: state.farmId,
        kind: record.offline.kind,
        requestHash: state.hash,
        capturedAt: record.capturedAt,
        deviceId: record.device,
      })
      .onConflictDoNothing({ target: clientRecords.id })
      .returning({ id: clientRecords.id });
    return rows.length > 0;
  }

  /**
   * The answer of a record id sent before: the record it made, if it is the same request of the
   * same farm and the record is still there. An id of another farm or kind is refused in the same
   * words, so nothing about the other record shows.
   */
  async function storedRecord(tx: Tx, state: KeyState, record: ClientRecord): Promise<Answer> {
    const [row] = await tx.select().from(clientRecords).where(eq(clientRecords.id, record.id));
    if (!row || row.farmId !== state.farmId || row.kind !== record.offline.kind) throw conflict(clientRecordMessages.idTaken);
    if (row.requestHash !== state.hash) throw conflict(clientRecordMessages.sentWithOtherValues);
    // Written with the claim in one transaction: a committed row always has its answer.
    if (row.recordId === null || row.responseBody === null) throw conflict(idempotencyMessages.stillRunning);
    const { table } = record.offline;
    const [still] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.farmId, state.farmId), eq(table.id, row.recordId)))
      .limit(1);
    if (!still) throw conflict(clientRecordMessages.deletedSinceSent);
    return { status: 200, body: row.responseBody, replayed: true };
  }

  /** The answer stored under a key this request could not claim. */
  async function stored(tx: Tx, state: KeyState): Promise<Answer> {
    const [row] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.farmId, state.farmId), eq(idempotencyKeys.key, state.key)));
    // The failed claim locked the row, so it cannot vanish in between; kept as a plain refusal.
    if (!row) throw conflict(idempotencyMessages.stillRunning);
    if (row.requestHash !== state.hash) throw new AppError('rule_broken', idempotencyMessages.otherRequest);
    // Committed `pending` rows only come from before the claim and the answer shared one transaction.
    if (row.status === 'pending' || row.responseStatus === null) throw conflict(idempotencyMessages.stillRunning);
    return { status: row.responseStatus, body: row.responseBody ?? '', replayed: true };
  }

  function keyed(handler: RouteHandlerMethod): RouteHandlerMethod {
    return async function (this: FastifyInstance, request, reply) {
      const state = states.get(request);
      if (!state) return handler.call(this, request, reply);
      let answer: Answer;
      try {
        // The handler writes through the transaction that holds the claim (dbOf); its events go after the commit.
        answer = await inRequestTransaction(request, async (tx) => {
          const { record } = state;
          if (record ? !(await claimRecord(tx, state, record)) : !(await claim(tx, state))) {
            return record ? storedRecord(tx, state, record) : stored(tx, state);
          }
          const value: unknown = await withoutSend(reply, () => handler.call(this, request, reply));
          if (reply.statusCode < 200 || reply.statusCode >= 300) throw new Unstored(value);
          // The route's response schema serializes, as Fastify would: the stored bytes are the sent bytes.
          const body = value === undefined ? '' : asText(reply.serialize(value));
          if (record) {
            await tx
              .update(clientRecords)
              .set({ recordId: record.offline.recordId(value as never), responseStatus: reply.statusCode, responseBody: body })
              .where(eq(clientRecords.id, record.id));
          } else {
            await tx
              .update(idempotencyKeys)
              .set({ status: 'done', responseStatus: reply.statusCode, responseBody: body })
              .where(and(eq(idempotencyKeys.farmId, state.farmId), eq(idempotencyKeys.key, state.key)));
          }
          return { status: reply.statusCode, body, replayed: false };
        });
      } catch (error) {
        if (error instanceof Unstored) return error.value;
        throw error;
      }
      reply.status(answer.status).type(JSON_TYPE);
      if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
      return answer.body;
    };
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.offline && !route.config.idempotent) throw new Error(`${route.method} ${route.url}: an offline create must be idempotent too`);
    if (!route.config?.idempotent) return;
    if (route.config.public) throw new Error(`${route.method} ${route.url}: an idempotent route needs a farm, so it cannot be public`);
    route.preValidation = [...toArray(route.preValidation), readKey];
    route.preHandler = [...toArray(route.preHandler), prepare];
    route.handler = keyed(route.handler);
  });
});

/** A single header's value: Node joins a repeated one with ", ", which every check refuses. */
function oneHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : value === undefined ? undefined : value.join(', ');
}

/**
 * The record id, capture time and device of a create sent from a phone's queue (decision 065),
 * checked; undefined when the route is not an offline create or the request has no record id.
 */
function readRecord(request: FastifyRequest): ClientRecord | undefined {
  const offline = request.routeOptions.config.offline;
  const id = oneHeader(request, CLIENT_RECORD_HEADERS.id);
  if (!offline || id === undefined) return undefined;
  if (!isClientRecordId(id)) throw invalid(clientRecordMessages.badId);
  const now = new Date();
  const sentAt = oneHeader(request, CLIENT_RECORD_HEADERS.capturedAt);
  let capturedAt = now;
  if (sentAt !== undefined) {
    const read = readCapturedAt(sentAt, now);
    if ('problem' in read) throw invalid(read.problem);
    // A phone's clock a little ahead is taken as now: no rule judges a time the server has not reached.
    capturedAt = read.at < now ? read.at : now;
  }
  const device = oneHeader(request, CLIENT_RECORD_HEADERS.device);
  if (device !== undefined && !isDeviceId(device)) throw invalid(clientRecordMessages.badDevice);
  return { id: id.toLowerCase(), capturedAt, device: device ?? null, offline };
}

function asText(serialized: string | Buffer | ArrayBuffer): string {
  return typeof serialized === 'string' ? serialized : Buffer.from(serialized as ArrayBuffer).toString('utf8');
}
