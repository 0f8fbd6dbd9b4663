import { CLIENT_RECORD_HEADERS, CLIENT_RECORD_CHANGES, OUTBOX_RETRY_CAP_MS, OUTBOX_RETRY_FIRST_MS, RECORD_VERSION_HEADER, type User } from '@kuku/domain';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../lib/api-client';
import { currentUserKey } from '../lib/current-user';
import { getToken } from '../lib/session';
import { markStale } from '../lib/stale-after';
import { byCapture, type OutboxEntry } from './entry';
import { deleteEntry, noteSent, putEntry, readOutbox } from './outbox-db';
import { setOutboxActivity } from './outbox-state';

/** What became of one send: accepted (the server's answer), refused (kept as a problem), or later. */
export type SendOutcome = { sent: unknown } | { refused: ApiError } | { later: true };

// A send on a bad link gives up after this and is tried again later under the same id.
const SEND_TIMEOUT_MS = 30_000;

let queryClient: QueryClient | null = null;
/** The token a 401 answered (undefined: none did): nothing is sent again until the farmer has signed in anew. */
let refusedToken: string | null | undefined;
const refused = () => refusedToken !== undefined && getToken() === refusedToken;
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;
/** Raised by a reset: a round still running from before stops at its next step. */
let generation = 0;
let again = false;
let nowAgain = false;
const waiters = new Map<string, (outcome: SendOutcome) => void>();
/** Records the farmer changed while they waited: a refusal keeps them on the phone, with the form told. */
const keptIfRefused = new Set<string>();

const currentFarm = () => queryClient?.getQueryData<User>(currentUserKey)?.farm.id;

/** Exponential back-off with jitter, so phones that come back together do not send together. */
export function retryDelay(attempts: number, random = Math.random): number {
  const base = Math.min(OUTBOX_RETRY_CAP_MS, OUTBOX_RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** A create goes under the id the phone gave it; a change or a deletion with the version the farmer saw. */
export function headersOf(entry: OutboxEntry): Record<string, string> {
  if (entry.method !== 'POST') return entry.version ? { [RECORD_VERSION_HEADER]: entry.version } : {};
  return {
    [CLIENT_RECORD_HEADERS.id]: entry.id,
    [CLIENT_RECORD_HEADERS.capturedAt]: entry.capturedAt,
    [CLIENT_RECORD_HEADERS.device]: entry.deviceId,
  };
}

async function send(entry: OutboxEntry): Promise<SendOutcome | 'signed-out'> {
  const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(SEND_TIMEOUT_MS) : undefined;
  const body = entry.method === 'DELETE' ? undefined : entry.body;
  try {
    return { sent: await apiFetch(entry.path, { method: entry.method, body, headers: headersOf(entry), signal }) };
  } catch (error) {
    if (!(error instanceof ApiError)) return { later: true };
    if (error.status === 401) return 'signed-out';
    // A deletion whose record is gone already (deleted before, or its answer lost): done.
    if (entry.method === 'DELETE' && error.status === 404) return { sent: undefined };
    // The server or a proxy in trouble, or too many at once: the same record is sent again later.
    if (error.status >= 500 || error.status === 408 || error.status === 429) return { later: true };
    return { refused: error };
  }
}

function tell(id: string, outcome: SendOutcome): void {
  const waiter = waiters.get(id);
  waiters.delete(id);
  waiter?.(outcome);
}

function tellAllLater(): void {
  for (const id of [...waiters.keys()]) tell(id, { later: true });
}

function schedule(ms: number): void {
  clearTimeout(timer);
  timer = setTimeout(() => void flush(), ms);
}

/** Sends the farm's waiting records one at a time, oldest first, until one must wait. */
async function sendWaiting(ignoreBackOff: boolean, round: number): Promise<void> {
  for (;;) {
    if (round !== generation) return;
    const farmId = currentFarm();
    const token = getToken();
    if (farmId === undefined || refused()) return tellAllLater();
    const queue = (await readOutbox()).filter((entry) => entry.farmId === farmId && entry.problem === null).sort(byCapture);
    const next = queue[0];
    if (!next) return;
    const wait = next.nextTryAt - Date.now();
    if (wait > 0 && !ignoreBackOff) {
      schedule(wait);
      return tellAllLater();
    }
    const outcome = await send(next);
    if (round !== generation) return;
    if (outcome === 'signed-out') {
      refusedToken = token;
      setOutboxActivity({ signedOut: true });
      return tellAllLater();
    }
    if ('later' in outcome) {
      const attempts = next.attempts + 1;
      const delay = retryDelay(attempts);
      await putEntry({ ...next, attempts, nextTryAt: Date.now() + delay });
      schedule(delay);
      return tellAllLater();
    }
    if ('sent' in outcome) {
      await deleteEntry(next.id);
      noteSent(farmId, new Date());
      // A form waiting on it reads again itself (useCaptureMutation).
      if (queryClient && !waiters.has(next.id)) void markStale(queryClient, CLIENT_RECORD_CHANGES[next.kind]).catch(() => undefined);
    } else if (waiters.has(next.id) && outcome.refused.current === undefined && !keptIfRefused.has(next.id)) {
      // The farmer is looking at the form: it shows the server's words there, and the record is
      // not kept, the form being still open to correct it.
      await deleteEntry(next.id);
    } else {
      // A record changed on another phone since is kept with it, for the farmer to choose which to keep.
      const { status, message, current } = outcome.refused;
      await putEntry({ ...next, problem: current === undefined ? { status, message } : { status, message, current } });
    }
    ignoreBackOff = false;
    tell(next.id, outcome);
  }
}

/** One sender per tab, and one tab at a time where the browser can say so (Web Locks). */
function exclusive(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('kuku-outbox', () => task()).then(() => undefined) : task();
}

/**
 * Runs a change of a waiting record between two rounds of sending, never during one: a record is
 * not changed on the phone while it may be on its way to Kuku. Every tab's sender where the
 * browser has Web Locks; this tab's where it has not.
 */
export async function betweenSends<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) return locks.request('kuku-outbox', () => task());
  while (running) await running;
  return task();
}

