import type { Database } from '../db/client.js';
import { hashToken } from '../features/auth/secrets.js';
import { findSession, findSessionByHash, type Principal, type SessionLookup } from '../features/auth/service.js';

/** How long a looked-up session is reused; changes end it at once (see SessionCache). */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Sessions kept at most, so the cache's memory stays bounded (decision 019); the oldest go first. */
export const SESSION_CACHE_MAX = 10_000;

interface Entry {
  principal: Principal;
  sessionExpiresAt: number;
  keptUntil: number;
}

/**
 * Principals by token hash, so the requests a screen fires together (and every
 * request after them for a few seconds) need no session lookup (decision 019).
 *
 * It is exact, not merely short-lived: every change to a session, user, farm or
 * membership row, from any code path or by hand, fires migration 0009's trigger,
 * whose notification empties the cache before the changing statement's own answer
 * reaches this thread. A lookup that was under way when the cache was emptied is
 * not kept (the generation check), as it may predate the change.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  #generation = 0;

  constructor(
    readonly ttlMs = SESSION_CACHE_TTL_MS,
    readonly max = SESSION_CACHE_MAX,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** Changes with every clear(): a lookup started under an older one must not be kept. */
  get generation(): number {
    return this.#generation;
  }

  get(tokenHash: string, now: number): SessionLookup | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.keptUntil <= now) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    if (entry.sessionExpiresAt <= now) return { kind: 'expired' };
    return { kind: 'ok', principal: entry.principal, expiresAt: new Date(entry.sessionExpiresAt) };
  }

  set(tokenHash: string, found: Extract<SessionLookup, { kind: 'ok' }>, generation: number, now: number): void {
    if (generation !== this.#generation) return;
    if (this.#entries.size >= this.max) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    // Shared by every request that presents the token: nobody may change it in place.
    const { principal } = found;
    Object.freeze(principal.user);
    Object.freeze(principal.farm);
    Object.freeze(principal);
    this.#entries.set(tokenHash, { principal, sessionExpiresAt: found.expiresAt.getTime(), keptUntil: now + this.ttlMs });
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }
}

export interface SessionLookupService {
  find(token: string): Promise<SessionLookup>;
  close(): void;
}

/**
 * The auth hook's lookup. The cache is used on the embedded database only: there the
 * data-directory lock makes this process the only writer, and the database tells it of
 * every change. On PostgreSQL several processes may share the database (docs/design.md §8), so
 * each request reads its session.
 */
export function sessionLookup(database: Database, cache = new SessionCache()): SessionLookupService {
  if (!database.onPrincipalChange) return { find: (token) => findSession(database.db, token), close: () => undefined };
  const unsubscribe = database.onPrincipalChange(() => cache.clear());
  return {
    async find(token) {
      const tokenHash = hashToken(token);
      const now = Date.now();
      const kept = cache.get(tokenHash, now);
      if (kept) return kept;
      const generation = cache.generation;
      const found = await findSessionByHash(database.db, tokenHash, new Date(now));
      if (found.kind === 'ok') cache.set(tokenHash, found, generation, now);
      return found;
    },
    close: unsubscribe,
  };
}
