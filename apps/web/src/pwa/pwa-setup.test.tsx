import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { SETTLED_MS } from '../first-screen/use-settled';
import { INSTALL_CANCELLED_KEY } from './install-timing';
import { clearInstallPrompt } from './install-prompt-store';
import { PwaSetup } from './pwa-setup';
import { pwaWords as w } from './words';

/** What Chromium fires when the app may be installed, as the e2e journey builds it too. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'dismissed') {
  const prompt = vi.fn(async () => undefined);
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(SETTLED_MS);
  });
}

/** The farmer goes on to another address (the same route here, so PwaSetup stays mounted). */
async function moveOn(router: { navigate: (to: string) => Promise<void> }) {
  await act(() => router.navigate('/?next=1'));
}

describe('PwaSetup: the install popup (docs/product.md §2)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    clearInstallPrompt();
  });

  it('keeps the browser’s offer and shows the popup once the farmer moves on from the first screen', async () => {
    const { router } = renderWithProviders(<PwaSetup />);
    const { event } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await settle();
    // Not over the screen just opened (decision 040).
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await moveOn(router);
    const dialog = await screen.findByRole('dialog', { name: w.installTitle });
    expect(dialog).toHaveTextContent(w.installText);
    expect(screen.getByRole('button', { name: w.installApp })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: w.cancel })).toBeInTheDocument();
  });

  it('after Cancel, stays away for 30 days: a new offer on the next visit shows nothing', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const first = renderWithProviders(<PwaSetup />);
    offerInstall();
    await settle();
    await moveOn(first.router);
    await user.click(await screen.findByRole('button', { name: w.cancel }));
    expect(screen.queryByRole('dialog', { name: w.installTitle })).not.toBeInTheDocument();
    const cancelledAt = Number(window.localStorage.getItem(INSTALL_CANCELLED_KEY));
    expect(Math.abs(cancelledAt - Date.now())).toBeLessThan(60_000);
    first.unmount();

    const second = renderWithProviders(<PwaSetup />);
    offerInstall();
    await settle();
    await moveOn(second.router);
    expect(screen.queryByRole('dialog', { name: w.installTitle })).not.toBeInTheDocument();
  });

  it('shows it again once the 30 days are over', async () => {
    window.localStorage.setItem(INSTALL_CANCELLED_KEY, String(Date.now() - 31 * 24 * 60 * 60 * 1000));
    const { router } = renderWithProviders(<PwaSetup />);
    offerInstall();
    await settle();
    await moveOn(router);
    expect(await screen.findByRole('dialog', { name: w.installTitle })).toBeInTheDocument();
  });

  it('Install App hands over to the browser’s own dialog from the click', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { router } = renderWithProviders(<PwaSetup />);
    const { prompt } = offerInstall('accepted');
    await settle();
    await moveOn(router);
    await user.click(await screen.findByRole('button', { name: w.installApp }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: w.installTitle })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(INSTALL_CANCELLED_KEY)).toBeNull();
  });

  it('never shows in the installed app', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(display-mode: standalone)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const { router } = renderWithProviders(<PwaSetup />);
    offerInstall();
    await settle();
    await moveOn(router);
    expect(screen.queryByRole('dialog', { name: w.installTitle })).not.toBeInTheDocument();
  });
});
