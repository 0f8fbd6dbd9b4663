import { formatKes, SALE_SAVED_POPUP_MS, saleDialogWords, type Sale } from '@kuku/domain';
import { showReplacingPopup } from '../../../ui/toast';
import { quantityText } from './sale-format';

/**
 * docs/product.md §2 and §9: a saved sale shows a success popup for 3 seconds, naming what the server
 * recorded (its ref, quantity and the amount it computed).
 */
export function showSaleSavedPopup(title: string, sale: Sale): void {
  showReplacingPopup('sale-saved', {
    title,
    message: saleDialogWords.savedLine(sale.ref_no, quantityText(sale.quantity, sale.unit), sale.product, formatKes(sale.amount_cents)),
    autoClose: SALE_SAVED_POPUP_MS,
  });
}
