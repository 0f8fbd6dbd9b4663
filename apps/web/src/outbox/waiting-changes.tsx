import { Badge } from '@mantine/core';
import { offlineWords } from '@kuku/domain';
import { useSyncExternalStore } from 'react';
import type { OutboxMethod } from './entry';

/**
 * The records whose change or deletion waits on this phone, by path: a list marks their rows, as
 * what it shows is Kuku's record, not yet the change. Fed by the outbox's state (outbox-state.ts)
 * once the header has loaded it; this module carries no storage code, so a list can import it.
 */
let changes: ReadonlyMap<string, OutboxMethod> = new Map();
const listeners = new Set<() => void>();

export function setWaitingChanges(next: ReadonlyMap<string, OutboxMethod>): void {
  changes = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** 'Change on this phone' or 'Deletion on this phone' on the row of the record at `path` (its API path), or nothing. */
export function WaitingMark({ path }: { path: string }) {
  const method = useSyncExternalStore(subscribe, () => changes.get(path));
  if (method === undefined || method === 'POST') return null;
  return (
    <Badge color="orange" variant="light" size="sm" mt={4} style={{ display: 'block' }}>
      {method === 'DELETE' ? offlineWords.deletionOnPhone : offlineWords.changeOnPhone}
    </Badge>
  );
}
