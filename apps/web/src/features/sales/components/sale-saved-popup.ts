import { notifications } from '@mantine/notifications';
import { formatKes, SALE_SAVED_POPUP_MS, type Sale } from '@kuku/domain';
import { quantityText } from './sale-format';

/** The popup's id: a second save replaces the first popup instead of stacking under it. */
export const SALE_SAVED_POPUP_ID = 'sale-saved';

/**
 * SPEC §2 and §9: a saved sale shows a success popup for 3 seconds, naming what the server
 * recorded (its ref, quantity and the amount it computed).
 */
export function showSaleSavedPopup(title: string, sale: Sale): void {
  notifications.hide(SALE_SAVED_POPUP_ID);
  notifications.show({
    id: SALE_SAVED_POPUP_ID,
    color: 'kuku',
    title,
    message: `${sale.ref_no}: ${quantityText(sale.quantity, sale.unit)} of ${sale.product}, ${formatKes(sale.amount_cents)}`,
    autoClose: SALE_SAVED_POPUP_MS,
  });
}
