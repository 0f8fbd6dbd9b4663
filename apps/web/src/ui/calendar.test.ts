import { describe, expect, it } from 'vitest';
import { formatCount, longDay, monthAbbreviation, monthText, shortDay, shortMonthText } from './calendar';

describe('calendar days and counts as the record screens show them', () => {
  it('reads a day as text, whatever the zone', () => {
    expect(shortDay('2026-11-05')).toBe('05 Nov');
    expect(longDay('2026-01-31')).toBe('31 Jan 2026');
  });

  it('names months long, short and abbreviated, and leaves a bad month as it is', () => {
    expect(monthText('2026-03')).toBe('March 2026');
    expect(shortMonthText('2026-12')).toBe('Dec 2026');
    expect(monthAbbreviation('2026-09')).toBe('Sep');
    expect(monthText('2026-13')).toBe('2026-13');
  });

  it('groups counts as en-KE does', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});
