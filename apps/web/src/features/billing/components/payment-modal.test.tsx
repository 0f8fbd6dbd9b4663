import { billingMessages as m, PAYMENT_POLL_MS, PAYMENT_POLL_TIMEOUT_MS, resultHint } from '@kuku/domain';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { makePayment } from '../payment-fixtures';
import { PaymentModal } from './payment-modal';

const initiated = makePayment({ reference: 'JANE1-0001', status: 'pending' });
const statusPath = 'GET /payments/status/JANE1-0001';

function renderModal() {
  const handlers = { onFinished: vi.fn(), onDone: vi.fn(), onRetry: vi.fn(), onCancel: vi.fn() };
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser());
  renderWithProviders(<PaymentModal opened payment={initiated} amountCents={250_000} {...handlers} />, { queryClient, route: '/billing' });
  return { handlers, queryClient };
}

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('PaymentModal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it('waits, polls every interval, then says the payment succeeded and reads the user again', async () => {
    let checks = 0;
    const requests = mockApi({
      [statusPath]: () => {
        checks += 1;
        return { body: { payment: { ...initiated, status: checks < 2 ? 'pending' : 'success', mpesa_reference: 'QKX1' } } };
      },
    });
    const { handlers, queryClient } = renderModal();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    expect(screen.getByRole('dialog', { name: m.waiting })).toBeInTheDocument();
    expect(screen.getByText(/M-Pesa asks for your PIN to pay Ksh\s2,500\. Enter/)).toBeInTheDocument();
    // The initiation's answer is the first data: no check before one interval.
    expect(requests).toHaveLength(0);

    await tick(PAYMENT_POLL_MS);
    expect(requests).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: m.waiting })).toBeInTheDocument();

    await tick(PAYMENT_POLL_MS);
    expect(await screen.findByRole('dialog', { name: m.succeeded })).toBeInTheDocument();
    expect(await screen.findByText(m.toastSuccess, { selector: '.mantine-Notification-description' })).toBeInTheDocument();
    expect(handlers.onFinished).toHaveBeenCalledWith('success');
    expect(queryClient.getQueryState(currentUserKey)?.isInvalidated).toBe(true);

    await tick(PAYMENT_POLL_MS * 3);
    expect(requests).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: m.done }));
    expect(handlers.onDone).toHaveBeenCalled();
  });

  it('says why a payment failed and offers Retry and Cancel', async () => {
    mockApi({
      [statusPath]: { body: { payment: { ...initiated, status: 'cancelled', result_code: 1032, result_description: 'Request cancelled by user' } } },
    });
    const { handlers } = renderModal();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    await tick(PAYMENT_POLL_MS);
    expect(await screen.findByRole('dialog', { name: m.failedTitle })).toBeInTheDocument();
    expect(screen.getByText(resultHint(1032) ?? '')).toBeInTheDocument();
    expect(await screen.findByText(m.toastFailed)).toBeInTheDocument();
    expect(handlers.onFinished).toHaveBeenCalledWith('cancelled');

    await user.click(screen.getByRole('button', { name: m.retry }));
    expect(handlers.onRetry).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: m.cancel }));
    expect(handlers.onCancel).toHaveBeenCalled();
  });

  it('gives up after the timeout and shows the payment as failed', async () => {
    const requests = mockApi({ [statusPath]: { body: { payment: initiated } } });
    const { handlers } = renderModal();

    await tick(PAYMENT_POLL_TIMEOUT_MS - 1000);
    expect(screen.getByRole('dialog', { name: m.waiting })).toBeInTheDocument();
    await tick(1000);
    expect(await screen.findByRole('dialog', { name: m.failedTitle })).toBeInTheDocument();
    expect(screen.getByText(m.timedOutText)).toBeInTheDocument();
    expect(await screen.findByText(m.toastTimeout)).toBeInTheDocument();
    expect(handlers.onFinished).toHaveBeenCalledWith('timeout');

    const asked = requests.length;
    expect(asked).toBeGreaterThanOrEqual(PAYMENT_POLL_TIMEOUT_MS / PAYMENT_POLL_MS - 1);
    await tick(PAYMENT_POLL_MS * 3);
    expect(requests).toHaveLength(asked);
  });
});
