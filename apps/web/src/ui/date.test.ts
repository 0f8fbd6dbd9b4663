import { describe, expect, it } from 'vitest';
import { createFarmDates } from './date';

describe('createFarmDates', () => {
  it("writes the farm's day and time, whatever the phone's zone", () => {
    const instant = '2026-03-05T22:05:00.000Z';
    expect(createFarmDates('Africa/Nairobi').dateTime(instant)).toBe('06 Mar 2026 01:05');
    expect(createFarmDates('America/New_York').date(instant)).toBe('05 Mar 2026');
  });

  it('writes every month in three letters and leaves a bad date blank', () => {
    const dates = createFarmDates('Africa/Nairobi');
    expect(dates.date('2026-09-01T09:00:00.000Z')).toBe('01 Sep 2026');
    expect(dates.dateTime('not a date')).toBe('');
  });
});
