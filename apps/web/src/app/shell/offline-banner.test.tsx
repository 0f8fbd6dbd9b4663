import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { footerWords } from '@kuku/domain';
import { OFFLINE_BANNER_MS, OfflineBanner } from './offline-banner';

const OFFLINE_MESSAGE = footerWords.offline;
const ONLINE_MESSAGE = footerWords.online;

// The alert's code loads when first shown; here it is loaded before, as the app preloads it.
await import('./offline-banner-alert');

describe('OfflineBanner', () => {
  it('says so when the connection drops and hides after 5 seconds', async () => {
    vi.useFakeTimers();
    renderWithProviders(<OfflineBanner />);
    expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument();

    await act(async () => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText(OFFLINE_MESSAGE)).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(OFFLINE_BANNER_MS - 1);
    });
    expect(screen.getByText(OFFLINE_MESSAGE)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument();
  });

  it('says the connection is back, and hides after 5 seconds', async () => {
    vi.useFakeTimers();
    renderWithProviders(<OfflineBanner />);

    await act(async () => {
      window.dispatchEvent(new Event('offline'));
    });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByText(ONLINE_MESSAGE)).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(OFFLINE_BANNER_MS);
    });
    expect(screen.queryByText(ONLINE_MESSAGE)).not.toBeInTheDocument();
  });

  it('can be dismissed by hand', async () => {
    renderWithProviders(<OfflineBanner />);
    await act(async () => {
      window.dispatchEvent(new Event('offline'));
    });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));

    expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument();
  });
});
