import { NUMBER_LOCALE, saleMessages } from '@kuku/domain';

let quantityFormat: Intl.NumberFormat | undefined;

/** A sale's quantity with up to 3 decimals (2.5 kg), grouped: 1,250 or 2.125. */
export function formatQuantity(value: number): string {
  quantityFormat ??= new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 3 });
  return quantityFormat.format(value);
}

/** '12 Crates', '2.5 Kg'. */
export function quantityText(quantity: number, unit: string): string {
  return saleMessages.quantityOf(formatQuantity(quantity), unit);
}

/** '+12.5%', '-3%', '0%'; '—' when last month sold nothing (salesGrowth answers null). */
export function growthText(growth: number | null): string {
  if (growth === null) return '—';
  return `${growth > 0 ? '+' : ''}${growth}%`;
}
