import { formatKes, type Cents } from '@kuku/domain';

let quantityFormat: Intl.NumberFormat | undefined;

/** A sale's quantity with up to 3 decimals (2.5 kg), grouped: 1,250 or 2.125. */
export function formatQuantity(value: number): string {
  quantityFormat ??= new Intl.NumberFormat('en-KE', { maximumFractionDigits: 3 });
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

/** '+12.5%', '-3%', '0%'; '—' when last month sold nothing (salesGrowth answers null). */
export function growthText(growth: number | null): string {
  if (growth === null) return '—';
  return `${growth > 0 ? '+' : ''}${growth}%`;
}

/** The charts' section heading: the charts chunk and the page's placeholder for it both show it. */
export const SALES_CHARTS_HEADING = 'Sales charts';
