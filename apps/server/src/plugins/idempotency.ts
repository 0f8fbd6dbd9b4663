import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyRequest,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { AppError, conflict, invalid } from '../app-error.js';
import type { DbOrTx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { principalOf } from './auth.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Accepts an `Idempotency-Key` header (DESIGN §5): a retry with the same key
     * creates nothing new and gets the first answer back. Every create of money
     * records sets it.
     */
    idempotent?: boolean;
  }
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

interface KeyState {
  key: string;
  hash: string;
  farmId?: number;
  /** This request holds the pending row and must settle it in onSend. */
  claimed: boolean;
}

/**
 * The Idempotency-Key mechanism of DESIGN §5, for routes with `config: { idempotent: true }`
 * (decision 012). The key row is inserted `pending` before the handler runs, under the
 * primary key (farm_id, key), so a concurrent duplicate is answered 409 instead of running
 * twice. A 2xx answer is stored and replayed for 24 hours; any other answer releases the
 * key, because a failed create wrote nothing and the corrected retry must be able to run.
 * No header: the route behaves exactly as without the plugin.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  const states = new WeakMap<FastifyRequest, KeyState>();
  let lastPurge = 0;

  const readKey: preValidationAsyncHookHandler = async (request) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    // Node joins a repeated header with ", ", which the pattern refuses too.
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw invalid(idempotencyMessages.badKey);
    states.set(request, { key: header, hash: '', claimed: false });
  };

  /** Inserts the pending row, or takes over an expired one; answers whether this request owns the key. */
  async function claim(farmId: number, state: KeyState): Promise<boolean> {
    const rows = await app.db
      .insert(idempotencyKeys)
      .values({ farmId, key: state.key, requestHash: state.hash, status: 'pending' })
      .onConflictDoUpdate({
        target: [idempotencyKeys.farmId, idempotencyKeys.key],
        set: { requestHash: state.hash, status: 'pending', responseStatus: null, responseBody: null, createdAt: sql`now()` },
        setWhere: sql`${idempotencyKeys.createdAt} < ${EXPIRED}`,
      })
      .returning({ key: idempotencyKeys.key });
    return rows.length > 0;
  }

  const useKey: preHandlerAsyncHookHandler = async (request, reply) => {
    const state = states.get(request);
    if (!state) return;
    const { farmId } = principalOf(request);
    state.farmId = farmId;
    // The body as validation left it, not as sent: the schema bounds its shape, where a raw body may
    // nest 100,000 deep (past canonicalJson's stack) inside fields the schema drops.
    state.hash = requestHash(request);

    if (Date.now() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = Date.now();
      await purgeExpiredIdempotencyKeys(app.db);
    }

    // Twice at most: the first owner may release the key (a failed answer) between our two statements.
    for (let round = 0; round < 2; round++) {
      if (await claim(farmId, state)) {
        state.claimed = true;
        return;
      }
      const [row] = await app.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.farmId, farmId), eq(idempotencyKeys.key, state.key)));
      if (!row) continue;
      if (row.requestHash !== state.hash) throw new AppError('rule_broken', idempotencyMessages.otherRequest);
      if (row.status === 'pending' || row.responseStatus === null) throw conflict(idempotencyMessages.stillRunning);
      return reply
        .status(row.responseStatus)
        .header(REPLAYED_HEADER, 'true')
        .type('application/json; charset=utf-8')
        .send(row.responseBody ?? '');
    }
    throw conflict(idempotencyMessages.stillRunning);
  };

  const settle: onSendAsyncHookHandler = async (request, reply, payload) => {
    const state = states.get(request);
    if (!state?.claimed || state.farmId === undefined) return payload;
    state.claimed = false;
    const where = and(eq(idempotencyKeys.farmId, state.farmId), eq(idempotencyKeys.key, state.key));
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300) {
        const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
        await app.db
          .update(idempotencyKeys)
          .set({ status: 'done', responseStatus: reply.statusCode, responseBody: body })
          .where(where);
      } else {
        await app.db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.status, 'pending')));
      }
    } catch (error) {
      // The answer still goes out. The key stays pending until it expires: a retry gets 409, never a second create.
      request.log.error({ err: error }, 'could not record the Idempotency-Key answer');
    }
    return payload;
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    if (route.config.public) throw new Error(`${route.method} ${route.url}: an idempotent route needs a farm, so it cannot be public`);
    route.preValidation = [...toArray(route.preValidation), readKey];
    route.preHandler = [...toArray(route.preHandler), useKey];
    route.onSend = [...toArray(route.onSend), settle];
  });
});

function toArray<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
