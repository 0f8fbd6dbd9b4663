import { formatKes, formatQuantity, INVENTORY_UNIT_LABELS, type Cents, type InventoryUnit } from '@kuku/domain';

/** '12 Bags', '2.5 kg'. */
export function quantityText(quantity: number, unit: InventoryUnit): string {
  return `${formatQuantity(quantity)} ${INVENTORY_UNIT_LABELS[unit]}`;
}

/** A signed change: '+20', '−5' (a true minus sign). */
export function changeText(change: number): string {
  return change > 0 ? `+${formatQuantity(change)}` : change < 0 ? `\u2212${formatQuantity(-change)}` : '0';
}

/**
 * formatKes's text split at the space after the currency, so a card can print the figure whole
 * and 'Ksh' small: 'Ksh 1,234.50' → { currency: 'Ksh', figure: '1,234.50' }.
 */
export function kesParts(cents: Cents): { currency: string; figure: string } {
  const text = formatKes(cents);
  const match = /^(\D*?)[\s\u00a0\u202f]*(-?[\d.,]+)$/.exec(text);
  return match ? { currency: match[1] ?? '', figure: match[2] ?? text } : { currency: '', figure: text };
}
