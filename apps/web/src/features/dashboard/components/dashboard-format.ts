import { MONTH_NAMES } from '@kuku/domain';

// The answer's days and months are the farm's calendar days ('YYYY-MM-DD', 'YYYY-MM'): read as
// text, no zone can shift them.
const SHORT_MONTHS = MONTH_NAMES.map((name) => name.slice(0, 3));

/** '2026-11-05' → '05 Nov'. */
export function shortDay(day: string): string {
  return `${day.slice(8, 10)} ${SHORT_MONTHS[Number(day.slice(5, 7)) - 1] ?? ''}`;
}

/** '2026-11-05' → '05 Nov 2026' (SPEC §2: DD MMM YYYY). */
export function longDay(day: string): string {
  return `${shortDay(day)} ${day.slice(0, 4)}`;
}

/** '2026-11' → 'Nov'. */
export function shortMonth(month: string): string {
  return SHORT_MONTHS[Number(month.slice(5, 7)) - 1] ?? month;
}

/** '2026-11' → 'Nov 2026'. */
export function longMonth(month: string): string {
  return `${shortMonth(month)} ${month.slice(0, 4)}`;
}
