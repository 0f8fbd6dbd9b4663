import { dayIn, DEFAULT_TIME_ZONE, formatCount } from '@kuku/domain';
import { useCurrentUser } from '../../../lib/current-user';

/**
 * A count field as typed, less the spaces and commas of a grouped number ('2,000'). Anything
 * else stays, so that '2.5' trays is refused with a message rather than read as 25.
 */
export function countTyped(value: string): string {
  return value.replace(/[\s,]/g, '').slice(0, 12);
}

/** A count typed: its number when it is digits alone; NaN when empty or not a whole number. */
export function countValue(text: string): number {
  return text === '' || !/^\d*\.?\d*$/.test(text) ? Number.NaN : Number(text);
}

/** "1 egg", "365 eggs". */
export function eggsText(eggs: number): string {
  return `${formatCount(eggs)} ${eggs === 1 ? 'egg' : 'eggs'}`;
}

/** The farm's today as 'YYYY-MM-DD': the latest day a record may carry (SPEC §5). */
export function useFarmToday(): string {
  const timeZone = useCurrentUser()?.farm.time_zone ?? DEFAULT_TIME_ZONE;
  return dayIn(new Date(), timeZone);
}

/** A record's calendar day as 'DD MMM YYYY' (one helper for every screen, in ui/date). */
export { useDayText } from '../../../ui/date';

const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** 'YYYY-MM' as 'March 2026'. */
export function monthText(month: string): string {
  const [year, number] = month.split('-');
  const name = MONTH_NAMES[Number(number) - 1];
  return name ? `${name} ${year}` : month;
}
