import { formatQuantity, inventoryMessages, type InventoryUnit } from '@kuku/domain';

/** '12 Bags', '2.5 kg'. */
export function quantityText(quantity: number, unit: InventoryUnit): string {
  return inventoryMessages.amount(formatQuantity(quantity), unit);
}

/** A signed change: '+20', '−5' (a true minus sign). */
export function changeText(change: number): string {
  return change > 0 ? `+${formatQuantity(change)}` : change < 0 ? `\u2212${formatQuantity(-change)}` : '0';
}
