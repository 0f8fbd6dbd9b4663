import { DATE_PARTS_LOCALE, DEFAULT_TIME_ZONE } from '@kuku/domain';
import { useMemo } from 'react';
import { useCurrentUser } from '../lib/current-user';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export interface FarmDates {
  /** '05 Mar 2026 14:05' in the farm's time zone. */
  dateTime: (value: string | Date) => string;
  /** '05 Mar 2026' in the farm's time zone (SPEC §2: DD MMM YYYY). */
  date: (value: string | Date) => string;
}

/**
 * Dates as the farm reads them, whatever the phone's own zone: the one date format of every
 * screen. The month comes from a fixed list: en-GB writes September 'Sept' in newer ICU data,
 * and the screens want three letters. Intl, not a date library: no bytes on the first screen.
 */
export function createFarmDates(timeZone: string): FarmDates {
  const format = new Intl.DateTimeFormat(DATE_PARTS_LOCALE, {
    timeZone,
    day: '2-digit',
    month: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = (value: string | Date) => {
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) return null;
    const byType = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
    const month = MONTHS[Number(byType.month) - 1] ?? '';
    return { day: byType.day ?? '', month, year: byType.year ?? '', hour: byType.hour ?? '', minute: byType.minute ?? '' };
  };
  return {
    dateTime: (value) => {
      const p = parts(value);
      return p ? `${p.day} ${p.month} ${p.year} ${p.hour}:${p.minute}` : '';
    },
    date: (value) => {
      const p = parts(value);
      return p ? `${p.day} ${p.month} ${p.year}` : '';
    },
  };
}

/** The signed-in farm's dates; the default zone before the user has loaded. */
export function useFarmDates(): FarmDates {
  const timeZone = useCurrentUser()?.farm.time_zone ?? DEFAULT_TIME_ZONE;
  return useMemo(() => createFarmDates(timeZone), [timeZone]);
}

/**
 * A calendar day of a record ('YYYY-MM-DD', already the farm's day) as 'DD MMM YYYY'. The
 * farm-dates helper reads it at UTC midnight in UTC, so no zone moves it to the day before.
 */
export function useDayText(): (day: string) => string {
  return useMemo(() => {
    const dates = createFarmDates('UTC');
    return (day: string) => dates.date(`${day.slice(0, 10)}T00:00:00Z`) || day;
  }, []);
}
