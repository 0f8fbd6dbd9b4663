import { billingMessages as m, resultHint } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makePayment, paymentPage } from '../payment-fixtures';
import { PaymentHistory } from './payment-history';

const paid = makePayment({ id: 1, reference: 'JANE1-PAID', status: 'success', mpesa_reference: 'QKX12ABC', result_description: 'The service request is processed successfully.' });
const failed = makePayment({ id: 2, reference: 'JANE1-FAIL', status: 'failed', result_code: 1, result_description: 'Insufficient balance' });

describe('PaymentHistory', () => {
  it('shows each payment with its status badge, amount and references, newest first', async () => {
    const requests = mockApi({ 'GET /payments': paymentPage([paid, failed]) });
    renderWithProviders(<PaymentHistory />);

    const row = (await screen.findByText('JANE1-PAID')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent(/Ksh\s2,500\.00/);
    expect(row).toHaveTextContent('QKX12ABC');
    expect(row).toHaveTextContent('+254 712 345 678');
    expect(row).toHaveTextContent('01 Apr 2026 11:00');
    expect(within(row).getByText('Success')).toBeInTheDocument();
    // The result in the farmer's words, as the payment dialog says it; Daraja's text on hover.
    const failedRow = screen.getByText('JANE1-FAIL').closest('tr') as HTMLElement;
    expect(within(failedRow).getByText(resultHint(1)!)).toHaveAttribute('title', 'Insufficient balance');
    // When and why come first, where a wide table does not scroll them away.
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent(m.columns.date);
    expect(requests[0]?.query.get('sort')).toBe('date');
    expect(requests[0]?.query.get('order')).toBe('desc');
    expect(requests[0]?.query.get('pageSize')).toBe('10');
  });

  it('sorts a new column ascending first, then toggles', async () => {
    const requests = mockApi({ 'GET /payments': paymentPage([paid]) });
    const user = userEvent.setup();
    renderWithProviders(<PaymentHistory />);
    await screen.findByText('JANE1-PAID');

    await user.click(screen.getByRole('button', { name: m.columns.amount }));
    await waitFor(() => expect(requests.at(-1)?.query.get('sort')).toBe('amount'));
    expect(requests.at(-1)?.query.get('order')).toBe('asc');
    await user.click(screen.getByRole('button', { name: m.columns.amount }));
    await waitFor(() => expect(requests.at(-1)?.query.get('order')).toBe('desc'));
    expect(screen.getByRole('columnheader', { name: m.columns.amount })).toHaveAttribute('aria-sort', 'descending');
  });

  it('pages with Previous and Next, saying Page X of Y', async () => {
    const requests = mockApi({
      'GET /payments': (request) => paymentPage([request.query.get('page') === '2' ? failed : paid], 25, Number(request.query.get('page'))),
    });
    const user = userEvent.setup();
    renderWithProviders(<PaymentHistory />);

    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.previous })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: m.next }));
    expect(await screen.findByText('JANE1-FAIL')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(requests.at(-1)?.query.get('page')).toBe('2');
    expect(screen.getByRole('button', { name: m.previous })).toBeEnabled();
  });

  it('searches on the server', async () => {
    const requests = mockApi({ 'GET /payments': paymentPage([]) });
    const user = userEvent.setup();
    renderWithProviders(<PaymentHistory />);

    await user.type(screen.getByRole('textbox', { name: m.searchPayments }), 'QKX');
    await waitFor(() => expect(requests.at(-1)?.query.get('q')).toBe('QKX'));
  });

  it('says when there are no payments, and when they could not be fetched', async () => {
    mockApi({ 'GET /payments': paymentPage([]) });
    const { unmount } = renderWithProviders(<PaymentHistory />);
    expect(await screen.findByText(m.noPayments)).toBeInTheDocument();
    expect(screen.queryByText(/^Page /)).not.toBeInTheDocument();
    unmount();

    mockApi({ 'GET /payments': apiError(500, 'internal', 'Internal error') });
    renderWithProviders(<PaymentHistory />);
    expect(await screen.findByText(m.couldNotFetch)).toBeInTheDocument();
  });
});
