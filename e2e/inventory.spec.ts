import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { inventoryMessages as m } from '../packages/domain/src/inventory-rules.js';
import { apiLogin, expect, isPhone, paths, shot, test, type Account } from './fixtures.js';

// docs/product.md §2 Inventory, §5 Inventory item and Stock removal, §8 Inventory, §9 (10 a page).

async function createFlock(request: APIRequestContext, account: Account, name: string): Promise<number> {
  const token = await apiLogin(request, account);
  const res = await request.post('/api/flocks', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, breed: 'Layers', age: 30, initial_bird_count: 500, bird_count: 500, status: 'active' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** One item of the list: a table row on desktop, a card on phones. */
function itemEntry(page: Page, text: string): Locator {
  const scope = isPhone(page) ? page.getByRole('list', { name: m.itemList }) : page.getByRole('table', { name: m.itemList });
  return scope.getByRole(isPhone(page) ? 'listitem' : 'row').filter({ hasText: text });
}

const statCard = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
// The screen's own toast; a crossing also arrives as a live notification popup with the same words.
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** The page scrolls down, never sideways (a 390 px phone). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('/inventory', () => {
  test('an item is added (first refused), over-removed, taken below its reorder level, restocked, edited and deleted', async ({
    signedInPage: page,
    request,
    account,
  }) => {
    const suffix = Date.now().toString(36);
    const flockName = `Layers ${suffix}`;
    const mash = `Layers mash ${suffix}`;
    await createFlock(request, account, flockName);

    await page.goto(paths.inventory.getHref());
    await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: m.itemList }).getByText(m.noItems)).toBeVisible();
    await expect(statCard(page, m.statItems)).toContainText('0');
    await expectNoSidewaysScroll(page);
    await shot(page, 'inventory-empty');

    // Add New Item: a 2-letter name is refused with the product's words.
    await page.getByRole('button', { name: m.addNewItem }).click();
    let dialog = page.getByRole('dialog', { name: m.addNewItem });
    await expect(dialog.getByLabel(m.flockLabel)).toHaveValue(/\d+/);
    await dialog.getByLabel(m.nameLabel).fill('Ma');
    await dialog.getByLabel(m.quantityLabel).fill('20');
    await dialog.getByRole('combobox', { name: /^Unit/ }).selectOption('bags');
    await dialog.getByLabel(m.reorderLabel).fill('5');
    await dialog.getByLabel(m.costLabelFor('bags')).fill('3500');
    await dialog.getByRole('button', { name: m.addItem }).click();
    await expect(dialog.getByText(m.nameTooShort)).toBeVisible();
    await expect(dialog.getByLabel(m.nameLabel)).toHaveAttribute('aria-invalid', 'true');
    await shot(page, 'inventory-add-refused');
    await dialog.getByLabel(m.nameLabel).fill(mash);
    await dialog.getByRole('button', { name: m.addItem }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, m.added)).toBeVisible();
    let entry = itemEntry(page, mash);
    await expect(entry).toContainText('20 Bags');
    await expect(entry).toContainText(flockName);
    await expect(entry).toContainText('70,000.00');
    await expect(statCard(page, m.statStockValue)).toContainText('70,000.00');

    // Remove more than the stock: refused with the product's words.
    await entry.getByRole('button', { name: m.removeStockOf(mash) }).click();
    dialog = page.getByRole('dialog', { name: m.removeStock });
    await dialog.getByLabel(m.removeQuantityLabel).fill('25');
    await dialog.getByRole('button', { name: m.removeStock }).click();
    await expect(dialog.getByText(m.removalTooMuch(20))).toBeVisible();
    await shot(page, 'inventory-remove-refused');

    // Below the reorder level: the warning shows, the item is badged and listed to restock.
    await dialog.getByLabel(m.removeQuantityLabel).fill('16');
    await dialog.getByLabel(m.reasonLabel).selectOption('used');
    await dialog.getByRole('button', { name: m.removeStock }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, m.lowStock(4, 5))).toBeVisible();
    await expect(entry).toContainText('4 Bags');
    await expect(entry).toContainText(m.lowStockBadge);
    const lowList = page.getByRole('list', { name: m.lowStockTitle });
    await expect(lowList).toContainText(mash);
    await expect(statCard(page, m.statLowStock)).toContainText('1');
    await shot(page, 'inventory-low');

    // Update Inventory: stock in at a new cost.
    await page.getByRole('button', { name: m.updateInventory }).click();
    dialog = page.getByRole('dialog', { name: m.updateInventory });
    await dialog.getByLabel(m.itemLabel).selectOption({ label: mash });
    await expect(dialog.getByText(/In stock: 4 Bags/)).toBeVisible();
    await dialog.getByLabel(m.quantityLabel).fill('10');
    await dialog.getByLabel(m.newCostLabelFor('bags')).fill('3600');
    await dialog.getByRole('button', { name: m.addStock }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, m.restocked)).toBeVisible();
    await expect(entry).toContainText('14 Bags');
    await expect(entry).toContainText('3,600.00');
    await expect(entry).not.toContainText(m.lowStockBadge);
    await expect(lowList).toBeHidden();

    // The history: who, when, the change, the balance, why.
    await entry.getByRole('button', { name: m.detailsOf(mash) }).click();
    dialog = page.getByRole('dialog', { name: m.detailsTitle });
    await expect(dialog.getByText('Removed · Used')).toBeVisible();
    await expect(dialog.getByText(account.username).first()).toBeVisible();
    await expect(dialog).toContainText('+10');
    await shot(page, 'inventory-history');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Edit: the full item goes back, renamed and with a new reorder level.
    const renamed = `${mash} 70kg`;
    await entry.getByRole('button', { name: m.editItemOf(mash) }).click();
    dialog = page.getByRole('dialog', { name: m.editItem });
    await dialog.getByLabel(m.nameLabel).fill(renamed);
    await dialog.getByLabel(m.reorderLabel).fill('15');
    await dialog.getByRole('button', { name: m.updateItem }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, m.updated)).toBeVisible();
    entry = itemEntry(page, renamed);
    await expect(entry).toContainText(m.lowStockBadge);
    await expectNoSidewaysScroll(page);
    await shot(page, 'inventory-edited');

    // Delete, after the product's question.
    await entry.getByRole('button', { name: m.deleteItemOf(renamed) }).click();
    dialog = page.getByRole('dialog', { name: m.deleteItem });
    await expect(dialog).toContainText(m.confirmDelete);
    await dialog.getByRole('button', { name: m.delete }).click();
    await expect(toast(page, m.deleted)).toBeVisible();
    await expect(itemEntry(page, renamed)).toHaveCount(0);
    await expect(page.getByRole('region', { name: m.itemList }).getByText(m.noItems)).toBeVisible();
  });
});
