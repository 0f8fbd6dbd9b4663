import { describe, expect, it } from 'vitest';
import { shiftDay, shiftMonth } from './common/dates.js';
import { formatKes, lineTotalCents, moneyMessages } from './common/money.js';
import { reportMessages } from './reports-rules.js';
import {
  createSaleSchema,
  listSalesQuerySchema,
  saleIdParamsSchema,
  saleSchema,
  salesReportRequestSchema,
  saleStatsSchema,
  updateSaleSchema,
} from './sales.js';
import {
  averagePerSaleDay,
  bestSellerRemark,
  categoryChangeRemark,
  eggCratesRemark,
  followUpPendingRemark,
  formatRefNo,
  isSaleDateAllowed,
  isWholeUnitCategory,
  MAX_SALE_QUANTITY,
  noSalesRemark,
  oldCreditRemark,
  parseRefNo,
  SALE_CATEGORIES,
  saleDateWindow,
  saleMessages,
  saleQuantityProblem,
  saleRemarks,
  salesGrowth,
  saleStatusLabel,
  saleTrendMonths,
  saleUnit,
  showMarkPaid,
  showMarkPending,
  type SaleFacts,
  saleCategoryLabel,
  saleTypeLabel,
  saleUnitLabel,
} from './sales-rules.js';

const m = saleMessages;

