import { describe, expect, it } from 'vitest';
import {
  createEggAdjustmentSchema,
  createEggProductionSchema,
  listEggAdjustmentsQuerySchema,
  listEggProductionsQuerySchema,
  updateEggAdjustmentSchema,
  updateEggProductionSchema,
} from './eggs.js';
import { dayIn, isCalendarDay, looksLikeDay, parseDay } from './common/dates.js';
import {
  adjustmentEggs,
  adjustmentNumber,
  availableEggStock,
  averageEggsPerDay,
  averageTraysPerDay,
  eggMessages,
  eggsFromTrays,
  isValidTrayEntry,
  layingRate,
  MAX_EGGS_PER_DAY,
  toTrays,
  traysText,
  eggsPastBirds,
} from './eggs-rules.js';

const NAIROBI = 'Africa/Nairobi';

/** The message of the first issue on `field`, or undefined when the field passed. */
function messageOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) {
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('trays and remainder (docs/product.md §9: 30 eggs a tray)', () => {
  it.each([
    [0, 0, 0],
    [29, 0, 29],
    [30, 1, 0],
    [31, 1, 1],
    [365, 12, 5],
    [MAX_EGGS_PER_DAY, 333_333, 10],
  ])('%i eggs are %i trays and %i eggs', (eggs, trays, remainder) => {
    expect(toTrays(eggs)).toEqual({ trays, eggs: remainder });
    expect(eggsFromTrays(trays, remainder)).toBe(eggs);
  });

  it('takes whole trays from 0 and a remainder of 0 to 29, within a day’s maximum', () => {
    expect(isValidTrayEntry(0, 0)).toBe(true);
    expect(isValidTrayEntry(12, 29)).toBe(true);
    expect(isValidTrayEntry(333_333, 10)).toBe(true);
    for (const [trays, remainder] of [
      [12, 30],
      [0, 30],
      [-1, 0],
      [0, -1],
      [1.5, 0],
      [1, 2.5],
      [Number.NaN, 0],
      [Number.POSITIVE_INFINITY, 0],
      [333_333, 11],
      [400_000, 0],
    ] as const) {
      expect(isValidTrayEntry(trays, remainder), `${trays} trays + ${remainder}`).toBe(false);
    }
  });

  it.each([
    [0, '0 trays + 0 eggs'],
    [1, '0 trays + 1 egg'],
    [30, '1 tray + 0 eggs'],
    [31, '1 tray + 1 egg'],
    [365, '12 trays + 5 eggs'],
    [150_000, '5,000 trays + 0 eggs'],
  ])('writes %i eggs as "%s"', (eggs, text) => {
    expect(traysText(eggs)).toBe(text);
  });

  it('warns of a day with more eggs than the flock has birds, not of one egg a bird', () => {
    expect(eggsPastBirds(253, 252)).toBe(true);
    expect(eggsPastBirds(252, 252)).toBe(false);
    expect(eggsPastBirds(0, 0)).toBe(false);
  });
});

describe('adjustments and stock', () => {
  it('counts crates as 30 eggs and shows them back in the unit they were entered in', () => {
    expect(adjustmentEggs(4, 'crates')).toBe(120);
    expect(adjustmentEggs(4, 'eggs')).toBe(4);
    expect(adjustmentNumber(120, 'crates')).toBe(4);
    expect(adjustmentNumber(120, 'eggs')).toBe(120);
  });

  it('is this month’s production less egg-sale crates × 30 less adjustments, never below 0', () => {
    expect(availableEggStock(1_000, 0, 0)).toBe(1_000);
    expect(availableEggStock(1_000, 10, 50)).toBe(650);
    expect(availableEggStock(1_000, 30, 100)).toBe(0);
    expect(availableEggStock(100, 0, 250)).toBe(0);
    expect(availableEggStock(0, 5, 0)).toBe(0);
  });
});

describe('averages and laying rate', () => {
  it('rounds eggs over production days, 0 without days', () => {
    expect(averageEggsPerDay(100, 3)).toBe(33);
    expect(averageEggsPerDay(101, 2)).toBe(51);
    expect(averageEggsPerDay(5, 2)).toBe(3);
    expect(averageEggsPerDay(500, 0)).toBe(0);
    expect(averageEggsPerDay(0, 0)).toBe(0);
  });

  it('gives trays a day to one decimal, 0 without days', () => {
    expect(averageTraysPerDay(900, 3)).toBe(10);
    expect(averageTraysPerDay(100, 3)).toBe(1.1);
    expect(averageTraysPerDay(95, 2)).toBe(1.6);
    expect(averageTraysPerDay(100, 0)).toBe(0);
  });

  it('is eggs over hen-days in percent, one decimal, null without birds or days', () => {
    expect(layingRate(80, 100, 1)).toBe(80);
    expect(layingRate(2_500, 100, 30)).toBe(83.3);
    expect(layingRate(1, 3, 1)).toBe(33.3);
    expect(layingRate(10, 0, 5)).toBeNull();
    expect(layingRate(10, 100, 0)).toBeNull();
    expect(layingRate(0, -5, 3)).toBeNull();
  });
});

describe("days in the farm's time zone", () => {
  it.each([
    ['2026-11-23T21:30:00.000Z', '2026-11-24'],
    ['2026-11-23T20:59:59.999Z', '2026-11-23'],
    ['2026-11-30T21:00:00Z', '2026-12-01'],
    ['2026-12-31T21:00:00.000Z', '2027-01-01'],
    ['2026-12-31T20:59:00Z', '2026-12-31'],
    ['2028-02-28T21:00:00Z', '2028-02-29'],
    ['2026-02-28T21:00:00Z', '2026-03-01'],
  ])('%s falls on %s in Nairobi', (instant, day) => {
    expect(dayIn(new Date(instant), NAIROBI)).toBe(day);
    expect(parseDay(instant, NAIROBI)).toBe(day);
  });

  it('reads an instant in the zone it is given, offsets included', () => {
    expect(parseDay('2026-11-23T21:30:00Z', 'UTC')).toBe('2026-11-23');
    expect(parseDay('2026-11-24T00:30:00+03:00', NAIROBI)).toBe('2026-11-24');
    expect(parseDay('2026-11-24T00:30:00+0300', 'UTC')).toBe('2026-11-23');
    expect(parseDay('2026-11-23T23:00', NAIROBI)).toBeNull();
  });

  it('takes a plain day as it is, spaces around ignored', () => {
    expect(parseDay('2026-11-24', NAIROBI)).toBe('2026-11-24');
    expect(parseDay(' 2026-02-28 ', NAIROBI)).toBe('2026-02-28');
    expect(parseDay('2028-02-29', NAIROBI)).toBe('2028-02-29');
  });

  it.each([
    '2026-02-30',
    '2026-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-01-32',
    '2026-02-30T10:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-11-24T25:00:00Z',
    '1899-12-31',
    '26-11-24',
    '2026/11/24',
    '24-11-2026',
    '2026-11-24 10:00:00',
    '2026-1-1',
    'today',
    'Invalid Date',
    '',
    ' ',
    '1e12',
    '２０２６-１１-２４',
  ])('refuses %j', (text) => {
    expect(parseDay(text, NAIROBI)).toBeNull();
    expect(looksLikeDay(text)).toBe(false);
  });

  it('knows the days of the calendar', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('9999-12-31')).toBe(true);
    expect(isCalendarDay('2026-11-24T00:00:00Z')).toBe(false);
  });
});

