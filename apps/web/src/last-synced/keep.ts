import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { NetworkError } from '../lib/api-client';
import { currentUserKey } from '../lib/current-user';
import { getToken } from '../lib/session';

/**
 * The farm as last read, kept on the phone (decision 066): a screen opened with no signal shows
 * it, 'as of' when it was read, instead of an error. It is the signed-in session's only: kept
 * under a digest of its token, so another account on the same phone never sees it, and gone at
 * sign-out.
 */
const VERSION = 1;
/** What is older is not shown: a month without signal is a month of the farm's life. */
const KEEP_DAYS = 30;
// Writes at most this often: a screen's several answers arrive together.
const SAVE_EVERY_MS = 1_000;

interface Kept {
  v: number;
  session: string;
  savedAt: number;
  state: DehydratedState;
}

let store: UseStore | undefined;
const keptStore = () => (store ??= createStore('kuku-last-synced', 'state'));
const KEY = 'queries';

async function digest(token: string): Promise<string> {
  // crypto.subtle needs a secure origin; a farm LAN on plain http keeps nothing then.
  if (!crypto.subtle) return '';
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Reads the kept farm back into the cache, if it is this session's and recent; answers whether it did. */
export async function restoreLastSynced(queryClient: QueryClient): Promise<boolean> {
  const token = getToken();
  if (!token) return false;
  const kept = await get<Kept>(KEY, keptStore()).catch(() => undefined);
  const session = await digest(token);
  if (!kept || kept.v !== VERSION || !session || kept.session !== session || Date.now() - kept.savedAt > KEEP_DAYS * 86_400_000) return false;
  // Newer answers already in the cache are kept (hydrate compares their times).
  hydrate(queryClient, kept.state);
  return true;
}

/**
 * A start with no signal (the sign-in guard): the farm as this session last read it, or the
 * connection's error when the phone keeps none (the screen says 'Could not reach Kuku').
 */
export async function startWithoutSignal(queryClient: QueryClient): Promise<void> {
  if (queryClient.getQueryData(currentUserKey)) return;
  if (!(await restoreLastSynced(queryClient).catch(() => false))) throw new NetworkError();
}

/**
 * Keeps the cache's answers on the phone as they arrive, with what this session kept before and
 * the cache does not hold (other screens, read on another day): the cache's answers are the newer.
 * The kept ones are merged where they are stored, not read back into the app: a start with a
 * signal does no work for them. Answers the stop.
 */
export function keepLastSynced(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const save = async () => {
    timer = undefined;
    const token = getToken();
    const session = token ? await digest(token) : '';
    if (!session) return;
    const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success', shouldDehydrateMutation: () => false });
    const kept = await get<Kept>(KEY, keptStore()).catch(() => undefined);
    if (kept?.v === VERSION && kept.session === session) {
      const held = new Set(state.queries.map((query) => query.queryHash));
      const since = Date.now() - KEEP_DAYS * 86_400_000;
      state.queries.push(...kept.state.queries.filter((query) => !held.has(query.queryHash) && query.state.dataUpdatedAt > since));
    }
    await set(KEY, { v: VERSION, session, savedAt: Date.now(), state } satisfies Kept, keptStore()).catch(() => undefined);
  };
  const soon = () => {
    if (timer || stopped) return;
    timer = setTimeout(() => void save().catch(() => undefined), SAVE_EVERY_MS);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') soon();
  });
  // What this start has read so far.
  soon();
  return () => {
    stopped = true;
    unsubscribe();
    clearTimeout(timer);
  };
}

/** At sign-out: nothing of the farm stays on the phone. */
export async function forgetLastSynced(): Promise<void> {
  await del(KEY, keptStore()).catch(() => undefined);
}

/** For tests: a fresh IndexedDB between them. */
export function forgetKeptStore(): void {
  store = undefined;
}
