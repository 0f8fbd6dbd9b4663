import { dayIn, DEFAULT_TIME_ZONE, formatKes, NUMBER_LOCALE, type Cents } from '@kuku/domain';
import { useCurrentUser } from '../../../lib/current-user';

let quantityFormat: Intl.NumberFormat | undefined;

/** A sale's quantity with up to 3 decimals (2.5 kg), grouped: 1,250 or 2.125. */
export function formatQuantity(value: number): string {
  quantityFormat ??= new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 3 });
  return quantityFormat.format(value);
}

/** '12 Crates', '2.5 Kg'. */
export function quantityText(quantity: number, unit: string): string {
  return `${formatQuantity(quantity)} ${unit}`;
}

/**
 * formatKes's text split at the space after the currency, so a card can print the figure large
 * and 'Ksh' small: 'Ksh 1,234.50' → { currency: 'Ksh', figure: '1,234.50' }.
 */
export function kesParts(cents: Cents): { currency: string; figure: string } {
  const text = formatKes(cents);
  const match = /^(\D*?)[\s\u00a0\u202f]*(-?[\d.,]+)$/.exec(text);
  return match ? { currency: match[1] ?? '', figure: match[2] ?? text } : { currency: '', figure: text };
}

/** The farm's today as 'YYYY-MM-DD': the latest day a sale may carry (SPEC §5). */
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

/** 'YYYY-MM' as 'Mar 2026'. */
export function shortMonthText(month: string): string {
  const [year, number] = month.split('-');
  const name = MONTH_NAMES[Number(number) - 1];
  return name ? `${name.slice(0, 3)} ${year}` : month;
}

/** '+12.5%', '-3%', '0%'; '—' when last month sold nothing (salesGrowth answers null). */
export function growthText(growth: number | null): string {
  if (growth === null) return '—';
  return `${growth > 0 ? '+' : ''}${growth}%`;
}

/** The charts' section heading: the charts chunk and the page's placeholder for it both show it. */
export const SALES_CHARTS_HEADING = 'Sales charts';