/**
 * Sends what waits. `now` skips the back-off: the farmer saved a record, pressed 'Send now', or
 * the connection came back. A call while sending asks for one more round after it.
 */
export function flush(options: { now?: boolean } = {}): Promise<void> {
  if (running) {
    again = true;
    nowAgain ||= Boolean(options.now);
    return running;
  }
  const firstNow = Boolean(options.now);
  const round = generation;
  running = (async () => {
    setOutboxActivity({ sending: true });
    try {
      let now = firstNow;
      do {
        again = false;
        await exclusive(() => sendWaiting(now, round));
        now = nowAgain;
        nowAgain = false;
      } while (again && round === generation);
    } catch {
      // The phone's storage failed: what is stored stays, and the next trigger tries again.
      tellAllLater();
    } finally {
      if (round === generation) {
        running = null;
        setOutboxActivity({ sending: false, signedOut: refused() });
      }
    }
  })();
  return running;
}

/** Waits for what becomes of one record's next send (the capture's form waits on it). */
export function outcomeOf(id: string): Promise<SendOutcome> {
  return new Promise((resolve) => waiters.set(id, resolve));
}

export function stopWaiting(id: string): void {
  waiters.delete(id);
  keptIfRefused.delete(id);
}

/** A record that waited on the phone and was changed: refused, it stays there with the server's words, and the form is told too. */
export function keepIfRefused(id: string): void {
  keptIfRefused.add(id);
}

function onOnline(): void {
  void flush({ now: true });
}
function onVisible(): void {
  if (document.visibilityState === 'visible') void flush();
}

/**
 * Starts sending for the signed-in farm (the shell calls it once the first screen is up), and
 * again whenever the connection comes back or the app is shown again. Returns the stop.
 */
export function startOutbox(client: QueryClient): () => void {
  queryClient = client;
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  void flush({ now: true });
  return () => {
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    clearTimeout(timer);
  };
}

/** Forgets this tab's sending (tests; the stored queue stays): no timer, no refusal, no waiting form. */
export function resetSender(): void {
  generation += 1;
  running = null;
  again = false;
  nowAgain = false;
  clearTimeout(timer);
  refusedToken = undefined;
  tellAllLater();
  queryClient = null;
  setOutboxActivity({ sending: false, signedOut: false });
}

/** The client the sender reads the farm from and marks stale after a send; set by a capture too. */
export function setOutboxClient(client: QueryClient): void {
  queryClient = client;
}