/** The message of the first issue on `field`, or undefined when the field passed. */
function messageOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) {
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

const good = {
  flock_id: 3,
  category: 'Egg Sales',
  product: 'Eggs',
  description: 'Mama Njeri, Kiambu market',
  quantity: 10,
  unit_price: 450,
  date: '2026-11-24',
  sale_type: 'Cash',
  status: 'pending...',
};

describe('amount in integer cents', () => {
  it('is quantity × unit price rounded half up for fractional prices', () => {
    const unitPrice = createSaleSchema.parse({ ...good, category: 'Layer Mash', quantity: 2.5, unit_price: 33.35 });
    expect(unitPrice.unit_price).toBe(3_335);
    // 2.5 × 3,335 cents = 8,337.5 cents, half up.
    expect(lineTotalCents(unitPrice.quantity, unitPrice.unit_price)).toEqual({ ok: true, cents: 8_338 });
    expect(lineTotalCents(0.125, createSaleSchema.parse({ ...good, category: 'Other', quantity: 1, unit_price: '19.99' }).unit_price)).toEqual({
      ok: true,
      cents: 250,
    });
    expect(lineTotalCents(100, createSaleSchema.parse(good).unit_price)).toEqual({ ok: true, cents: 4_500_000 });
  });

  it('ignores the amount a client sends', () => {
    const parsed = createSaleSchema.parse({ ...good, amount: 999_999, ref_no: 'S-000001', id: 7, user_id: 9 });
    expect(parsed).not.toHaveProperty('amount');
    expect(parsed).not.toHaveProperty('ref_no');
    expect(parsed).not.toHaveProperty('id');
    expect(parsed).not.toHaveProperty('user_id');
    expect(updateSaleSchema.parse({ quantity: 2, amount: 1 })).toEqual({ quantity: 2 });
  });

  it('refuses an amount above the maximum on the read-only amount field', () => {
    const result = createSaleSchema.safeParse({ ...good, quantity: MAX_SALE_QUANTITY, unit_price: 100_001 });
    expect(messageOf(result, 'amount')).toBe(m.amountTooLarge);
    expect(createSaleSchema.safeParse({ ...good, quantity: 1000, unit_price: 100_000 }).success).toBe(true);
  });
});

describe('the six-month date window (docs/product.md §5)', () => {
  it.each([
    ['2026-11-24', '2026-05-01'],
    ['2026-03-31', '2025-09-01'],
    ['2026-01-01', '2025-07-01'],
    ['2026-08-31', '2026-02-01'],
    ['2026-06-30', '2025-12-01'],
    ['2026-07-01', '2026-01-01'],
    ['2028-02-29', '2027-08-01'],
    ['2026-12-31', '2026-06-01'],
  ])('on %s runs from %s to that day', (today, earliest) => {
    expect(saleDateWindow(today)).toEqual({ earliest, latest: today });
    expect(isSaleDateAllowed(earliest, today)).toBe(true);
    expect(isSaleDateAllowed(today, today)).toBe(true);
  });

  it('refuses the day before the window, tomorrow and a day that is not', () => {
    expect(isSaleDateAllowed('2025-08-31', '2026-03-31')).toBe(false);
    expect(isSaleDateAllowed('2026-04-01', '2026-03-31')).toBe(false);
    expect(isSaleDateAllowed('2025-06-30', '2026-01-01')).toBe(false);
    expect(isSaleDateAllowed('2026-01-02', '2026-01-01')).toBe(false);
    expect(isSaleDateAllowed('2026-02-30', '2026-03-31')).toBe(false);
    expect(isSaleDateAllowed('2026-03-01T10:00:00Z', '2026-03-31')).toBe(false);
  });

  it('a date 7 months back is out, whatever the day of the month', () => {
    expect(isSaleDateAllowed('2026-04-30', '2026-11-24')).toBe(false);
    expect(isSaleDateAllowed('2026-04-01', '2026-11-01')).toBe(false);
  });

  it('moves months across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-03', -6)).toBe('2025-09');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftDay('2025-12-31', 1)).toBe('2026-01-01');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-05', -17)).toBe('2024-12');
    expect(shiftMonth('2026-05', 0)).toBe('2026-05');
  });

  it('the trend covers the last 6 months, this one last', () => {
    expect(saleTrendMonths('2026-11-24')).toEqual(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    expect(saleTrendMonths('2026-03-31')).toEqual(['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
  });
});

describe('sale status (docs/product.md §4)', () => {
  it.each([
    ['pending...', 'pending'],
    ['Pending...', 'pending'],
    ['pending…', 'pending'],
    ['pending', 'pending'],
    ['PENDING', 'pending'],
    ['paid', 'paid'],
    ['PAID', 'paid'],
    [' Paid ', 'paid'],
    ['Completed', 'paid'],
  ])('%j is stored as %s', (status, stored) => {
    expect(createSaleSchema.parse({ ...good, status }).status).toBe(stored);
    expect(updateSaleSchema.parse({ status }).status).toBe(stored);
  });

  it('shows Pending, Completed, or N/A when empty', () => {
    expect(saleStatusLabel('pending')).toBe('Pending');
    expect(saleStatusLabel('paid')).toBe('Completed');
    expect(saleStatusLabel(null)).toBe('N/A');
    expect(saleStatusLabel(undefined)).toBe('N/A');
  });

  it("offers 'Mark Paid' unless paid and 'Mark Pending' unless pending", () => {
    expect([showMarkPaid('pending'), showMarkPending('pending')]).toEqual([true, false]);
    expect([showMarkPaid('paid'), showMarkPending('paid')]).toEqual([false, true]);
    expect([showMarkPaid(null), showMarkPending(null)]).toEqual([true, true]);
  });

  it('words the status toasts with the label', () => {
    expect(m.markedAs('S-000123', 'paid')).toBe('Sale S-000123 marked as Completed.');
    expect(m.markedAs('S-000123', 'pending')).toBe('Sale S-000123 marked as Pending.');
    expect(m.couldNotUpdate('S-000123')).toBe('Could not update sale S-000123.');
  });

  it.each(['unpaid', 'pending..', '', null, 1])('refuses %j with its message', (status) => {
    expect(messageOf(createSaleSchema.safeParse({ ...good, status }), 'status')).toBe(m.selectStatus);
  });
});

describe('categories, units and sale types (docs/product.md §9)', () => {
  it.each([
    ['Layers Mash', 'Layer Mash'],
    ['layers mash', 'Layer Mash'],
    ['LAYER MASH', 'Layer Mash'],
    ['egg sales', 'Egg Sales'],
    ['other', 'Other'],
  ])('%j is the category %s', (category, stored) => {
    expect(createSaleSchema.parse({ ...good, category, quantity: 1 }).category).toBe(stored);
  });

  it('gives each category its unit, a free one for Other', () => {
    expect(saleUnit('Egg Sales', 'kg')).toBe('Crates');
    expect(saleUnit('Chicks')).toBe('Chicks');
    expect(saleUnit('Layer Mash', null)).toBe('Kg');
    expect(saleUnit('Manure')).toBe('Sacks');
    expect(saleUnit('Other', ' Trays ')).toBe('Trays');
    expect(saleUnit('Other', '  ')).toBe('Units');
    expect(saleUnit('Other')).toBe('Units');
  });

  it.each([
    ['mpesa', 'Mobile Money'],
    ['M-Pesa', 'Mobile Money'],
    ['mobile money', 'Mobile Money'],
    ['bank', 'Bank Transfer'],
    ['BANK TRANSFER', 'Bank Transfer'],
    ['cash', 'Cash'],
    ['Credit', 'Credit'],
  ])('%j is the sale type %s', (saleType, stored) => {
    expect(createSaleSchema.parse({ ...good, sale_type: saleType }).sale_type).toBe(stored);
  });

  it('refuses an unknown category or sale type', () => {
    expect(messageOf(createSaleSchema.safeParse({ ...good, category: 'Broilers' }), 'category')).toBe(m.selectCategory);
    expect(messageOf(createSaleSchema.safeParse({ ...good, sale_type: 'Cheque' }), 'sale_type')).toBe(m.selectSaleType);
    expect(messageOf(createSaleSchema.safeParse({ ...good, sale_type: '' }), 'sale_type')).toBe(m.selectSaleType);
  });

  it('takes a unit of at most 20 characters', () => {
    expect(createSaleSchema.parse({ ...good, category: 'Other', unit: ' Trays ' }).unit).toBe('Trays');
    expect(messageOf(createSaleSchema.safeParse({ ...good, category: 'Other', unit: 'x'.repeat(21) }), 'unit')).toBe(m.unitTooLong);
  });
});

describe('whole quantities for crates, chicks and sacks', () => {
  it('knows which categories count whole units', () => {
    expect(SALE_CATEGORIES.filter(isWholeUnitCategory)).toEqual(['Egg Sales', 'Chicks', 'Manure']);
  });

  it.each([
    ['Egg Sales', 2.5, m.quantityWhole('Crates')],
    ['Chicks', 0.5, m.quantityWhole('Chicks')],
    ['Manure', 1.25, m.quantityWhole('Sacks')],
    ['Layer Mash', 2.5, null],
    ['Layer Mash', 0.125, null],
    ['Other', 1.5, null],
    ['Egg Sales', 3, null],
    ['Layer Mash', 0.1234, m.quantityDecimals],
    ['Egg Sales', 0, m.quantityPositive],
    ['Other', -1, m.quantityPositive],
    ['Chicks', MAX_SALE_QUANTITY + 1, m.quantityTooLarge],
    ['Chicks', MAX_SALE_QUANTITY, null],
    ['Other', 1e-7, m.quantityDecimals],
    ['Other', Number.NaN, m.quantityInvalid],
  ] as const)('%s × %d: %s', (category, quantity, message) => {
    expect(saleQuantityProblem(category, quantity)).toBe(message);
    const result = createSaleSchema.safeParse({ ...good, category, quantity, unit_price: 1 });
    expect(result.success).toBe(message === null);
    if (message !== null) expect(messageOf(result, 'quantity')).toBe(message);
  });

  it('words the rule with the unit', () => {
    expect(m.quantityWhole('Crates')).toBe('Quantity must be a whole number for crates.');
  });

  it('reports a bad quantity once, however many rules it breaks', () => {
    const issues = createSaleSchema.safeParse({ ...good, quantity: -2.5 }).error?.issues.filter((issue) => issue.path[0] === 'quantity');
    expect(issues?.map((issue) => issue.message)).toEqual([m.quantityPositive]);
  });
});

describe('createSaleSchema', () => {
  it('takes the product’s body, trimmed, the unit price in cents', () => {
    expect(createSaleSchema.parse({ ...good, product: '  Eggs ', description: '  ' })).toEqual({
      ...good,
      product: 'Eggs',
      description: '',
      unit_price: 45_000,
      status: 'pending',
    });
    expect(createSaleSchema.parse({ ...good, description: null }).description).toBeNull();
    const { description: _description, ...noDescription } = good;
    expect(createSaleSchema.parse(noDescription).description).toBeUndefined();
    expect(createSaleSchema.parse({ ...good, flock_id: '3', unit_price: '1,250.50' })).toMatchObject({ flock_id: 3, unit_price: 125_050 });
    expect(createSaleSchema.parse({ ...good, unit_price: 0 }).unit_price).toBe(0);
    expect(createSaleSchema.parse({ ...good, date: '2026-11-23T21:00:00.000Z' }).date).toBe('2026-11-23T21:00:00.000Z');
  });

  it('takes the camelCase names, the usual name winning', () => {
    const { flock_id: _f, unit_price: _u, sale_type: _s, ...rest } = good;
    expect(createSaleSchema.parse({ ...rest, flockId: 4, unitPrice: 12.5, saleType: 'mpesa' })).toMatchObject({
      flock_id: 4,
      unit_price: 1_250,
      sale_type: 'Mobile Money',
    });
    expect(createSaleSchema.parse({ ...good, flockId: 9, unitPrice: 1 })).toMatchObject({ flock_id: 3, unit_price: 45_000 });
    expect(updateSaleSchema.parse({ saleType: 'bank', unitPrice: '10' })).toEqual({ sale_type: 'Bank Transfer', unit_price: 1_000 });
  });

  it.each([
    [{ flock_id: undefined }, 'flock_id', m.selectFlock],
    [{ flock_id: 0 }, 'flock_id', m.selectFlock],
    [{ flock_id: 'abc' }, 'flock_id', m.selectFlock],
    [{ category: undefined }, 'category', m.selectCategory],
    [{ category: 'Eggs' }, 'category', m.selectCategory],
    [{ product: undefined }, 'product', m.productRequired],
    [{ product: '   ' }, 'product', m.productRequired],
    [{ product: 'x'.repeat(101) }, 'product', m.productTooLong],
    [{ description: 'x'.repeat(501) }, 'description', m.descriptionTooLong],
    [{ quantity: undefined }, 'quantity', m.quantityRequired],
    [{ quantity: null }, 'quantity', m.quantityRequired],
    [{ quantity: '' }, 'quantity', m.quantityRequired],
    [{ quantity: '2' }, 'quantity', m.quantityInvalid],
    [{ quantity: 0 }, 'quantity', m.quantityPositive],
    [{ quantity: -3 }, 'quantity', m.quantityPositive],
    [{ quantity: 1e21 }, 'quantity', m.quantityTooLarge],
    [{ quantity: 5_000_000 }, 'quantity', m.quantityTooLarge],
    [{ quantity: Number.POSITIVE_INFINITY }, 'quantity', m.quantityInvalid],
    [{ unit_price: undefined }, 'unit_price', m.unitPriceRequired],
    [{ unit_price: '' }, 'unit_price', m.unitPriceRequired],
    [{ unit_price: -1 }, 'unit_price', m.unitPriceNegative],
    [{ unit_price: 12.345 }, 'unit_price', m.unitPriceDecimals],
    [{ unit_price: '33.355' }, 'unit_price', m.unitPriceDecimals],
    [{ unit_price: 0.1 + 0.2 }, 'unit_price', m.unitPriceDecimals],
    [{ unit_price: 'abc' }, 'unit_price', m.unitPriceInvalid],
    [{ unit_price: 100_000_001 }, 'unit_price', m.unitPriceTooLarge],
    [{ unit_price: true }, 'unit_price', m.unitPriceRequired],
    [{ date: undefined }, 'date', m.dateRequired],
    [{ date: '' }, 'date', m.dateRequired],
    [{ date: '2026-02-30' }, 'date', m.dateInvalid],
    [{ date: 'yesterday' }, 'date', m.dateInvalid],
    [{ sale_type: undefined }, 'sale_type', m.selectSaleType],
    [{ status: undefined }, 'status', m.selectStatus],
  ])('refuses %j on %s', (change, field, message) => {
    const result = createSaleSchema.safeParse({ ...good, ...change });
    expect(result.success).toBe(false);
    expect(messageOf(result, field)).toBe(message);
  });

  it('never answers a money message about an "amount" for the unit price', () => {
    for (const price of [-1, 12.345, 'abc', undefined]) {
      const message = messageOf(createSaleSchema.safeParse({ ...good, unit_price: price }), 'unit_price');
      expect(Object.values(moneyMessages)).not.toContain(message);
    }
  });

  it('names every missing field of an empty body', () => {
    const fields = createSaleSchema.safeParse({}).error?.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(['flock_id', 'category', 'product', 'quantity', 'unit_price', 'date', 'sale_type', 'status']);
  });

  it('refuses a body that is no object', () => {
    for (const body of [null, 'x', [good], 3]) expect(createSaleSchema.safeParse(body).success).toBe(false);
  });
});

describe('updateSaleSchema', () => {
  it('takes the status alone, as Mark Paid sends it', () => {
    expect(updateSaleSchema.parse({ status: 'paid' })).toEqual({ status: 'paid' });
    expect(updateSaleSchema.parse({ status: 'pending...' })).toEqual({ status: 'pending' });
  });

  it('takes the whole sale from the edit form', () => {
    expect(updateSaleSchema.parse({ ...good, category: 'Layers Mash', quantity: 2.5 })).toMatchObject({
      category: 'Layer Mash',
      quantity: 2.5,
      unit_price: 45_000,
      status: 'pending',
    });
  });

  it('needs at least one field it knows', () => {
    expect(updateSaleSchema.safeParse({}).error?.issues[0]?.message).toBe(m.nothingToUpdate);
    expect(updateSaleSchema.safeParse({ amount: 5, ref_no: 'S-000001' }).error?.issues[0]?.message).toBe(m.nothingToUpdate);
    expect(updateSaleSchema.parse({ description: null })).toEqual({ description: null });
  });

  it('checks what it is sent with the create rules', () => {
    expect(messageOf(updateSaleSchema.safeParse({ quantity: 0 }), 'quantity')).toBe(m.quantityPositive);
    expect(messageOf(updateSaleSchema.safeParse({ unit_price: 1.001 }), 'unit_price')).toBe(m.unitPriceDecimals);
    expect(messageOf(updateSaleSchema.safeParse({ status: 'done' }), 'status')).toBe(m.selectStatus);
    expect(messageOf(updateSaleSchema.safeParse({ category: 'Chicks', quantity: 1.5 }), 'quantity')).toBe(m.quantityWhole('Chicks'));
    // Without its category the whole-number rule waits for the server's merge with the stored sale.
    expect(updateSaleSchema.parse({ quantity: 1.5 })).toEqual({ quantity: 1.5 });
  });
});

describe('sale ids and refs', () => {
  it.each([
    [1, 'S-000001'],
    [123, 'S-000123'],
    [999_999, 'S-999999'],
    [1_234_567, 'S-1234567'],
  ])('%i is %s', (n, ref) => {
    expect(formatRefNo(n)).toBe(ref);
    expect(parseRefNo(ref)).toBe(n);
  });

  it('reads a ref in any case with spaces around', () => {
    expect(parseRefNo(' s-000123 ')).toBe(123);
    expect(parseRefNo('S-123')).toBe(123);
  });

  it.each(['', 'S-', 'S-0', 'S-000000', '123', 'S000123', 'S-12a', 'X-000123', 'S-99999999999', 'S--1'])('refuses %j', (text) => {
    expect(parseRefNo(text)).toBeNull();
  });

  it('throws on a number that is no ref', () => {
    for (const n of [0, -1, 1.5, Number.NaN]) expect(() => formatRefNo(n)).toThrow(RangeError);
  });

  it('finds a sale by its id or its ref_no', () => {
    expect(saleIdParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
    expect(saleIdParamsSchema.parse({ id: 'S-000123' })).toEqual({ ref: 123 });
    expect(saleIdParamsSchema.parse({ id: 's-42' })).toEqual({ ref: 42 });
    for (const id of ['0', '-1', '1.5', 'abc', '2147483648', 'S-0', '', 'S-000123x']) {
      expect(messageOf(saleIdParamsSchema.safeParse({ id }), 'id'), id).toBe(m.notFound);
    }
  });
});

describe('growth and averages', () => {
  it.each([
    [12_000, 10_000, 20],
    [8_200, 10_000, -18],
    [10_000, 10_000, 0],
    [10_005, 10_000, 0.1],
    [10_004, 10_000, 0],
    [0, 10_000, -100],
    [1_000, 3_000, -66.7],
    [2_000, 3_000, -33.3],
  ])('%i against %i cents is %d %', (thisMonth, lastMonth, growth) => {
    expect(salesGrowth(thisMonth, lastMonth)).toBe(growth);
  });

  it('has no growth when last month sold nothing', () => {
    expect(salesGrowth(5_000, 0)).toBeNull();
    expect(salesGrowth(0, 0)).toBeNull();
  });

  it('averages the total over distinct sale days in whole cents, 0 without days', () => {
    expect(averagePerSaleDay(100_000, 4)).toBe(25_000);
    expect(averagePerSaleDay(100, 3)).toBe(33);
    expect(averagePerSaleDay(101, 2)).toBe(51);
    expect(averagePerSaleDay(5_000, 0)).toBe(0);
    expect(averagePerSaleDay(0, 0)).toBe(0);
  });
});

describe('remarks', () => {
  const quiet: SaleFacts = {
    thisMonthCents: 100_000,
    lastMonthCents: 100_000,
    salesThisMonth: 5,
    byCategoryThisMonth: [{ category: 'Egg Sales', amountCents: 100_000 }],
    byCategoryLastMonth: [{ category: 'Egg Sales', amountCents: 100_000 }],
    oldCreditCents: 0,
    oldCreditCount: 0,
    pendingCents: 0,
    pendingCount: 0,
    eggCratesThisMonth: 10,
    availableEggCrates: 40,
  };

  it('notes a month without sales, and nothing when there are some', () => {
    expect(noSalesRemark({ salesThisMonth: 0 })).toEqual({ kind: 'remark', text: 'No sales recorded this month yet.' });
    expect(noSalesRemark({ salesThisMonth: 1 })).toBeNull();
  });

  it('names the best selling category, a tie going to the first category', () => {
    expect(
      bestSellerRemark({
        byCategoryThisMonth: [
          { category: 'Manure', amountCents: 5_000 },
          { category: 'Egg Sales', amountCents: 90_000 },
          { category: 'Chicks', amountCents: 20_000 },
        ],
      }),
    ).toEqual({ kind: 'remark', text: 'Best selling product this month: Egg Sales' });
    expect(
      bestSellerRemark({
        byCategoryThisMonth: [
          { category: 'Manure', amountCents: 5_000 },
          { category: 'Chicks', amountCents: 5_000 },
        ],
      })?.text,
    ).toBe('Best selling product this month: Chicks');
    expect(bestSellerRemark({ byCategoryThisMonth: [] })).toBeNull();
    expect(bestSellerRemark({ byCategoryThisMonth: [{ category: 'Other', amountCents: 0 }] })).toBeNull();
  });

  it('notes the category that moved most, 10 % or more either way', () => {
    const fell = categoryChangeRemark({
      byCategoryThisMonth: [{ category: 'Egg Sales', amountCents: 82_000 }],
      byCategoryLastMonth: [{ category: 'Egg Sales', amountCents: 100_000 }],
    });
    expect(fell).toEqual({ kind: 'remark', text: 'Egg Sales fell 18 % against last month' });
    const rose = categoryChangeRemark({
      byCategoryThisMonth: [
        { category: 'Egg Sales', amountCents: 115_000 },
        { category: 'Manure', amountCents: 3_000 },
      ],
      byCategoryLastMonth: [
        { category: 'Egg Sales', amountCents: 100_000 },
        { category: 'Manure', amountCents: 2_000 },
      ],
    });
    expect(rose?.text).toBe('Manure rose 50 % against last month');
    expect(
      categoryChangeRemark({ byCategoryThisMonth: [{ category: 'Egg Sales', amountCents: 110_000 }], byCategoryLastMonth: [{ category: 'Egg Sales', amountCents: 100_000 }] })
        ?.text,
    ).toBe('Egg Sales rose 10 % against last month');
  });

  it('says nothing of a move under 10 % or of a category new this month', () => {
    expect(
      categoryChangeRemark({ byCategoryThisMonth: [{ category: 'Egg Sales', amountCents: 90_001 }], byCategoryLastMonth: [{ category: 'Egg Sales', amountCents: 100_000 }] }),
    ).toBeNull();
    expect(categoryChangeRemark({ byCategoryThisMonth: [{ category: 'Chicks', amountCents: 50_000 }], byCategoryLastMonth: [] })).toBeNull();
    expect(categoryChangeRemark({ byCategoryThisMonth: [], byCategoryLastMonth: [] })).toBeNull();
  });

  it('notes a category that sold nothing this month as fallen 100 %', () => {
    expect(categoryChangeRemark({ byCategoryThisMonth: [], byCategoryLastMonth: [{ category: 'Chicks', amountCents: 50_000 }] })?.text).toBe(
      'Chicks fell 100 % against last month',
    );
  });

  it('notes credit older than 30 days, in shillings, one sale or many', () => {
    expect(oldCreditRemark({ oldCreditCents: 1_240_000, oldCreditCount: 3 })).toEqual({
      kind: 'miscellaneous',
      text: `${formatKes(1_240_000)} on credit is older than 30 days (3 sales)`,
    });
    expect(oldCreditRemark({ oldCreditCents: 1_240_000, oldCreditCount: 3 })?.text).toMatch(/^Ksh\s12,400\.00 on credit/);
    expect(oldCreditRemark({ oldCreditCents: 45_000, oldCreditCount: 1 })?.text).toContain('(1 sale)');
    expect(oldCreditRemark({ oldCreditCents: 0, oldCreditCount: 0 })).toBeNull();
  });

  it('recommends following up pending sales', () => {
    expect(followUpPendingRemark({ pendingCents: 980_000, pendingCount: 4 })).toEqual({
      kind: 'recommendation',
      text: `Follow up 4 pending sales worth ${formatKes(980_000)}.`,
    });
    expect(followUpPendingRemark({ pendingCents: 45_000, pendingCount: 1 })?.text).toBe(`Follow up 1 pending sale worth ${formatKes(45_000)}.`);
    expect(followUpPendingRemark({ pendingCents: 0, pendingCount: 0 })).toBeNull();
  });

  it('warns when more egg crates were sold than collected', () => {
    expect(eggCratesRemark({ eggCratesThisMonth: 41, availableEggCrates: 40.5 })).toEqual({
      kind: 'miscellaneous',
      text: 'More egg crates sold this month than collected: check for missing production records.',
    });
    expect(eggCratesRemark({ eggCratesThisMonth: 1, availableEggCrates: -3 })).not.toBeNull();
    expect(eggCratesRemark({ eggCratesThisMonth: 40, availableEggCrates: 40 })).toBeNull();
    expect(eggCratesRemark({ eggCratesThisMonth: 0, availableEggCrates: 0 })).toBeNull();
  });

  it('runs every rule in order and leaves out those that do not apply', () => {
    expect(saleRemarks(quiet)).toEqual([{ kind: 'remark', text: 'Best selling product this month: Egg Sales' }]);
    const busy = saleRemarks({
      ...quiet,
      thisMonthCents: 0,
      salesThisMonth: 0,
      byCategoryThisMonth: [],
      oldCreditCents: 1_240_000,
      oldCreditCount: 3,
      pendingCents: 1_500_000,
      pendingCount: 5,
      eggCratesThisMonth: 0,
    });
    expect(busy.map((remark) => remark.kind)).toEqual(['remark', 'remark', 'miscellaneous', 'recommendation']);
    expect(busy[0]?.text).toBe(m.remarkNoSalesThisMonth);
    expect(busy[1]?.text).toBe('Egg Sales fell 100 % against last month');
  });

  it('fits the stats answer', () => {
    const stats = {
      month: '2026-11',
      revenue_cents: 0,
      revenue: 0,
      sales_count: 0,
      paid_cents: 0,
      paid_count: 0,
      pending_cents: 0,
      pending_count: 0,
      sale_days: 0,
      average_per_sale_day_cents: 0,
      last_month_revenue_cents: 0,
      sales_growth: null,
      egg_crates_this_month: 0,
      by_category: [],
      remarks: saleRemarks({ ...quiet, salesThisMonth: 0, byCategoryThisMonth: [] }),
    };
    expect(saleStatsSchema.parse(stats).remarks).toHaveLength(2);
  });
});

describe('lists, answers and the report form', () => {
  it('sorts by date, newest first, 10 a page, and filters by status, flock and days', () => {
    expect(listSalesQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10, sort: 'date', order: 'desc' });
    expect(
      listSalesQuerySchema.parse({ sort: 'amount', order: 'ASC', status: 'pending...', flock_id: '4', from: '2026-11-01', to: '2026-11-24', q: ' S-0001 ' }),
    ).toEqual({ page: 1, pageSize: 10, sort: 'amount', order: 'asc', status: 'pending', flock_id: 4, from: '2026-11-01', to: '2026-11-24', q: 'S-0001' });
    expect(listSalesQuerySchema.safeParse({ sort: 'farm_id' }).success).toBe(false);
    expect(messageOf(listSalesQuerySchema.safeParse({ status: 'done' }), 'status')).toBe(m.selectStatus);
    expect(messageOf(listSalesQuerySchema.safeParse({ from: '2026-02-30' }), 'from')).toBe(m.dateInvalid);
  });

  it('answers a sale with a canonical category, type and status', () => {
    const sale = {
      id: 1,
      ref_no: 'S-000001',
      flock_id: 3,
      flock_name: 'House A',
      category: 'Egg Sales',
      product: 'Eggs',
      description: null,
      quantity: 10,
      unit: 'Crates',
      birds: null,
      weight_kg: null,
      unit_price: 450,
      unit_price_cents: 45_000,
      amount: 4_500,
      amount_cents: 450_000,
      date: '2026-11-24',
      sale_type: 'Cash',
      status: 'paid',
      user_id: null,
      created_at: '2026-11-24T08:00:00.000Z',
      updated_at: '2026-11-24T08:00:00.000Z',
      created_by_name: 'wanjiru',
      updated_by_name: null,
    };
    expect(saleSchema.parse(sale)).toEqual(sale);
    expect(saleSchema.safeParse({ ...sale, status: 'pending...' }).success).toBe(false);
  });

  it('needs start date, end date and report type, the end after the start', () => {
    expect(salesReportRequestSchema.parse({ start_date: '2026-11-01', end_date: '2026-11-24', report_type: 'Summary' })).toEqual({
      start_date: '2026-11-01',
      end_date: '2026-11-24',
      report_type: 'summary',
    });
    expect(salesReportRequestSchema.parse({ startDate: '2026-11-01', endDate: '2026-11-02', reportType: 'detailed' }).report_type).toBe('detailed');
    // The report it makes refuses a single day (docs/product.md §5 Report generator).
    expect(messageOf(salesReportRequestSchema.safeParse({ start_date: '2026-11-01', end_date: '2026-11-01', report_type: 'summary' }), 'end_date')).toBe(
      reportMessages.singleDay,
    );
    const empty = salesReportRequestSchema.safeParse({});
    for (const field of ['start_date', 'end_date', 'report_type']) expect(messageOf(empty, field)).toBe(m.reportFieldsRequired);
    expect(messageOf(salesReportRequestSchema.safeParse({ start_date: '2026-11-24', end_date: '2026-11-01', report_type: 'summary' }), 'end_date')).toBe(
      m.reportEndBeforeStart,
    );
    expect(messageOf(salesReportRequestSchema.safeParse({ start_date: '2026-11-01', end_date: '2026-11-24', report_type: 'pdf' }), 'report_type')).toBe(m.reportTypeInvalid);
  });

  it('keeps the product’s words', () => {
    expect(m.dateOutsideWindow).toBe('Please select a valid date within the current month.');
    expect(m.confirmDelete).toBe('Are you sure you want to delete this item? This action cannot be undone.');
    expect(m.errorUpdating).toBe('There was an error updating the sale. Please try again.');
    expect(m.errorDeleting).toBe('There was an error deleting the sale. Please try again.');
    expect(m.welcome).toBe("Now, Let's Manage Your Sales!");
    expect(m.saleDeletedTitle).toBe('Sale Deleted');
  });
});

describe('the stored values as the farmer reads them (decision 068)', () => {
  it('labels each category, type and fixed unit; a value it does not know, as stored', () => {
    expect(saleCategoryLabel('Egg Sales')).toBe('Egg Sales');
    expect(saleCategoryLabel('Layers Mash (old)')).toBe('Layers Mash (old)');
    expect(saleTypeLabel('Mobile Money')).toBe('Mobile Money');
    expect(saleTypeLabel('barter')).toBe('barter');
    expect(saleUnitLabel('Crates')).toBe('Crates');
    // An 'Other' sale's own unit, and a key of Object.prototype, stay as typed.
    expect(saleUnitLabel('Trays')).toBe('Trays');
    expect(saleUnitLabel('constructor')).toBe('constructor');
    expect(saleMessages.quantityOf('2.5', 'Kg')).toBe('2.5 Kg');
  });
});
