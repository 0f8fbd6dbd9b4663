import { CAPTURE_WAIT_MS, CLIENT_RECORD_CHANGES, outboxWords, recordSummary, type ClientRecordKind, type User } from '@kuku/domain';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserKey, currentUserQueryOptions } from '../lib/current-user';
import { markStale } from '../lib/stale-after';
import { deviceId, newRecordId, OUTBOX_VERSION, type OutboxEntry, type OutboxMethod } from './entry';
import { deleteEntry, putEntry, readEntryById, readOutbox } from './outbox-db';
import { ChangeKeptToChoose } from './kept-to-choose';
import { openOutbox } from './outbox-state';
import { ApiError, apiFetch } from '../lib/api-client';
import { betweenSends, flush, headersOf, keepIfRefused, outcomeOf, setOutboxClient, stopWaiting } from './sender';

export interface Capture {
  kind: ClientRecordKind;
  /** A create when absent. */
  method?: OutboxMethod;
  /** The path under /api: the create's, or the record's for a change or a deletion. */
  path: string;
  body?: unknown;
  /** A change's or a deletion's: the record's updated_at as the farmer saw it. */
  version?: string;
  /** Which record this is, for the list of records on the phone: its day and what it holds. */
  day: string;
  detail: string;
  /** A create that changes one waiting on the phone (its entry's id): it keeps its id and its place. */
  replaces?: string;
}

let seq = 0;

function summaryOf(capture: Capture): string {
  const summary = recordSummary(capture.kind, capture.day, capture.detail);
  if (capture.method === 'PUT') return outboxWords.changeOf(summary);
  if (capture.method === 'DELETE') return outboxWords.deletionOf(summary);
  return summary;
}

/**
 * Saves a record the farmer entered: first on the phone (IndexedDB), then to the server, oldest
 * waiting record first. Answers the server's record when it accepted it in time; null when the
 * record stays on the phone to be sent later (no signal, or no answer within CAPTURE_WAIT_MS);
 * throws the server's ApiError when it refused it, the record then not kept (the form shows why)
 * unless it was one waiting on the phone that the farmer changed: that one stays there.
 */
export async function captureRecord<T>(queryClient: QueryClient, capture: Capture): Promise<T | null> {
  let entry = await entryOf(queryClient, capture);
  try {
    entry = await store(entry, capture);
  } catch (error) {
    if (capture.replaces) throw error;
    // No storage for the site (a private window, a full disk): sent now or refused now, as before the queue.
    return (await apiFetch(entry.path, { method: entry.method, body: entry.method === 'DELETE' ? undefined : entry.body, headers: headersOf(entry) })) as T;
  }
  askToKeepStorage();
  // A correction refused again stays on the phone: it was kept there before the form opened.
  if (capture.replaces) keepIfRefused(entry.id);
  const outcome = outcomeOf(entry.id);
  void flush({ now: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<{ later: true }>((resolve) => {
    timer = setTimeout(() => resolve({ later: true }), CAPTURE_WAIT_MS);
  });
  const result = await Promise.race([outcome, waited]);
  clearTimeout(timer);
  stopWaiting(entry.id);
  if ('sent' in result) return result.sent as T;
  if ('refused' in result) {
    if (result.refused.current === undefined) throw result.refused;
    openOutbox();
    throw new ChangeKeptToChoose(result.refused.message);
  }
  return null;
}

/**
 * Keeps a record on the phone for the sender, without waiting on its send (a screen that saves
 * several at once with no signal). Answers its entry's id, which a correction `replaces`.
 */
export async function keepOnPhone(queryClient: QueryClient, capture: Capture): Promise<string> {
  const entry = await store(await entryOf(queryClient, capture), capture);
  askToKeepStorage();
  void flush({ now: true });
  return entry.id;
}

async function entryOf(queryClient: QueryClient, capture: Capture): Promise<OutboxEntry> {
  // A signed-in screen has the user already (its guard asked); the session's answer otherwise.
  const user = queryClient.getQueryData<User>(currentUserKey) ?? (await queryClient.ensureQueryData(currentUserQueryOptions()));
  setOutboxClient(queryClient);
  return {
    v: OUTBOX_VERSION,
    id: newRecordId(),
    farmId: user.farm.id,
    kind: capture.kind,
    method: capture.method ?? 'POST',
    path: capture.path,
    body: capture.body ?? null,
    version: capture.version ?? null,
    capturedAt: new Date().toISOString(),
    deviceId: deviceId(),
    seq: seq++,
    summary: summaryOf(capture),
    attempts: 0,
    nextTryAt: 0,
    problem: null,
  };
}

/** Puts the entry in the queue: in place of the waiting one it corrects, or of a change of the same record not sent yet. */
async function store(entry: OutboxEntry, capture: Capture): Promise<OutboxEntry> {
  if (capture.replaces) return replaceWaiting(capture.replaces, entry);
  // A later change of the same record replaces one not sent yet: the record as last saved is what goes.
  if (entry.method !== 'POST') {
    const same = (await readOutbox()).filter((kept) => kept.farmId === entry.farmId && kept.method !== 'POST' && kept.path === entry.path);
    for (const kept of same) await deleteEntry(kept.id);
  }
  await putEntry(entry);
  return entry;
}

/**
 * A record still on the phone, changed: the same id, capture time and place in the queue, with
 * the new values, and sent again if Kuku had refused it. One already sent cannot be changed here.
 */
async function replaceWaiting(id: string, changed: OutboxEntry): Promise<OutboxEntry> {
  const kept = await betweenSends(async () => {
    const waiting = await readEntryById(id);
    if (!waiting || waiting.farmId !== changed.farmId || waiting.method !== 'POST') return null;
    const entry: OutboxEntry = { ...waiting, path: changed.path, body: changed.body, summary: changed.summary, attempts: 0, nextTryAt: 0, problem: null };
    await putEntry(entry);
    return entry;
  });
  if (kept === null) throw new ApiError(409, { code: 'conflict', message: outboxWords.sentBeforeChange });
  return kept;
}

let asked = false;
/**
 * A phone short of space may clear a site's storage; a site that asked to keep it is cleared
 * last (or, installed, never). Asked once, at the first record saved.
 */
function askToKeepStorage(): void {
  if (asked) return;
  asked = true;
  void navigator.storage?.persist?.().catch(() => false);
}


/** `captureRecord`, then, once the server has the record, what it changes is read again. */
export async function captureAndRefresh<T>(queryClient: QueryClient, capture: Capture): Promise<T | null> {
  const saved = await captureRecord<T>(queryClient, capture);
  if (saved !== null) await markStale(queryClient, CLIENT_RECORD_CHANGES[capture.kind]);
  return saved;
}
