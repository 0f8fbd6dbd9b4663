import { dayIn, DEFAULT_TIME_ZONE, formatKes, MONTH_NAMES, type Cents, type Expense } from '@kuku/domain';
import { useCurrentUser } from '../../../lib/current-user';

/**
 * formatKes's text split at the space after the currency, so a card can print the figure large
 * and 'Ksh' small: 'Ksh 1,234.50' → { currency: 'Ksh', figure: '1,234.50' }.
 */
export function kesParts(cents: Cents): { currency: string; figure: string } {
  const text = formatKes(cents);
  const match = /^(\D*?)[\s\u00a0\u202f]*(-?[\d.,]+)$/.exec(text);
  return match ? { currency: match[1] ?? '', figure: match[2] ?? text } : { currency: '', figure: text };
}

/** The farm's today as 'YYYY-MM-DD': the latest day an expense may carry (SPEC §5). */
export function useFarmToday(): string {
  const timeZone = useCurrentUser()?.farm.time_zone ?? DEFAULT_TIME_ZONE;
  return dayIn(new Date(), timeZone);
}

/** A record's calendar day as 'DD MMM YYYY' (one helper for every screen, in ui/date). */
export { useDayText } from '../../../ui/date';

/** 'YYYY-MM' as 'March 2026'. */
export function monthText(month: string): string {
  const name = MONTH_NAMES[Number(month.slice(5, 7)) - 1];
  return name ? `${name} ${month.slice(0, 4)}` : month;
}

/** 'Feed · Layers mash, Ksh 3,500.00 (Shamba A)': what the popup and the delete question name. */
export function expenseSummary(e: Expense): string {
  return `${e.category} · ${e.description}, ${formatKes(e.amount_cents)} (${e.flock_name})`;
}