describe('createEggProductionSchema', () => {
  const good = { flock_id: 3, date_produced: '2026-11-24', eggs_collected: 365 };

  it('takes the product’s body, the price per egg in shillings turned into cents, 0 by default', () => {
    expect(createEggProductionSchema.parse(good)).toEqual({ ...good, price_per_unit: 0 });
    expect(createEggProductionSchema.parse({ ...good, price_per_unit: '12.50' }).price_per_unit).toBe(1_250);
    expect(createEggProductionSchema.parse({ ...good, price_per_unit: 12.5 }).price_per_unit).toBe(1_250);
    expect(createEggProductionSchema.parse({ ...good, date_produced: '2026-11-23T21:00:00.000Z' }).date_produced).toBe('2026-11-23T21:00:00.000Z');
    expect(createEggProductionSchema.parse({ ...good, flock_id: '3' }).flock_id).toBe(3);
  });

  it('takes the names docs/product.md also uses: flockId and eggsCollected, the usual name winning', () => {
    expect(createEggProductionSchema.parse({ flockId: 3, dateProduced: '2026-11-24', eggsCollected: 40 })).toMatchObject({
      flock_id: 3,
      date_produced: '2026-11-24',
      eggs_collected: 40,
    });
    expect(createEggProductionSchema.parse({ ...good, flockId: 9, eggsCollected: 1 })).toMatchObject({ flock_id: 3, eggs_collected: 365 });
  });

  it.each([
    [{ flock_id: undefined }, 'flock_id', eggMessages.selectFlock],
    [{ flock_id: 0 }, 'flock_id', eggMessages.selectFlock],
    [{ flock_id: 'abc' }, 'flock_id', eggMessages.selectFlock],
    [{ date_produced: undefined }, 'date_produced', eggMessages.dateRequired],
    [{ date_produced: '' }, 'date_produced', eggMessages.dateRequired],
    [{ date_produced: '  ' }, 'date_produced', eggMessages.dateRequired],
    [{ date_produced: '2026-02-30' }, 'date_produced', eggMessages.dateInvalid],
    [{ date_produced: '2026-13-01' }, 'date_produced', eggMessages.dateInvalid],
    [{ date_produced: 'yesterday' }, 'date_produced', eggMessages.dateInvalid],
    [{ date_produced: 20261124 }, 'date_produced', eggMessages.dateInvalid],
    [{ eggs_collected: undefined }, 'eggs_collected', eggMessages.eggsRequired],
    [{ eggs_collected: null }, 'eggs_collected', eggMessages.eggsRequired],
    [{ eggs_collected: '' }, 'eggs_collected', eggMessages.eggsRequired],
    [{ eggs_collected: '12' }, 'eggs_collected', eggMessages.eggsInvalid],
    [{ eggs_collected: -1 }, 'eggs_collected', eggMessages.eggsInvalid],
    [{ eggs_collected: 12.5 }, 'eggs_collected', eggMessages.eggsInvalid],
    [{ eggs_collected: MAX_EGGS_PER_DAY + 1 }, 'eggs_collected', eggMessages.eggsTooMany],
    [{ eggs_collected: 1e21 }, 'eggs_collected', eggMessages.eggsTooMany],
    [{ price_per_unit: -1 }, 'price_per_unit', undefined],
    [{ price_per_unit: '1.234' }, 'price_per_unit', undefined],
  ])('refuses %j on %s', (change, field, message) => {
    const result = createEggProductionSchema.safeParse({ ...good, ...change });
    expect(result.success).toBe(false);
    if (message) expect(messageOf(result, field)).toBe(message);
    else expect(messageOf(result, field)).toEqual(expect.any(String));
  });

  it('accepts the edges: 0 eggs and the day’s maximum', () => {
    expect(createEggProductionSchema.safeParse({ ...good, eggs_collected: 0 }).success).toBe(true);
    expect(createEggProductionSchema.safeParse({ ...good, eggs_collected: MAX_EGGS_PER_DAY }).success).toBe(true);
  });

  it('refuses a body that is no object', () => {
    for (const body of [null, 'x', [good], 3]) expect(createEggProductionSchema.safeParse(body).success).toBe(false);
  });

  it('edits without a flock (read-only) and keeps the price when none is sent', () => {
    const parsed = updateEggProductionSchema.parse({ ...good, flock_id: 99 });
    expect(parsed).toEqual({ date_produced: '2026-11-24', eggs_collected: 365 });
    expect(updateEggProductionSchema.parse({ ...good, price_per_unit: '0.5' }).price_per_unit).toBe(50);
  });
});

