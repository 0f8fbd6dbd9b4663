import { birdSaleMessages, saleMessages, saleQuantityProblem, saleUnit, shiftDay, type Sale } from '@kuku/domain';
import { describe, expect, it } from 'vitest';
import { birdsLeaving, changedFields, initialValues, quantityInput, saleAmount, validateSale, type SaleValues } from './sale-form';

const today = '2026-12-06';

const eggSale = (overrides: Partial<SaleValues> = {}): SaleValues => ({
  flockId: '7',
  category: 'Egg Sales',
  product: 'Eggs (crate of 30)',
  description: '',
  quantity: '4',
  unit: '',
  birds: '',
  weightKg: '',
  unitPrice: '450',
  date: today,
  saleType: 'Cash',
  status: 'paid',
  ...overrides,
});

describe('the sale form', () => {
  it('keeps digits and one decimal point in a quantity', () => {
    expect(quantityInput('1,2a.5.0')).toBe('12.50');
    expect(quantityInput('')).toBe('');
  });

  it('shows the amount as quantity × unit price in cents, or nothing while half typed', () => {
    expect(saleAmount({ quantity: '3', unitPrice: '33.35' })).toEqual({ cents: 10_005 });
    expect(saleAmount({ quantity: '2.', unitPrice: '450' })).toEqual({ error: null });
    expect(saleAmount({ quantity: '1000000', unitPrice: '1000' })).toEqual({ error: saleMessages.amountTooLarge });
  });

  it("turns a good sale into the body the server reads, the category's unit included", () => {
    const { body, errors } = validateSale(eggSale({ unitPrice: '1,250', description: '  ' }), today, true);
    expect(errors).toEqual({});
    expect(body).toMatchObject({ flock_id: 7, quantity: 4, unit_price: 1250, unit: saleUnit('Egg Sales'), description: null, date: today });
  });

  it('says what is wrong per field and makes no body', () => {
    const empty = validateSale(eggSale({ flockId: '', category: '', product: '', unitPrice: '' }), today, true);
    expect(empty.body).toBeUndefined();
    expect(Object.keys(empty.errors)).toEqual(expect.arrayContaining(['flock_id', 'category', 'product', 'unit_price']));

    // Crates are whole, said at once even while other fields are wrong.
    expect(validateSale(eggSale({ quantity: '2.5', product: '' }), today, true).errors.quantity).toBe(saleQuantityProblem('Egg Sales', 2.5));
  });

  it('checks the date window only when asked (an edit keeps an old date)', () => {
    const old = eggSale({ date: shiftDay(today, -400) });
    expect(validateSale(old, today, true).errors.date).toBe(saleMessages.dateOutsideWindow);
    expect(validateSale(old, today, false).errors.date).toBeUndefined();
  });

  it('sends only the fields an edit changed', () => {
    const sale = {
      flock_id: 7,
      category: 'Egg Sales',
      product: 'Eggs (crate of 30)',
      description: null,
      quantity: 4,
      unit: saleUnit('Egg Sales'),
      unit_price_cents: 45_000,
      date: `${today}T00:00:00.000Z`,
      sale_type: 'Cash',
      status: 'paid',
    } as unknown as Sale;
    const { body } = validateSale(eggSale({ quantity: '5', status: 'pending', saleType: 'Credit' }), today, true);
    expect(changedFields(sale, body!)).toEqual({ quantity: 5, sale_type: 'Credit', status: 'pending' });
  });
});

describe('a bird sale in the form (decision 072)', () => {
  const birds = (overrides: Partial<SaleValues> = {}) => eggSale({ category: 'Live Birds', product: 'Broilers', quantity: '40', unitPrice: '600', ...overrides });

  it('sells by the bird, the weight optional', () => {
    expect(validateSale(birds(), today, true).body).toMatchObject({ unit: 'Birds', quantity: 40 });
    expect(validateSale(birds({ weightKg: '86.4' }), today, true).body).toMatchObject({ unit: 'Birds', weight_kg: 86.4 });
    expect(validateSale(birds({ quantity: '2.5' }), today, true).errors.quantity).toBe(saleMessages.quantityWhole('Birds'));
    expect(validateSale(birds({ weightKg: '0.4' }), today, true).errors.weight_kg).toBe(birdSaleMessages.averageOutOfRange);
    expect(birdsLeaving(birds())).toBe(40);
  });

  it('sells by the kilo, asking the birds', () => {
    expect(validateSale(birds({ unit: 'Kg', quantity: '84.5' }), today, true).errors.birds).toBe(birdSaleMessages.birdsRequired);
    expect(validateSale(birds({ unit: 'Kg', quantity: '84.5', birds: '40' }), today, true).body).toMatchObject({ unit: 'Kg', quantity: 84.5, birds: 40 });
    expect(birdsLeaving(birds({ unit: 'Kg', quantity: '84.5', birds: '40' }))).toBe(40);
    expect(birdsLeaving(eggSale())).toBeNull();
  });

  it('opens a stored bird sale with its birds and sends what changed of them', () => {
    const sale = {
      flock_id: 7,
      category: 'Live Birds',
      product: 'Broilers',
      description: null,
      quantity: 84.5,
      unit: 'Kg',
      birds: 40,
      weight_kg: 84.5,
      unit_price_cents: 29_000,
      date: `${today}T00:00:00.000Z`,
      sale_type: 'Cash',
      status: 'paid',
    } as unknown as Sale;
    const values = initialValues(sale, [], today, 1);
    expect(values).toMatchObject({ unit: 'Kg', birds: '40', weightKg: '' });
    const { body } = validateSale({ ...values, birds: '42' }, today, true);
    expect(changedFields(sale, body!)).toEqual({ birds: 42 });
  });
});
