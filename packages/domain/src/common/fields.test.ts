import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { createFlockSchema, listFlocksQuerySchema, updateFlockSchema } from '../flocks.js';
import { createVaccinationSchema, updateVaccinationSchema } from '../vaccinations.js';
import { enumField, idField, idParamsSchema } from './fields.js';
import { listQuerySchema, pageSchema } from './pagination.js';

describe('enumField', () => {
  const category = enumField(['Egg Sales', 'Layer Mash'], 'Please select a category.', { 'Layers Mash': 'Layer Mash' });

  it('accepts any case and spaces around, and answers the canonical value', () => {
    for (const input of ['Egg Sales', 'egg sales', 'EGG SALES', '  Egg sales ']) expect(category.parse(input)).toBe('Egg Sales');
  });

  it('maps an alias to its canonical value', () => {
    expect(category.parse('layers mash')).toBe('Layer Mash');
  });

  it('refuses anything else with the field message', () => {
    for (const input of ['Eggs', 'Egg  Sales', 'Ｅｇｇ Sales', 'Egg Sales\u200b', '', 3, null, undefined, ['Egg Sales']]) {
      const result = category.safeParse(input);
      expect(result.success, String(input)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Please select a category.');
    }
  });
});

describe("the product's capitalised values", () => {
  const flock = { name: 'House A', breed: 'layers', age: 3, initial_bird_count: 10, bird_count: 10 };

  it('a flock status in any case becomes the stored lower-case form', () => {
    for (const status of ['Active', 'ACTIVE', 'active']) expect(createFlockSchema.parse({ ...flock, status }).status).toBe('active');
    expect(createFlockSchema.parse({ ...flock, status: 'Chicks' })).toMatchObject({ breed: 'Layers', status: 'chicks' });
    expect(updateFlockSchema.parse({ status: 'Mature' }).status).toBe('mature');
    expect(updateFlockSchema.parse({ bird_count: 3, reason: 'Mortality' }).reason).toBe('mortality');
    expect(listFlocksQuerySchema.parse({ status: 'Archived', order: 'DESC' })).toMatchObject({ status: 'archived', order: 'desc' });
  });

  it('vaccination status and mode in any case become their product spelling', () => {
    expect(updateVaccinationSchema.parse({ status: 'completed' }).status).toBe('Completed');
    expect(
      createVaccinationSchema.parse({ vaccine_name: 'Gumboro', date: '2026-01-01 08:00:00', status: 'PENDING', mode_of_administration: 'wing WEB' }),
    ).toMatchObject({ status: 'Pending', mode_of_administration: 'Wing web' });
  });
});

describe('idField and idParamsSchema', () => {
  it('takes a positive 32-bit integer from a path segment', () => {
    expect(idParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
  });

  it('refuses the rest with its message', () => {
    for (const id of ['0', '-1', '1.5', 'abc', '2147483648', '1e3x']) {
      expect(idField('Unknown flock.').safeParse(id).error?.issues[0]?.message, id).toBe('Unknown flock.');
    }
  });
});

describe('listQuerySchema and pageSchema', () => {
  const query = listQuerySchema(['date', 'amount'], { paid: z.optional(z.stringbool()) });

  it('defaults to the first sortable column, page 1 of 10, ascending', () => {
    expect(query.parse({})).toEqual({ page: 1, pageSize: 10, order: 'asc', sort: 'date' });
    expect(query.parse({ page: '3', sort: 'amount', paid: 'true', q: ' eggs ' })).toMatchObject({ page: 3, sort: 'amount', paid: true, q: 'eggs' });
  });

  it('refuses a column that is not sortable and a page size above the maximum', () => {
    expect(query.safeParse({ sort: 'farm_id' }).success).toBe(false);
    expect(query.safeParse({ pageSize: '101' }).success).toBe(false);
  });

  it('describes a page of items', () => {
    const page = pageSchema(z.object({ id: z.number() }));
    expect(page.parse({ items: [{ id: 1 }], total: 1, page: 1, pageSize: 10 })).toEqual({ items: [{ id: 1 }], total: 1, page: 1, pageSize: 10 });
    expect(page.safeParse({ items: [{ id: '1' }], total: 1, page: 1, pageSize: 10 }).success).toBe(false);
  });
});
