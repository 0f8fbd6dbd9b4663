import { dayText, DEFAULT_TIME_ZONE, instantDateTimeText, instantDayText } from '@kuku/domain';
import { useMemo } from 'react';
import { useCurrentUser } from '../lib/current-user';

export interface FarmDates {
  /** '05 Mar 2026 14:05' in the farm's time zone. */
  dateTime: (value: string | Date) => string;
  /** '05 Mar 2026' in the farm's time zone (docs/product.md §2: DD MMM YYYY). */
  date: (value: string | Date) => string;
}

const instant = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * Dates as the farm reads them, whatever the phone's own zone, in the domain's one date style
 * (common/day-text): the screens, mails and reports write a day the same way.
 */
export function createFarmDates(timeZone: string): FarmDates {
  return {
    dateTime: (value) => instantDateTimeText(instant(value), timeZone),
    date: (value) => instantDayText(instant(value), timeZone),
  };
}

/** The signed-in farm's dates; the default zone before the user has loaded. */
export function useFarmDates(): FarmDates {
  const timeZone = useCurrentUser()?.farm.time_zone ?? DEFAULT_TIME_ZONE;
  return useMemo(() => createFarmDates(timeZone), [timeZone]);
}

/** A calendar day of a record ('YYYY-MM-DD', already the farm's day) as 'DD MMM YYYY'. */
export function useDayText(): (day: string) => string {
  return (day: string) => dayText(day.slice(0, 10));
}
