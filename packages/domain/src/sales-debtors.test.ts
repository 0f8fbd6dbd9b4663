import { describe, expect, it } from 'vitest';
import { formatKes } from './common/money.js';
import { debtorsSchema, saleStatusAnswerSchema, saleStatusBodySchema } from './sales.js';
import { DEBTORS_MAX, debtorMessages as m, debtorName, SALE_STATUS_IDS_MAX, saleMessages } from './sales-rules.js';

/** The message of the first issue on `field`, or undefined when the field passed. */
function messageOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) {
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('POST /api/sales/status body', () => {
  it.each([
    ['paid', 'paid'],
    ['Paid', 'paid'],
    ['Completed', 'paid'],
    [' PENDING ', 'pending'],
    ['pending...', 'pending'],
  ])('takes the status %j as %s', (status, stored) => {
    expect(saleStatusBodySchema.parse({ ids: [4], status })).toEqual({ ids: [4], status: stored });
  });

  it('counts an id named twice once, in the order first named', () => {
    expect(saleStatusBodySchema.parse({ ids: [7, 3, 7, 3, 9], status: 'paid' }).ids).toEqual([7, 3, 9]);
  });

  it(`takes from 1 to ${SALE_STATUS_IDS_MAX} ids`, () => {
    const many = Array.from({ length: SALE_STATUS_IDS_MAX }, (_, i) => i + 1);
    expect(saleStatusBodySchema.parse({ ids: many, status: 'paid' }).ids).toHaveLength(SALE_STATUS_IDS_MAX);
    expect(messageOf(saleStatusBodySchema.safeParse({ ids: [...many, SALE_STATUS_IDS_MAX + 1], status: 'paid' }), 'ids')).toBe(m.idsTooMany);
    expect(messageOf(saleStatusBodySchema.safeParse({ ids: [], status: 'paid' }), 'ids')).toBe(m.idsRequired);
  });

  it.each([undefined, null, 'all', 5, { 0: 1 }])('refuses ids %j with its message', (ids) => {
    expect(messageOf(saleStatusBodySchema.safeParse({ ids, status: 'paid' }), 'ids')).toBe(m.idsRequired);
  });

  // Text, true and [5] would be coerced to a number by a path's id field: a body's ids are not.
  it.each(['5', true, null, 0, -1, 1.5, 2_147_483_648, [5], Number.NaN])('refuses the id %j', (id) => {
    expect(messageOf(saleStatusBodySchema.safeParse({ ids: [1, id], status: 'paid' }), 'ids')).toBe(m.idInvalid);
  });

  it.each([undefined, 'unpaid', '', 1])('refuses the status %j', (status) => {
    expect(messageOf(saleStatusBodySchema.safeParse({ ids: [1], status }), 'status')).toBe(saleMessages.selectStatus);
  });

  it('answers what changed', () => {
    expect(saleStatusAnswerSchema.parse({ updated: 2, amount_cents: 120_050, amount: 1_200.5 })).toEqual({ updated: 2, amount_cents: 120_050, amount: 1_200.5 });
  });
});

describe('the debtors answer', () => {
  it('holds buyers with their sales, a null buyer among them', () => {
    const answer = {
      items: [
        { buyer: 'Mama Njeri', sales: 2, owed_cents: 84_000, owed: 840, since: '2026-03-05', days: 42, sale_ids: [3, 9] },
        { buyer: null, sales: 1, owed_cents: 4_200, owed: 42, since: '2026-04-10', days: 6, sale_ids: [12] },
      ],
      buyers: 2,
      total_owed_cents: 88_200,
      total_owed: 882,
    };
    expect(debtorsSchema.parse(answer)).toEqual(answer);
    expect(debtorsSchema.safeParse({ ...answer, buyers: '2' }).success).toBe(false);
  });
});

describe('debtor words', () => {
  it('names a buyer, or says none was named', () => {
    expect(debtorName('Mama Njeri')).toBe('Mama Njeri');
    expect(debtorName(null)).toBe('No buyer named');
  });

  it('says since when, in whole days', () => {
    expect(m.since('05 Mar 2026', 42)).toBe('since 05 Mar 2026 · 42 days');
    expect(m.since('05 Mar 2026', 1)).toBe('since 05 Mar 2026 · 1 day');
    expect(m.since('05 Mar 2026', 0)).toBe('since 05 Mar 2026 · today');
    expect(m.since('05 Mar 2024', 1200)).toBe('since 05 Mar 2024 · 1,200 days');
    expect(m.sinceDays('05 Mar 2026', 42)).toBe('05 Mar 2026 · 42 days');
  });

  it('counts buyers and sales', () => {
    expect([m.buyers(1), m.buyers(3), m.sales(1), m.sales(2)]).toEqual(['1 buyer', '3 buyers', '1 sale', '2 sales']);
  });

  it('words the toasts with the buyer and the amount', () => {
    expect(m.markedPaid('Mama Njeri', 84_000, 2)).toBe(`Mama Njeri paid ${formatKes(84_000)} (2 sales).`);
    expect(m.undone('Mama Njeri', 84_000)).toBe(`Mama Njeri owes ${formatKes(84_000)} again.`);
    expect(m.markPaidFor('No buyer named')).toBe('Mark paid: No buyer named');
  });

  it('says when the list is cut short', () => {
    expect(m.capped(DEBTORS_MAX, 240)).toBe('The 200 oldest of 240 buyers are shown; the total counts them all.');
  });
});
