import { useSyncExternalStore } from 'react';

/** SPEC §3: a client-side notification. */
export type NotificationType = 'alert' | 'info' | 'warning' | 'default';

export interface AppNotification {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  /** ISO timestamp. */
  date: string;
  read: boolean;
  link?: string;
}

export type NewNotification = Pick<AppNotification, 'title' | 'message'> &
  Partial<Pick<AppNotification, 'type' | 'date' | 'link'>>;

type Listener = () => void;

let items: readonly AppNotification[] = [];
const listeners = new Set<Listener>();
let sequence = 0;

function setItems(next: readonly AppNotification[]): void {
  items = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): readonly AppNotification[] {
  return items;
}

/** Newest first. SPEC §4: one with the same title and message as a present one is not added. */
export function addNotification(input: NewNotification): void {
  if (items.some((n) => n.title === input.title && n.message === input.message)) return;
  sequence += 1;
  const notification: AppNotification = {
    id: `n${sequence}`,
    title: input.title,
    message: input.message,
    type: input.type ?? 'default',
    date: input.date ?? new Date().toISOString(),
    read: false,
    link: input.link,
  };
  setItems([notification, ...items]);
}

/** SPEC §4: a notification is removed when read. */
export function dismissNotification(id: string): void {
  setItems(items.filter((n) => n.id !== id));
}

export function markAllAsRead(): void {
  setItems([]);
}

/**
 * The start-up step for notifications. They are client-side for now; the server
 * feed (DESIGN §6) replaces this body and keeps the signature.
 */
export async function loadNotifications(): Promise<void> {
  return Promise.resolve();
}

export function useNotifications(): readonly AppNotification[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

export function useUnreadCount(): number {
  return useNotifications().filter((n) => !n.read).length;
}
