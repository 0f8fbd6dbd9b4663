import type { Payment, PaymentPlan } from '@kuku/domain';

// Test data for the billing components' tests (imported by *.test.tsx only).

export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 11,
    payment_id: 'ws_CO_0104202608000001',
    reference: 'JANE1123456' + '7890',
    method: 'mpesa',
    status: 'pending',
    amount: 2500,
    amount_cents: 250_000,
    mpesa_reference: null,
    phone_number: '254712345678',
    result_code: null,
    result_description: null,
    paid_until: null,
    created_at: '2026-04-01T08:00:00.000Z',
    updated_at: '2026-04-01T08:00:00.000Z',
    ...overrides,
  };
}

export function makePlan(overrides: Partial<PaymentPlan> = {}): PaymentPlan {
  return {
    price_cents: 250_000,
    amount: 2500,
    paid_period_days: 30,
    till_number: '5123456',
    support_url: 'https://wa.me/254700000000',
    mpesa: 'simulator',
    card: 'simulator',
    ...overrides,
  };
}

export const paymentPage = (items: Payment[], total = items.length, page = 1) => ({ body: { items, total, page, pageSize: 10 } });
