import { describe, expect, it } from 'vitest';
import { dashboardEggDays, dashboardWeekOfSlot, dashboardWeeks, greeting, greetingName, shouldShowTrialWelcome, trialDaysLeft } from './dashboard-rules.js';

describe('dashboard greeting (docs/product.md §2), in the farm time zone', () => {
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

describe('trial welcome (docs/product.md §4, §9)', () => {
  const ends = new Date('2026-12-01T10:00:00Z');

  it('counts days left rounded up', () => {
    expect(trialDaysLeft(ends, new Date('2026-11-30T10:00:00Z'))).toBe(1);
    expect(trialDaysLeft(ends, new Date('2026-11-30T10:00:01Z'))).toBe(1);
    expect(trialDaysLeft(ends, new Date('2026-11-29T09:59:59Z'))).toBe(3);
    expect(trialDaysLeft(ends, new Date('2026-11-01T10:00:00Z'))).toBe(30);
  });

  it('never counts below 0', () => {
    expect(trialDaysLeft(ends, ends)).toBe(0);
    expect(trialDaysLeft(ends, new Date('2026-12-05T00:00:00Z'))).toBe(0);
  });

  it('shows while the trial is active, once a day', () => {
    expect(shouldShowTrialWelcome(true, null, '2026-11-24')).toBe(true);
    expect(shouldShowTrialWelcome(true, '2026-11-23', '2026-11-24')).toBe(true);
    expect(shouldShowTrialWelcome(true, '2026-11-24', '2026-11-24')).toBe(false);
    expect(shouldShowTrialWelcome(false, null, '2026-11-24')).toBe(false);
    expect(shouldShowTrialWelcome(false, '2026-11-23', '2026-11-24')).toBe(false);
  });
});

describe('dashboard chart spans (docs/product.md §2)', () => {
  it('counts Week 1 to Week 4 from the 1st of the month, 7 days inclusive', () => {
    expect(dashboardWeeks('2026-11-24')).toEqual([
      { week: 1, start: '2026-11-01', end: '2026-11-07' },
      { week: 2, start: '2026-11-08', end: '2026-11-14' },
      { week: 3, start: '2026-11-15', end: '2026-11-21' },
      { week: 4, start: '2026-11-22', end: '2026-11-30' },
    ]);
  });

  it('runs the fourth week to the month’s end, so the four weeks hold every day of it', () => {
    expect(dashboardWeeks('2024-02-10')[3]).toEqual({ week: 4, start: '2024-02-22', end: '2024-02-29' });
    expect(dashboardWeeks('2026-12-31')[3]).toEqual({ week: 4, start: '2026-12-22', end: '2026-12-31' });
    expect([0, 6, 7, 27, 28, 30].map(dashboardWeekOfSlot)).toEqual([0, 0, 1, 3, 3, 3]);
  });

  it('gives the same weeks on the 1st and on the last day of the month', () => {
    expect(dashboardWeeks('2026-02-01')).toEqual(dashboardWeeks('2026-02-28'));
    expect(dashboardWeeks('2026-02-01')[3]).toEqual({ week: 4, start: '2026-02-22', end: '2026-02-28' });
  });

  it('takes the last 7 days, today last, across a month and a year', () => {
    expect(dashboardEggDays('2026-11-24')).toEqual([
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
    expect(dashboardEggDays('2027-01-03')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(dashboardEggDays('2026-03-01')[0]).toBe('2026-02-23');
  });
});
