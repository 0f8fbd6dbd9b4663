import { describe, expect, it } from 'vitest';
import { birdSaleMessages as b, birdsOfSale } from './bird-sales-rules.js';
import { createSaleSchema, updateSaleSchema } from './sales.js';
import { isBirdSale, saleMessages, saleQuantityProblem, saleUnit } from './sales-rules.js';

function messageOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) {
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

const sale = {
  flock_id: 1,
  category: 'Live Birds',
  product: 'Broilers',
  quantity: 40,
  unit_price: 600,
  date: '2026-12-01',
  sale_type: 'Cash',
  status: 'paid',
};

describe('bird sales (decision 072)', () => {
  it('knows the bird categories and their units', () => {
    expect(['Live Birds', 'Dressed Birds', 'Culled Hens'].every(isBirdSale)).toBe(true);
    expect(isBirdSale('Chicks')).toBe(false);
    expect(saleUnit('Live Birds')).toBe('Birds');
    expect(saleUnit('Live Birds', 'kg')).toBe('Kg');
    expect(saleUnit('Dressed Birds', ' KGS ')).toBe('Kg');
    expect(saleUnit('Culled Hens', 'Trays')).toBe('Birds');
  });

  it('counts birds whole by the bird, kilos to 3 decimals by the kilo', () => {
    expect(saleQuantityProblem('Live Birds', 2.5)).toBe(saleMessages.quantityWhole('Birds'));
    expect(saleQuantityProblem('Live Birds', 2.5, 'Kg')).toBeNull();
    expect(saleQuantityProblem('Live Birds', 2.1234, 'Kg')).toBe(saleMessages.quantityDecimals);
  });

  it('takes the quantity as birds by the bird, with an optional weight', () => {
    expect(birdsOfSale({ category: 'Live Birds', quantity: 40 })).toEqual({ ok: true, value: { birds: 40, weightKg: null } });
    expect(birdsOfSale({ category: 'Live Birds', quantity: 40, weight_kg: 86.4 })).toEqual({ ok: true, value: { birds: 40, weightKg: 86.4 } });
    // 'birds' sent with a sale by the bird is the quantity's, whatever it says.
    expect(birdsOfSale({ category: 'Culled Hens', quantity: 10, birds: 3 })).toEqual({ ok: true, value: { birds: 10, weightKg: null } });
  });

  it('takes the quantity as kilos by the kilo, and asks the birds', () => {
    expect(birdsOfSale({ category: 'Live Birds', unit: 'Kg', quantity: 86.4, birds: 40 })).toEqual({ ok: true, value: { birds: 40, weightKg: 86.4 } });
    expect(birdsOfSale({ category: 'Live Birds', unit: 'Kg', quantity: 86.4 })).toEqual({ ok: false, field: 'birds', message: b.birdsRequired });
    expect(birdsOfSale({ category: 'Live Birds', unit: 'Kg', quantity: 86.4, birds: 2.5 })).toMatchObject({ ok: false, field: 'birds', message: b.birdsWhole });
    expect(birdsOfSale({ category: 'Live Birds', unit: 'Kg', quantity: 86.4, birds: 0 })).toMatchObject({ ok: false, field: 'birds', message: b.birdsWhole });
  });

  it('refuses a weight no bird has: under 20 g or over 10 kg a bird', () => {
    // 40 birds of 1,000 kg: 25 kg a bird.
    expect(birdsOfSale({ category: 'Live Birds', unit: 'Kg', quantity: 1000, birds: 40 })).toMatchObject({ ok: false, field: 'birds', message: b.averageOutOfRange });
    expect(birdsOfSale({ category: 'Live Birds', quantity: 40, weight_kg: 0.5 })).toMatchObject({ ok: false, field: 'weight_kg', message: b.averageOutOfRange });
    expect(birdsOfSale({ category: 'Live Birds', quantity: 40, weight_kg: 0 })).toMatchObject({ ok: false, field: 'weight_kg', message: b.weightInvalid });
    expect(birdsOfSale({ category: 'Live Birds', quantity: 40, weight_kg: 80.1234 })).toMatchObject({ ok: false, field: 'weight_kg', message: b.weightInvalid });
  });

  it('says nothing of the birds of a sale of no birds', () => {
    expect(birdsOfSale({ category: 'Egg Sales', quantity: 3, birds: 9, weight_kg: 2 })).toEqual({ ok: true, value: null });
  });

  it('checks the birds and weight in the schemas', () => {
    expect(createSaleSchema.safeParse(sale).success).toBe(true);
    expect(messageOf(createSaleSchema.safeParse({ ...sale, unit: 'Kg', quantity: 86.4 }), 'birds')).toBe(b.birdsRequired);
    expect(createSaleSchema.parse({ ...sale, unit: 'Kg', quantity: 86.4, birds: 40 })).toMatchObject({ birds: 40, quantity: 86.4 });
    expect(messageOf(createSaleSchema.safeParse({ ...sale, weight_kg: 'heavy' }), 'weight_kg')).toBe(b.weightInvalid);
    expect(messageOf(createSaleSchema.safeParse({ ...sale, quantity: 2.5 }), 'quantity')).toBe(saleMessages.quantityWhole('Birds'));
    expect(messageOf(updateSaleSchema.safeParse({ category: 'Live Birds', unit: 'Kg', quantity: 80 }), 'birds')).toBe(b.birdsRequired);
  });
});
