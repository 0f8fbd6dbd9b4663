import { describe, expect, it } from 'vitest';
import { createVaccinationSchema } from './vaccinations.js';
import {
  dayLabel,
  dueState,
  fromApiDateTime,
  isFutureCompleted,
  selectModeFor,
  STANDARD_SCHEDULE,
  standardScheduleDate,
  toApiDateTime,
  vaccinationMessages,
} from './vaccinations-rules.js';

describe('standard schedule (docs/product.md §9)', () => {
  it('lists the vaccines by day of age with their usual modes', () => {
    expect(STANDARD_SCHEDULE.map((e) => [e.day, e.vaccine, e.mode])).toEqual([
      [1, 'Mareks', '1m'],
      [6, 'Newcastle and Infectious Bronchitis', 'Drinking Water'],
      [14, 'Gumboro', 'Drinking Water'],
      [21, 'Gumboro', 'Drinking Water'],
      [28, 'Newcastle and Infectious Bronchitis', 'Drinking Water'],
      [42, 'Fowl Pox', 'Wing Stab'],
      [56, 'Fowl Typhoid', 'Thigh Muscle'],
      [126, 'Dewormer', 'Drinking Water'],
    ]);
  });

  it('dates an entry the flock creation date plus (day − 1) days', () => {
    const created = new Date('2026-03-01T06:00:00Z');
    expect(standardScheduleDate(created, 1).toISOString()).toBe('2026-03-01T06:00:00.000Z');
    expect(standardScheduleDate(created, 14).toISOString()).toBe('2026-03-14T06:00:00.000Z');
  });

  it.each([
    [1, 'Day 1'],
    [7, 'Day 7'],
    [8, 'Week 2'],
    [14, 'Week 2'],
    [30, 'Week 5'],
    [31, 'Month 2'],
    [126, 'Month 5'],
  ])('labels day %i as %s', (day, label) => {
    expect(dayLabel(day)).toBe(label);
  });

  it('asks for a mode per vaccine in the productâs words', () => {
    expect(selectModeFor('Gumboro')).toBe('Please select mode of administration for Gumboro');
  });
});

describe('dates and states', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('colours due dates: overdue, within 7 days, later; done when not pending', () => {
    expect(dueState(new Date('2026-11-21T12:00:00Z'), 'Pending', now)).toBe('overdue');
    expect(dueState(new Date('2026-11-29T12:00:00Z'), 'Pending', now)).toBe('due_soon');
    expect(dueState(new Date('2026-11-29T12:00:01Z'), 'Pending', now)).toBe('upcoming');
    expect(dueState(new Date('2026-11-21T12:00:00Z'), 'Completed', now)).toBe('done');
  });

  it("travels as 'yyyy-MM-dd HH:mm:ss' in UTC, and refuses impossible dates", () => {
    expect(toApiDateTime(new Date('2026-11-22T09:05:03.250Z'))).toBe('2026-11-22 09:05:03');
    expect(fromApiDateTime('2026-11-22 09:05:03')?.toISOString()).toBe('2026-11-22T09:05:03.000Z');
    for (const bad of ['2026-02-30 10:00:00', '2026-11-22T09:05:03', '2026-11-22', '2026-11-22 25:00:00']) {
      expect(fromApiDateTime(bad)).toBeNull();
    }
  });

  it('allows only Pending in the future', () => {
    expect(isFutureCompleted(new Date('2026-11-23T00:00:00Z'), 'Completed', now)).toBe(true);
    expect(isFutureCompleted(new Date('2026-11-23T00:00:00Z'), 'Pending', now)).toBe(false);
    expect(isFutureCompleted(new Date('2026-11-21T00:00:00Z'), 'Completed', now)).toBe(false);
  });

  it('needs a mode from the modal list', () => {
    const result = createVaccinationSchema.safeParse({ vaccine_name: 'X', date: '2026-11-22 10:00:00', status: 'Pending', mode_of_administration: '' });
    expect(result.error?.issues[0]?.message).toBe(vaccinationMessages.selectMode);
  });
});
