import { notifications } from '@mantine/notifications';
import { formatQuantity, inventoryMessages, type InventoryItem } from '@kuku/domain';
import { ApiError } from '../../../lib/api-client';
import { showErrorToast, showReplacingPopup } from '../../../ui/toast';

/** The low-stock warning's id: it stays until read or replaced. */
export const LOW_STOCK_TOAST_ID = 'inventory-low-stock';

/** 'Layers mash: 12 Bags': what a popup names. */
export function itemSummary(item: Pick<InventoryItem, 'item_name' | 'quantity' | 'unit'>): string {
  return `${item.item_name}: ${inventoryMessages.amount(formatQuantity(item.quantity), item.unit)}`;
}

/**
 * How a dialog announces what became of a change. The page hands these to its dialogs, so the
 * dialogs' lazy chunks share no module with the first screen but the words and the api.
 */
export interface InventoryNotices {
  saved: (title: string, item: Pick<InventoryItem, 'item_name' | 'quantity' | 'unit'>) => void;
  /** docs/product.md §5: 'Low stock: 3 left. Reorder at 5.' after a removal. */
  lowStock: (warning: string, title: string) => void;
  /** docs/product.md §8: the client's words, with the server's reason after them when it gave another one. */
  failed: (message: string, error: unknown) => void;
}

export const inventoryNotices: InventoryNotices = {
  saved: (title, item) => {
    showReplacingPopup('inventory-saved', { title, message: itemSummary(item) });
  },
  lowStock: (warning, title) => {
    notifications.hide(LOW_STOCK_TOAST_ID);
    notifications.show({ id: LOW_STOCK_TOAST_ID, color: 'orange', title, message: warning, autoClose: false });
  },
  failed: (message, error) => {
    const reason = error instanceof ApiError && error.message && error.message !== message ? ` ${error.message}` : '';
    showErrorToast(`${message}${reason}`);
  },
};
