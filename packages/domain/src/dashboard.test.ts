import { describe, expect, it } from 'vitest';
import { greeting, greetingName } from './dashboard-rules.js';

describe('dashboard greeting (SPEC §2), in the farm time zone', () => {
  it.each([
    ['2026-11-22T08:59:00Z', 'Good Morning'], // 11:59 in Nairobi
    ['2026-11-22T09:00:00Z', 'Good Afternoon'], // 12:00
    ['2026-11-22T14:59:00Z', 'Good Afternoon'], // 17:59
    ['2026-11-22T15:00:00Z', 'Good Evening'], // 18:00
    ['2026-11-22T21:30:00Z', 'Good Morning'], // 00:30 next day
  ])('%s is %s in Africa/Nairobi', (instant, expected) => {
    expect(greeting(new Date(instant), 'Africa/Nairobi')).toBe(expected);
  });

  it('uses the zone given, not the machine zone', () => {
    expect(greeting(new Date('2026-11-22T09:00:00Z'), 'UTC')).toBe('Good Morning');
  });

  it("falls back to 'Guest'", () => {
    expect(greetingName('jane')).toBe('jane');
    expect(greetingName('')).toBe('Guest');
    expect(greetingName(undefined)).toBe('Guest');
  });
});
