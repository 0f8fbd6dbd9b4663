import { FARM_CHANGES, NOTIFICATION_POPUP_MS, QUERY_ROOTS, NOTIFICATION_TYPES, notificationMessages as m, SOCKET_CLOSE, SOCKET_RECONNECT_MS, type FarmChange, type Notification } from '@kuku/domain';
import type { QueryClient } from '@tanstack/react-query';
import { getToken } from '../../lib/session';
import { loadStaleKeys, markStale } from '../../lib/stale-after';
import { popupsQuiet, showErrorToast, showReplacingPopup } from '../../ui/toast';
import { addLiveNotification } from './api';

interface Message {
  type: string;
  notification?: Notification;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The shape GET /api/notifications answers; checked by hand so zod stays off the first screen. */
function isNotification(value: unknown): value is Notification {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.title === 'string' &&
    typeof value.message === 'string' &&
    NOTIFICATION_TYPES.some((type) => type === value.type) &&
    typeof value.date === 'string' &&
    typeof value.read === 'boolean' &&
    (value.link === null || typeof value.link === 'string')
  );
}

function parse(data: unknown): Message | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (!isRecord(value) || typeof value.type !== 'string') return null;
    return { type: value.type, notification: isNotification(value.notification) ? value.notification : undefined };
  } catch {
    return null;
  }
}

/** Applies one socket message to the app's data: new notifications show at once, other changes refetch. */
export function applyMessage(queryClient: QueryClient, data: unknown): void {
  const message = parse(data);
  if (!message) return;
  // The server may have missed changes (it lost its database for a moment): read everything again.
  if (message.type === 'resync') {
    void queryClient.invalidateQueries();
    return;
  }
  if (message.type === 'notification') {
    if (message.notification) {
      addLiveNotification(queryClient, message.notification);
      if (!popupsQuiet('notification')) {
        showReplacingPopup('notification', { title: message.notification.title, message: message.notification.message, autoClose: NOTIFICATION_POPUP_MS });
      }
    } else {
      void queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.notifications });
    }
    return;
  }
  // Another phone's change: what it makes stale, as after one made here (docs/product.md §7 Real-time).
  if (isFarmChange(message.type)) void markStale(queryClient, message.type);
}

const isFarmChange = (type: string): type is FarmChange => FARM_CHANGES.some((change) => change === type);

export function socketUrl(token: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/ws?token=${encodeURIComponent(token)}`;
}

/**
 * Keeps one socket open while the signed-in shell is shown (docs/product.md §7): it reconnects 3 s after a
 * close, and then refetches what it may have missed. A closed session (4401, 4402) stops it: the
 * next API call sends the user to log in. Answers the stop function.
 */
export function connectLiveUpdates(queryClient: QueryClient): () => void {
  // What a change makes stale, ready before the first message or save.
  void loadStaleKeys().catch(() => undefined);
  let socket: WebSocket | null = null;
  let retry: number | undefined;
  let stopped = false;
  let reconnecting = false;
  let errorShown = false;

  // With no signal, the next try waits for it (decision 066): a socket every 3 s is a phone's battery.
  const onOnline = () => {
    if (socket || stopped) return;
    window.clearTimeout(retry);
    open();
  };
  window.addEventListener('online', onOnline);

  const open = () => {
    const token = getToken();
    if (stopped || !token) return;
    if (navigator.onLine === false) {
      reconnecting = true;
      return;
    }
    const current = new WebSocket(socketUrl(token));
    socket = current;
    current.onopen = () => {
      errorShown = false;
      if (reconnecting) void queryClient.invalidateQueries();
      reconnecting = false;
    };
    current.onmessage = (event) => applyMessage(queryClient, event.data);
    current.onerror = () => {
      // docs/product.md §8; once an outage, not at every retry.
      if (!errorShown && navigator.onLine !== false) showErrorToast(m.socketError, { id: 'socket-error' });
      errorShown = true;
    };
    current.onclose = (event) => {
      if (socket !== current || stopped) return;
      socket = null;
      if (event.code === SOCKET_CLOSE.unauthorized || event.code === SOCKET_CLOSE.expired) return;
      reconnecting = true;
      retry = window.setTimeout(open, SOCKET_RECONNECT_MS);
    };
  };
  open();

  return () => {
    stopped = true;
    window.removeEventListener('online', onOnline);
    window.clearTimeout(retry);
    socket?.close();
    socket = null;
  };
}
