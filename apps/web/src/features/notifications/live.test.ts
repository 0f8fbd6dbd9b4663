import { NOTIFICATION_PAGE_SIZE, SOCKET_CLOSE, SOCKET_RECONNECT_MS, type Notification, type NotificationPage } from '@kuku/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FARM_FIGURES_KEY } from '../../lib/query-client';
import { setToken } from '../../lib/session';
import { notificationKeys } from './api';
import { applyMessage, connectLiveUpdates, socketUrl } from './live';

const note = (id: number, title = `Note ${id}`): Notification => ({ id, title, message: 'Message', type: 'warning', date: '2026-11-24T06:00:00.000Z', read: false, link: '/inventory' });
const page = (items: Notification[], total = items.length): NotificationPage => ({ items, total, page: 1, pageSize: NOTIFICATION_PAGE_SIZE });

/** A socket the test drives: it records what the client did and plays the server's part. */
class FakeSocket {
  static made: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  close() {
    this.closed = true;
  }
}

describe('applyMessage', () => {
  it('puts a new notification first and counts it once', () => {
    const client = new QueryClient();
    client.setQueryData(notificationKeys.unread(), page([note(1)], 4));
    applyMessage(client, JSON.stringify({ type: 'notification', action: 'added', id: 2, notification: note(2) }));
    applyMessage(client, JSON.stringify({ type: 'notification', action: 'added', id: 2, notification: note(2) }));
    const after = client.getQueryData<NotificationPage>(notificationKeys.unread());
    expect(after?.items.map((n) => n.id)).toEqual([2, 1]);
    expect(after?.total).toBe(5);
  });

  it('keeps a notification from popping up while a screen says the same itself, and adds it to the bell', async () => {
    const toast = await import('../../ui/toast');
    const shown = vi.spyOn(toast, 'showReplacingPopup');
    const client = new QueryClient();
    client.setQueryData(notificationKeys.unread(), page([], 0));
    const release = toast.quietPopups('notification');
    applyMessage(client, JSON.stringify({ type: 'notification', action: 'added', id: 3, notification: note(3, 'Payment received') }));
    expect(shown).not.toHaveBeenCalled();
    expect(client.getQueryData<NotificationPage>(notificationKeys.unread())?.items.map((n) => n.id)).toEqual([3]);
    release();
    applyMessage(client, JSON.stringify({ type: 'notification', action: 'added', id: 4, notification: note(4) }));
    expect(shown).toHaveBeenCalledOnce();
    shown.mockRestore();
  });

  it("refetches the changed feature's lists and the farm figures", async () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyMessage(client, JSON.stringify({ type: 'sale', name: 'sale_added', action: 'added', id: 3 }));
    // The same as after a sale made on this phone: an egg sale takes from the egg stock, a bird sale birds from its flock,
    // and either moves the balance checks of the stock counts (decision 077).
    await vi.waitFor(() => expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['sales'], ['eggs'], ['flocks'], ['stock-counts'], FARM_FIGURES_KEY]));
  });

  it('leaves the farm figures alone after a change that moves none of them', async () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyMessage(client, JSON.stringify({ type: 'payment', action: 'updated', id: 3 }));
    await vi.waitFor(() => expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['payments'], ['auth', 'me']]));
  });

  it('reads everything again when the server says it may have missed changes', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyMessage(client, JSON.stringify({ type: 'resync', action: 'updated', id: 0 }));
    expect(invalidate).toHaveBeenCalledWith();
  });

  it('ignores what it cannot read', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    for (const junk of ['not json', '42', '{"action":"added"}', null]) applyMessage(client, junk);
    applyMessage(client, JSON.stringify({ type: 'notification', notification: { id: 'x' } }));
    // A notification without its words: the list is read again.
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['notifications']]);
  });
});

describe('connectLiveUpdates', () => {
  let sockets: FakeSocket[];

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    sockets = FakeSocket.made = [];
    setToken('tok en');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('opens the socket with the session token', () => {
    const stop = connectLiveUpdates(new QueryClient());
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.url).toBe(socketUrl('tok en'));
    expect(socketUrl('a', { protocol: 'https:', host: 'kuku.farm' })).toBe('wss://kuku.farm/api/ws?token=a');
    stop();
    expect(sockets[0]?.closed).toBe(true);
  });

  it('reconnects 3 s after a close and then refetches what it missed', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const stop = connectLiveUpdates(client);
    sockets[0]?.onopen?.();
    expect(invalidate).not.toHaveBeenCalled();
    sockets[0]?.onclose?.({ code: 1006 });
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.onopen?.();
    expect(invalidate).toHaveBeenCalledWith();
    stop();
  });

  it('with no signal, waits for it rather than trying every 3 s, then refetches what it missed', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const stop = connectLiveUpdates(client);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    sockets[0]?.onclose?.({ code: 1006 });
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS * 10);
    expect(sockets).toHaveLength(1);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(sockets).toHaveLength(2);
    sockets[1]?.onopen?.();
    expect(invalidate).toHaveBeenCalledWith();
    onLine.mockRestore();
    stop();
  });

  it('stops when the session has ended (4401, 4402) and when stopped', () => {
    for (const code of [SOCKET_CLOSE.unauthorized, SOCKET_CLOSE.expired]) {
      sockets = FakeSocket.made = [];
      const stop = connectLiveUpdates(new QueryClient());
      sockets[0]?.onclose?.({ code });
      vi.advanceTimersByTime(SOCKET_RECONNECT_MS * 3);
      expect(sockets).toHaveLength(1);
      stop();
    }
    sockets = FakeSocket.made = [];
    const stop = connectLiveUpdates(new QueryClient());
    stop();
    sockets[0]?.onclose?.({ code: 1006 });
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS * 3);
    expect(sockets).toHaveLength(1);
  });
});
