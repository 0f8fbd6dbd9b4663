import type { ClientRecordKind } from '@kuku/domain';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { byCapture, type OutboxEntry } from './entry';
import { lastSentAt, onOutboxChange, readOutbox } from './outbox-db';
import { setWaitingChanges } from './waiting-changes';

/** What the header and the list of records on the phone show, for one farm. */
export interface OutboxView {
  /** Waiting to be sent, oldest first. */
  waiting: OutboxEntry[];
  /** Refused by the server, kept until retried or discarded. */
  problems: OutboxEntry[];
  lastSentAt: string | null;
  sending: boolean;
  /** The server answered 401: nothing goes until the farmer signs in again. */
  signedOut: boolean;
}

const EMPTY: OutboxView = { waiting: [], problems: [], lastSentAt: null, sending: false, signedOut: false };

let farmId: number | null = null;
let view: OutboxView = EMPTY;
let activity = { sending: false, signedOut: false };
const subscribers = new Set<() => void>();

function publish(next: OutboxView): void {
  view = next;
  subscribers.forEach((subscriber) => subscriber());
}

async function refresh(): Promise<void> {
  if (farmId === null) {
    setWaitingChanges(new Map());
    return publish(EMPTY);
  }
  const farm = farmId;
  const mine = (await readOutbox()).filter((entry) => entry.farmId === farm).sort(byCapture);
  if (farm !== farmId) return;
  setWaitingChanges(new Map(mine.filter((entry) => entry.method !== 'POST').map((entry) => [entry.path, entry.method])));
  publish({
    waiting: mine.filter((entry) => entry.problem === null),
    problems: mine.filter((entry) => entry.problem !== null),
    lastSentAt: lastSentAt(farm),
    ...activity,
  });
}

/** The sender says what it is doing. */
export function setOutboxActivity(next: Partial<typeof activity>): void {
  activity = { ...activity, ...next };
  publish({ ...view, ...activity, lastSentAt: farmId === null ? null : lastSentAt(farmId) });
}

let unsubscribeStore: (() => void) | null = null;
function subscribe(subscriber: () => void): () => void {
  subscribers.add(subscriber);
  unsubscribeStore ??= onOutboxChange(() => void refresh().catch(() => undefined));
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size === 0) {
      unsubscribeStore?.();
      unsubscribeStore = null;
    }
  };
}

/** The farm's records of one create waiting on this phone (a card says what they will change). */
export function useWaitingRecords(farm: number | undefined, kind: ClientRecordKind, path: string): OutboxEntry[] {
  const outbox = useOutbox(farm);
  return useMemo(() => outbox.waiting.filter((entry) => entry.kind === kind && entry.path === path), [outbox.waiting, kind, path]);
}

/** The farm's records on this phone, kept up to date as they are saved, sent and refused (in every tab). */
export function useOutbox(farm: number | undefined): OutboxView {
  useEffect(() => {
    if (farm === undefined) return;
    farmId = farm;
    void refresh().catch(() => undefined);
  }, [farm]);
  return useSyncExternalStore(subscribe, () => view);
}

const openers = new Set<() => void>();
let openAsked = false;

/** Opens the list of records on the phone (a change waits for the farmer to choose which to keep). */
export function openOutbox(): void {
  if (openers.size === 0) openAsked = true;
  openers.forEach((open) => open());
}

/** For tests: no ask left over from another. */
export function forgetOpenAsked(): void {
  openAsked = false;
}

/** The header's list listens; an ask made before it was mounted opens it at once. */
export function onOpenOutbox(open: () => void): () => void {
  openers.add(open);
  if (openAsked) {
    openAsked = false;
    open();
  }
  return () => openers.delete(open);
}
