import { describe, expect, it } from 'vitest';
import { expenseLine } from './expenses-rules.js';
import { clientRecordMessages, describeRecord, readCapturedAt, readRecordVersion } from './offline-rules.js';
import { saleLine } from './sales-rules.js';

describe('readRecordVersion', () => {
  it('reads an instant with its zone, as updated_at is answered', () => {
    expect(readRecordVersion('2026-12-07T05:00:00.123Z')?.toISOString()).toBe('2026-12-07T05:00:00.123Z');
    expect(readRecordVersion('2026-12-07T08:00:00.123+03:00')?.toISOString()).toBe('2026-12-07T05:00:00.123Z');
  });

  it.each(['', 'yesterday', '2026-12-07', '2026-12-07T05:00:00', '2026-13-45T99:00:00Z'])('refuses %j', (value) => {
    expect(readRecordVersion(value)).toBeNull();
  });
});

describe('readCapturedAt', () => {
  const now = new Date('2026-12-07T12:00:00Z');
  it('takes a time a little ahead, refuses one far ahead or long ago', () => {
    expect(readCapturedAt('2026-12-07T12:05:00Z', now)).toEqual({ at: new Date('2026-12-07T12:05:00Z') });
    expect(readCapturedAt('2026-12-07T13:00:00Z', now)).toEqual({ problem: clientRecordMessages.capturedInFuture });
    expect(readCapturedAt('2026-09-01T12:00:00Z', now)).toEqual({ problem: clientRecordMessages.capturedTooLongAgo });
  });
});

describe('the line that names a record', () => {
  it('is the same for the record as sent and as Kuku answers it, money as the app shows it', () => {
    expect(expenseLine({ date: '2026-12-07', description: 'Layers mash', amount: 7000 })).toEqual({ day: '2026-12-07', detail: 'Layers mash, Ksh\u00a07,000.00' });
    expect(saleLine({ date: '2026-12-07', product: 'Trays', quantity: 2, unit_price: 450, status: 'paid' }).detail).toBe('Trays 2 × Ksh\u00a0450.00 paid');
    expect(describeRecord('egg_production', { date_produced: '2026-12-07', eggs_collected: 300, updated_at: 'x' })).toBe('Egg production · 07 Dec 2026 · 300 eggs');
  });

  it('of an answer of another shape, names the kind only', () => {
    expect(describeRecord('expense', null)).toBe('Expense');
    expect(describeRecord('stock_removal', { id: 3 })).toBe('Stock removal');
  });
});
