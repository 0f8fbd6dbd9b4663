import { CAPTURE_WAIT_MS, CLIENT_RECORD_CHANGES, recordSummary, type ClientRecordKind, type User } from '@kuku/domain';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserKey, currentUserQueryOptions } from '../lib/current-user';
import { markStale } from '../lib/stale-after';
import { deviceId, newRecordId, OUTBOX_VERSION, type OutboxEntry } from './entry';
import { putEntry } from './outbox-db';
import { flush, outcomeOf, setOutboxClient, stopWaiting } from './sender';

export interface Capture {
  kind: ClientRecordKind;
  /** The create's path under /api. */
  path: string;
  body: unknown;
  /** Which record this is, for the list of records on the phone: its day and what it holds. */
  day: string;
  detail: string;
}

let seq = 0;

/**
 * Saves a record the farmer entered: first on the phone (IndexedDB), then to the server, oldest
 * waiting record first. Answers the server's record when it accepted it in time; null when the
 * record stays on the phone to be sent later (no signal, or no answer within CAPTURE_WAIT_MS);
 * throws the server's ApiError when it refused it, the record then not kept (the form shows why).
 */
export async function captureRecord<T>(queryClient: QueryClient, capture: Capture): Promise<T | null> {
  // A signed-in screen has the user already (its guard asked); the session's answer otherwise.
  const user = queryClient.getQueryData<User>(currentUserKey) ?? (await queryClient.ensureQueryData(currentUserQueryOptions()));
  const farmId = user.farm.id;
  setOutboxClient(queryClient);
  const entry: OutboxEntry = {
    v: OUTBOX_VERSION,
    id: newRecordId(),
    farmId,
    kind: capture.kind,
    path: capture.path,
    body: capture.body,
    capturedAt: new Date().toISOString(),
    deviceId: deviceId(),
    seq: seq++,
    summary: recordSummary(capture.kind, capture.day, capture.detail),
    attempts: 0,
    nextTryAt: 0,
    problem: null,
  };
  await putEntry(entry);
  askToKeepStorage();
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
  if ('refused' in result) throw result.refused;
  return null;
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
