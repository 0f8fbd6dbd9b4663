import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../lib/current-user';
import { TOKEN_STORAGE_KEY } from '../lib/session';
import { makeUser } from '../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../test/render';
import { holdForeground } from '../ui/foreground';
import { SETTLED_MS } from '../first-screen/use-settled';
import { AlertsOffer } from './alerts-offer';
import { ALERTS_DECLINED_KEY } from './alerts-permission';
import { pwaWords as w } from './words';

/** A browser with notifications and push, whose permission is `permission` and which answers `answer` when asked. */
function browserWithAlerts(permission: NotificationPermission, answer: NotificationPermission = 'denied') {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', class {});
  // Never ready: the subscription itself is push-subscription.test.ts's.
  Object.defineProperty(window.navigator, 'serviceWorker', { configurable: true, value: { ready: new Promise(() => undefined) } });
  return { requestPermission };
}

function renderSignedIn() {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser());
  return renderWithProviders(<AlertsOffer userId={1} />, { queryClient });
}

async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(SETTLED_MS);
  });
}

const prompt = () => screen.queryByRole('region', { name: w.alertsTitle });

describe('AlertsOffer: asking for push alerts after start-up (docs/product.md §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(window.navigator, 'serviceWorker');
  });

  it('asks a signed-in farmer whose permission is still default, once start-up has settled', async () => {
    browserWithAlerts('default');
    renderSignedIn();
    expect(prompt()).not.toBeInTheDocument();
    await settle();
    expect(await screen.findByRole('region', { name: w.alertsTitle })).toHaveTextContent(w.alertsText);
  });

  it('waits for the trial welcome (a dialog in the foreground) to close before asking', async () => {
    browserWithAlerts('default');
    const release = holdForeground();
    renderSignedIn();
    await settle();
    expect(prompt()).not.toBeInTheDocument();
    act(() => release());
    expect(await screen.findByRole('region', { name: w.alertsTitle })).toBeInTheDocument();
  });

  it('remembers Not now and never asks again, without asking the browser', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { requestPermission } = browserWithAlerts('default');
    const first = renderSignedIn();
    await settle();
    await user.click(await screen.findByRole('button', { name: w.notNow }));
    expect(prompt()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(ALERTS_DECLINED_KEY)).not.toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
    first.unmount();

    renderSignedIn();
    await settle();
    expect(prompt()).not.toBeInTheDocument();
  });

  it('Allow asks the browser from the tap; a refusal there is remembered too', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { requestPermission } = browserWithAlerts('default', 'denied');
    renderSignedIn();
    await settle();
    await user.click(await screen.findByRole('button', { name: w.allow }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(prompt()).not.toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(ALERTS_DECLINED_KEY)).not.toBeNull());
  });

  it('a dismissed browser dialog (still default) counts as a refusal', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    browserWithAlerts('default', 'default');
    renderSignedIn();
    await settle();
    await user.click(await screen.findByRole('button', { name: w.allow }));
    await waitFor(() => expect(window.localStorage.getItem(ALERTS_DECLINED_KEY)).not.toBeNull());
  });

  it('a grant is not remembered as a refusal', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { requestPermission } = browserWithAlerts('default', 'granted');
    renderSignedIn();
    await settle();
    await user.click(await screen.findByRole('button', { name: w.allow }));
    await waitFor(() => expect(requestPermission).toHaveBeenCalled());
    expect(prompt()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(ALERTS_DECLINED_KEY)).toBeNull();
  });

  it.each(['granted', 'denied'] as const)('does not ask when the permission is already %s', async (permission) => {
    browserWithAlerts(permission);
    renderSignedIn();
    await settle();
    expect(prompt()).not.toBeInTheDocument();
  });

  it('does not ask where the browser has no push', async () => {
    renderSignedIn();
    await settle();
    expect(prompt()).not.toBeInTheDocument();
  });

});
