import { CAPTURE_WAIT_MS, CLIENT_RECORD_CHANGES, type ClientRecordKind, type User } from '@kuku/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
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
  /** Which record this is, for the list of records on the phone. */
  summary: string;
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
    summary: capture.summary,
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

/**
 * A create a phone may capture offline, as a mutation: it answers the server's record, or null
 * when the record was kept on the phone (the form then says so and closes). What the record
 * changes is read again once it is sent, here or by the sender later.
 */
export function useCaptureMutation<Variables, T>(kind: ClientRecordKind, toCapture: (variables: Variables) => Omit<Capture, 'kind'>) {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs with no signal too: the record is kept on the phone (TanStack would pause it offline).
    networkMode: 'always',
    mutationFn: (variables: Variables) => captureRecord<T>(queryClient, { kind, ...toCapture(variables) }),
    onSuccess: (saved) => (saved === null ? undefined : markStale(queryClient, CLIENT_RECORD_CHANGES[kind])),
  });
}
