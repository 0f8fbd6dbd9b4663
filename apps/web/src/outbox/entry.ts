import { CLIENT_RECORD_KINDS, outboxWords, type ClientRecordKind } from '@kuku/domain';

/**
 * The shape of a record waiting on the phone. A new app version that changes it raises the
 * version and reads the older entries in `readEntry`: a queue is never dropped by an update.
 */
export const OUTBOX_VERSION = 2;

/** What the server said when it refused a record: kept until the farmer retries or discards it. */
export interface OutboxProblem {
  status: number;
  message: string;
  /** A change refused because another phone changed the record since: the record as it is now (a 409's). */
  current?: unknown;
}

/** A create (a new record, under the id the phone gave it), or a change or deletion of a record Kuku has. */
export type OutboxMethod = 'POST' | 'PUT' | 'DELETE';
const METHODS: readonly OutboxMethod[] = ['POST', 'PUT', 'DELETE'];

/** One record saved on the phone and not yet accepted by the server (docs/decisions/066-the-phone-s-outbox.md). */
export interface OutboxEntry {
  v: typeof OUTBOX_VERSION;
  /** The record's id, made when the farmer saved it: sent as Kuku-Record-Id, the same on every try. */
  id: string;
  farmId: number;
  kind: ClientRecordKind;
  method: OutboxMethod;
  /** The path under /api, e.g. '/egg-productions' for a create, '/egg-productions/12' for a change. */
  path: string;
  body: unknown;
  /** A change's or a deletion's: the record's updated_at when the farmer saw it (Kuku-Record-Version). */
  version: string | null;
  /** When the farmer saved it (ISO 8601 instant): the farm's day of capture judges "today". */
  capturedAt: string;
  deviceId: string;
  /** Orders entries saved in the same millisecond. */
  seq: number;
  /** A line that says which record this is, in the list of records on the phone. */
  summary: string;
  attempts: number;
  /** Not before (epoch ms): the back-off after a failed send. */
  nextTryAt: number;
  problem: OutboxProblem | null;
}

/** Capture order: oldest first. */
export function byCapture(a: OutboxEntry, b: OutboxEntry): number {
  return a.capturedAt === b.capturedAt ? a.seq - b.seq : a.capturedAt < b.capturedAt ? -1 : 1;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * An entry as stored, read for this version of the app. One that cannot be read (a shape this
 * version does not know) is kept as a problem that says so, never dropped unseen; one that
 * cannot even say which farm it is for is left as it is (null) and never sent.
 */
export function readEntry(stored: unknown): OutboxEntry | null {
  if (!isRecord(stored) || typeof stored.id !== 'string' || typeof stored.farmId !== 'number') return null;
  const kind = CLIENT_RECORD_KINDS.find((k) => k === stored.kind);
  // Version 1 kept creates only.
  if (stored.v === 1) return readEntry({ ...stored, v: OUTBOX_VERSION, method: 'POST', version: null });
  const readable =
    stored.v === OUTBOX_VERSION &&
    kind !== undefined &&
    METHODS.includes(stored.method as OutboxMethod) &&
    (stored.version === null || typeof stored.version === 'string') &&
    typeof stored.path === 'string' &&
    typeof stored.capturedAt === 'string' &&
    typeof stored.deviceId === 'string' &&
    typeof stored.seq === 'number';
  if (readable) return stored as unknown as OutboxEntry;
  return {
    v: OUTBOX_VERSION,
    id: stored.id,
    farmId: stored.farmId,
    kind: kind ?? 'egg_production',
    method: METHODS.find((m) => m === stored.method) ?? 'POST',
    path: typeof stored.path === 'string' ? stored.path : '',
    body: stored.body,
    version: typeof stored.version === 'string' ? stored.version : null,
    capturedAt: typeof stored.capturedAt === 'string' ? stored.capturedAt : new Date(0).toISOString(),
    deviceId: typeof stored.deviceId === 'string' ? stored.deviceId : '',
    seq: typeof stored.seq === 'number' ? stored.seq : 0,
    summary: typeof stored.summary === 'string' ? stored.summary : outboxWords.title,
    attempts: 0,
    nextTryAt: 0,
    problem: { status: 0, message: outboxWords.olderVersion },
  };
}

/** A version 4 UUID. crypto.randomUUID exists only on secure origins, and a farm LAN may serve plain http. */
export function newRecordId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const DEVICE_KEY = 'kuku.device-id';

/** This install's id, made once and kept (sent as Kuku-Device-Id): who captured what, by phone. */
export function deviceId(): string {
  try {
    const kept = window.localStorage.getItem(DEVICE_KEY);
    if (kept) return kept;
    const made = newRecordId();
    window.localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    // Storage disabled: the records still go, each under this page's id.
    return (sessionDevice ??= newRecordId());
  }
}
let sessionDevice: string | undefined;
