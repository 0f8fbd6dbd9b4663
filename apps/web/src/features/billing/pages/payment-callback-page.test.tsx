import { billingMessages as m, CALLBACK_POLL_TIMEOUT_MS, PAYMENT_POLL_MS } from '@kuku/domain';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { createTestQueryClient, currentLocation, renderWithProviders } from '../../../test/render';
import { makePayment } from '../payment-fixtures';
import { PaymentCallbackPage } from './payment-callback-page';

const card = makePayment({ method: 'card', reference: 'JANE1-CARD', payment_id: 'JANE1-CARD' });
const statusPath = 'GET /paystack/status/JANE1-CARD';

function renderPage(route = '/paystack-callback?reference=JANE1-CARD') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser());
  return renderWithProviders(<PaymentCallbackPage />, { queryClient, route });
}

describe('PaymentCallbackPage', () => {
  it('says there is no reference, and closes to the dashboard', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderPage('/paystack-callback');

    expect(screen.getByRole('dialog', { name: m.callbackTitle })).toBeInTheDocument();
    expect(screen.getByText(m.noReference)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.tryPaymentAgain })).toHaveAttribute('href', '/billing');
    expect(requests).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: m.close }));
    expect(currentLocation()).toBe('/');
  });

  it('verifies, then says the payment succeeded with a link to the dashboard', async () => {
    let checks = 0;
    mockApi({
      [statusPath]: () => {
        checks += 1;
        return { body: { payment: { ...card, status: checks < 2 ? 'pending' : 'success' } } };
      },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { queryClient } = renderPage();

    expect(screen.getByText(m.verifying)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(await screen.findByText(m.succeeded)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.goToDashboard })).toHaveAttribute('href', '/');
    expect(queryClient.getQueryState(currentUserKey)?.isInvalidated).toBe(true);
  });

  it('reads trxref too, and says a failed payment failed', async () => {
    mockApi({ [statusPath]: { body: { payment: { ...card, status: 'failed', result_description: 'Declined' } } } });
    renderPage('/paystack-callback?trxref=JANE1-CARD');

    expect(await screen.findByText(m.failedTitle)).toBeInTheDocument();
    expect(screen.getByText('Declined')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.tryPaymentAgain })).toHaveAttribute('href', '/billing');
  });

  it('times out, then checks again on request', async () => {
    let status: 'pending' | 'success' = 'pending';
    const requests = mockApi({ [statusPath]: () => ({ body: { payment: { ...card, status } } }) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();

    await act(() => vi.advanceTimersByTimeAsync(CALLBACK_POLL_TIMEOUT_MS));
    expect(await screen.findByText(m.verificationTimedOut)).toBeInTheDocument();
    expect(screen.getByText(m.failedTitle)).toBeInTheDocument();
    const asked = requests.length;

    status = 'success';
    await user.click(screen.getByRole('button', { name: m.checkAgain }));
    expect(await screen.findByText(m.succeeded)).toBeInTheDocument();
    expect(requests.length).toBe(asked + 1);
  });

  it('says a check failed and tries again; an unknown payment could not be verified', async () => {
    let answer = apiError(500, 'internal', 'Internal error');
    mockApi({ [statusPath]: () => answer });
    const user = userEvent.setup();
    const { unmount } = renderPage();

    expect(await screen.findByText(m.errorChecking)).toBeInTheDocument();
    answer = { body: { payment: { ...card, status: 'success' } } };
    await user.click(screen.getByRole('button', { name: m.tryAgain }));
    expect(await screen.findByText(m.succeeded)).toBeInTheDocument();
    unmount();

    mockApi({ [statusPath]: apiError(404, 'not_found', 'Payment not found.') });
    renderPage();
    expect(await screen.findByText(m.failedToVerify)).toBeInTheDocument();
  });
});
