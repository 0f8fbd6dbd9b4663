import { describe, expect, it } from 'vitest';
import { dayText, instantDateTimeText, instantDayText } from './day-text.js';
import { monthText, shortDayText, shortMonthText } from './month-text.js';

describe('the one date style', () => {
  it('writes a calendar day as DD MMM YYYY, every month in three letters', () => {
    expect(dayText('2026-03-05')).toBe('05 Mar 2026');
    expect(dayText('2026-09-01')).toBe('01 Sep 2026');
    expect(shortDayText('2026-12-31')).toBe('31 Dec');
  });

  it('writes months whole or short', () => {
    expect(monthText('2026-11')).toBe('November 2026');
    expect(shortMonthText('2026-09')).toBe('Sep 2026');
  });

  it('leaves what is not a day as it came', () => {
    expect(dayText('soon')).toBe('soon');
    expect(monthText('2026-13')).toBe('2026-13');
  });

  it("places an instant on the farm's clock before writing it", () => {
    const late = new Date('2026-11-24T22:30:00Z');
    expect(instantDayText(late, 'Africa/Nairobi')).toBe('25 Nov 2026');
    expect(instantDayText(late, 'UTC')).toBe('24 Nov 2026');
    expect(instantDateTimeText(new Date('2026-03-05T22:05:00Z'), 'Africa/Nairobi')).toBe('06 Mar 2026 01:05');
    expect(instantDateTimeText(new Date('2026-03-05T00:05:00Z'), 'UTC')).toBe('05 Mar 2026 00:05');
    expect(instantDayText(new Date('nope'), 'UTC')).toBe('');
  });
});
