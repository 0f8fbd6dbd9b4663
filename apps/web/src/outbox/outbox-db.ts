import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import { readEntry, type OutboxEntry } from './entry';

/**
 * The queue lives in IndexedDB, one entry per record under its id: it outlasts reloads, the
 * browser closing and weeks offline, and a write is on the phone's storage before the farmer
 * is told it is saved.
 */
let store: UseStore | undefined;
const outboxStore = () => (store ??= createStore('kuku-outbox', 'records'));

/** Tells this tab's listeners, and the app's other tabs, that the queue changed. */
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null | undefined;
function tabs(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('kuku-outbox') : null;
    if (channel) channel.onmessage = () => listeners.forEach((listener) => listener());
  }
  return channel;
}

export function onOutboxChange(listener: () => void): () => void {
  tabs();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  listeners.forEach((listener) => listener());
  tabs()?.postMessage('changed');
}

export async function readOutbox(): Promise<OutboxEntry[]> {
  const stored = await entries<string, unknown>(outboxStore());
  return stored.map(([, value]) => readEntry(value)).filter((entry): entry is OutboxEntry => entry !== null);
}

/** One entry by its id; undefined once it is sent or discarded. */
export async function readEntryById(id: string): Promise<OutboxEntry | undefined> {
  const stored = await get<unknown>(id, outboxStore());
  return stored === undefined ? undefined : (readEntry(stored) ?? undefined);
}

export async function putEntry(entry: OutboxEntry): Promise<void> {
  await set(entry.id, entry, outboxStore());
  changed();
}

export async function deleteEntry(id: string): Promise<void> {
  await del(id, outboxStore());
  changed();
}

const lastSentKey = (farmId: number) => `kuku.outbox.last-sent.${farmId}`;

/** When this phone last had a record of the farm accepted (ISO), or null. */
export function lastSentAt(farmId: number): string | null {
  try {
    return window.localStorage.getItem(lastSentKey(farmId));
  } catch {
    return null;
  }
}

export function noteSent(farmId: number, at: Date): void {
  try {
    window.localStorage.setItem(lastSentKey(farmId), at.toISOString());
  } catch {
    // Storage disabled: the header just cannot say when.
  }
}

/** For tests: a fresh IndexedDB between them (fake-indexeddb), so the store is opened again. */
export function forgetOutboxStore(): void {
  store = undefined;
}