describe('createEggAdjustmentSchema', () => {
  const good = { flock_id: 3, adjustment_type: 'breakage', eggs_adjusted: 12, date_adjusted: '2026-11-24', notes: 'Dropped a tray' };

  it('takes the number in eggs by default, any case of the type, notes trimmed', () => {
    expect(createEggAdjustmentSchema.parse({ ...good, adjustment_type: 'Breakage', notes: '  dropped  ' })).toEqual({
      ...good,
      unit: 'eggs',
      notes: 'dropped',
    });
    expect(createEggAdjustmentSchema.parse({ ...good, adjustment_type: ' GIVEAWAY ' }).adjustment_type).toBe('giveaway');
    expect(createEggAdjustmentSchema.parse({ ...good, unit: 'Crates', eggs_adjusted: 2 })).toMatchObject({ unit: 'crates', eggs_adjusted: 2 });
    expect(createEggAdjustmentSchema.parse({ ...good, notes: null }).notes).toBeNull();
    const { notes: _notes, ...noNotes } = good;
    expect(createEggAdjustmentSchema.parse(noNotes).notes).toBeUndefined();
  });

  it('takes the aliases flockId, adjustmentType, eggsAdjusted and dateAdjusted', () => {
    expect(createEggAdjustmentSchema.parse({ flockId: 3, adjustmentType: 'consumption', eggsAdjusted: 5, dateAdjusted: '2026-11-24' })).toMatchObject({
      flock_id: 3,
      adjustment_type: 'consumption',
      eggs_adjusted: 5,
      date_adjusted: '2026-11-24',
    });
  });

  it.each([
    [{ flock_id: undefined }, 'flock_id'],
    [{ flock_id: '' }, 'flock_id'],
    [{ adjustment_type: undefined }, 'adjustment_type'],
    [{ adjustment_type: '' }, 'adjustment_type'],
    [{ date_adjusted: undefined }, 'date_adjusted'],
    [{ date_adjusted: '' }, 'date_adjusted'],
    [{ eggs_adjusted: undefined }, 'eggs_adjusted'],
    [{ eggs_adjusted: 0 }, 'eggs_adjusted'],
    [{ eggs_adjusted: -3 }, 'eggs_adjusted'],
  ])('asks to fill all required fields for %j', (change, field) => {
    const result = createEggAdjustmentSchema.safeParse({ ...good, ...change });
    expect(messageOf(result, field)).toBe(eggMessages.fillAllRequired);
  });

  it.each([
    [{ adjustment_type: 'theft' }, 'adjustment_type', eggMessages.typeInvalid],
    [{ adjustment_type: 3 }, 'adjustment_type', eggMessages.typeInvalid],
    [{ unit: 'trays' }, 'unit', eggMessages.unitInvalid],
    [{ unit: 'crates', eggs_adjusted: 1.5 }, 'eggs_adjusted', eggMessages.numberWhole],
    [{ eggs_adjusted: 2.5 }, 'eggs_adjusted', eggMessages.numberWhole],
    [{ eggs_adjusted: '12' }, 'eggs_adjusted', eggMessages.numberWhole],
    [{ eggs_adjusted: 300_001 }, 'eggs_adjusted', eggMessages.numberTooLarge],
    [{ eggs_adjusted: 1e21, unit: 'crates' }, 'eggs_adjusted', eggMessages.numberTooLarge],
    [{ date_adjusted: '2026-02-30' }, 'date_adjusted', eggMessages.dateInvalid],
    [{ date_adjusted: '2026-13-01' }, 'date_adjusted', eggMessages.dateInvalid],
    [{ notes: 'x'.repeat(501) }, 'notes', eggMessages.notesTooLong],
  ])('refuses %j on %s with its message', (change, field, message) => {
    expect(messageOf(createEggAdjustmentSchema.safeParse({ ...good, ...change }), field)).toBe(message);
  });

  it('edits with "at least 1" for a number of 0, the flock read-only', () => {
    const { flock_id: _flock, ...body } = good;
    expect(messageOf(updateEggAdjustmentSchema.safeParse({ ...body, eggs_adjusted: 0 }), 'eggs_adjusted')).toBe(eggMessages.numberMin);
    expect(messageOf(updateEggAdjustmentSchema.safeParse({ ...body, eggs_adjusted: -1 }), 'eggs_adjusted')).toBe(eggMessages.numberMin);
    expect(messageOf(updateEggAdjustmentSchema.safeParse({ ...body, eggs_adjusted: undefined }), 'eggs_adjusted')).toBe(eggMessages.fillAllRequired);
    expect(updateEggAdjustmentSchema.parse({ ...good, flock_id: 99 })).not.toHaveProperty('flock_id');
  });
});

