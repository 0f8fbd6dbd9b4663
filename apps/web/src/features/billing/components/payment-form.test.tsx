import { billingMessages as m, formatKesPrice } from '@kuku/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { makePayment, makePlan } from '../payment-fixtures';
import { PaymentForm } from './payment-form';

function renderForm(user = makeUser()) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, user);
  return renderWithProviders(<PaymentForm />, { queryClient, route: '/billing' });
}

const referenceInput = () => screen.getByRole('textbox', { name: /^Reference/ });

describe('PaymentForm', () => {
  it('shows the profile phone, the fixed amount and a prefilled reference', async () => {
    mockApi({ 'GET /payments/plan': { body: makePlan() } });
    renderForm();

    expect(screen.getByRole('heading', { name: m.initiatePayment })).toBeInTheDocument();
    expect(screen.getByText('+254 712 345 678')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.changePhone })).toHaveAttribute('href', '/my-profile');
    expect(screen.getByRole('textbox', { name: m.amountLabel })).toHaveValue(formatKesPrice(250_000));
    expect((referenceInput() as HTMLInputElement).value).toMatch(/^JANE1\d{10}$/);
    expect(screen.getByRole('button', { name: m.payNow })).toBeEnabled();
    expect(await screen.findByRole('button', { name: m.payByCard })).toBeInTheDocument();
  });

  it('without a phone: says so, links to the profile, and disables Pay Now with a tooltip', async () => {
    mockApi({ 'GET /payments/plan': { body: makePlan() } });
    renderForm(makeUser({ phone_number: null }));

    expect(screen.getByText(m.noPhone)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.addPhone })).toHaveAttribute('href', '/my-profile');
    const payNow = screen.getByRole('button', { name: m.payNow });
    expect(payNow).toBeDisabled();
    // The hover tip, and the same words shown for phones, which tie to the button.
    expect(payNow.parentElement).toHaveAttribute('title', m.phoneNotAvailable);
    expect(payNow).toHaveAccessibleDescription(m.phoneNotAvailable);
  });

  it('hides Pay by card and disables Pay Now when the plan says they are off', async () => {
    mockApi({ 'GET /payments/plan': { body: makePlan({ mpesa: 'off', card: 'off' }) } });
    renderForm();

    expect(await screen.findByText(m.mpesaOff)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.payNow })).toBeDisabled();
    expect(screen.queryByRole('button', { name: m.payByCard })).not.toBeInTheDocument();
  });

  it('sends PhoneNumber, amount and reference with an idempotency key, then waits for confirmation', async () => {
    const requests = mockApi({
      'GET /payments/plan': { body: makePlan() },
      'POST /payments/initiate': (request) => ({
        status: 201,
        body: { payment: makePayment({ reference: (request.body as { reference: string }).reference }) },
      }),
    });
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('button', { name: m.payByCard });

    await user.clear(referenceInput());
    await user.type(referenceInput(), 'JANE1-TEST');
    await user.click(screen.getByRole('button', { name: m.payNow }));

    expect(await screen.findByRole('dialog', { name: m.waiting })).toBeInTheDocument();
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({ PhoneNumber: '254712345678', amount: 2500, reference: 'JANE1-TEST' });
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(screen.getByRole('button', { name: m.processing })).toBeDisabled();
  });

  it('checks the reference before sending', async () => {
    const requests = mockApi({ 'GET /payments/plan': { body: makePlan() } });
    const user = userEvent.setup();
    renderForm();

    await user.clear(referenceInput());
    await user.click(screen.getByRole('button', { name: m.payNow }));
    expect(await screen.findByText(m.referenceRequired)).toBeInTheDocument();
    await user.type(referenceInput(), 'bad ref!');
    await user.click(screen.getByRole('button', { name: m.payNow }));
    expect(await screen.findByText(m.referenceInvalid)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it("puts the server's field errors on the inputs and says something went wrong", async () => {
    mockApi({
      'GET /payments/plan': { body: makePlan() },
      'POST /payments/initiate': apiError(400, 'validation', 'Invalid input', {
        fields: { PhoneNumber: m.invalidMpesaPhone, amount: 'The subscription costs Ksh 2,500.00; the amount cannot be changed.' },
      }),
    });
    const user = userEvent.setup();
    renderForm();

    await user.click(screen.getByRole('button', { name: m.payNow }));
    expect(await screen.findByText(m.toastError)).toBeInTheDocument();
    expect(screen.getByText(m.invalidMpesaPhone)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: m.amountLabel })).toHaveAccessibleDescription(/amount cannot be changed/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says a used reference (409) on the reference', async () => {
    mockApi({
      'GET /payments/plan': { body: makePlan() },
      'POST /payments/initiate': apiError(409, 'conflict', 'Conflict', { fields: { reference: m.referenceUsed } }),
    });
    const user = userEvent.setup();
    renderForm();

    await user.click(screen.getByRole('button', { name: m.payNow }));
    await waitFor(() => expect(referenceInput()).toHaveAccessibleDescription(m.referenceUsed));
  });

  it('pays by card: sends the email and the price in cents, then opens the checkout page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const requests = mockApi({
      'GET /payments/plan': { body: makePlan() },
      'POST /paystack/initiate': (request) => ({
        status: 201,
        body: {
          status: true,
          data: { authorization_url: '/api/paystack/simulator/checkout/abc', reference: 'R' },
          payment: makePayment({ method: 'card', reference: (request.body as { reference: string }).reference }),
        },
      }),
    });
    const user = userEvent.setup();
    renderForm();

    await user.click(await screen.findByRole('button', { name: m.payByCard }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/paystack/simulator/checkout/abc'));
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.path).toBe('/paystack/initiate');
    expect(sent?.body).toEqual({ email: 'jane@example.com', amount: 250_000, reference: expect.stringMatching(/^JANE1/) });
  });
});