describe('list queries', () => {
  it('sort by date, newest first, 10 a page by default', () => {
    expect(listEggProductionsQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10, sort: 'date', order: 'desc' });
    expect(listEggAdjustmentsQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10, sort: 'date', order: 'desc' });
  });

  it('take the columns, a flock and a type, and refuse others', () => {
    expect(listEggProductionsQuerySchema.parse({ sort: 'revenue', order: 'ASC', flock_id: '4', page: '2' })).toMatchObject({
      sort: 'revenue',
      order: 'asc',
      flock_id: 4,
      page: 2,
    });
    expect(listEggAdjustmentsQuerySchema.parse({ adjustment_type: 'Breakage' }).adjustment_type).toBe('breakage');
    expect(listEggProductionsQuerySchema.safeParse({ sort: 'type' }).success).toBe(false);
    expect(listEggAdjustmentsQuerySchema.safeParse({ sort: 'revenue' }).success).toBe(false);
    expect(messageOf(listEggAdjustmentsQuerySchema.safeParse({ adjustment_type: 'theft' }), 'adjustment_type')).toBe(eggMessages.typeInvalid);
    expect(messageOf(listEggProductionsQuerySchema.safeParse({ flock_id: 'x' }), 'flock_id')).toBe(eggMessages.selectFlock);
  });
});
