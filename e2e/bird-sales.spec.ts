import type { APIRequestContext } from '@playwright/test';
import { birdSaleMessages } from '../packages/domain/src/bird-sales-rules.js';
import { saleMessages } from '../packages/domain/src/sales-rules.js';
import { apiLogin, expect, paths, test, type Account } from './fixtures.js';

// Decision 072: a sale of the flock's own birds takes them off its count as sold, not as deaths.

async function broilerBatch(request: APIRequestContext, account: Account, name: string): Promise<{ id: number; token: string }> {
  const token = await apiLogin(request, account);
  const res = await request.post('/api/flocks', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, breed: 'Broilers', age: 5, initial_bird_count: 300, bird_count: 300, status: 'active' },
  });
  expect(res.status()).toBe(201);
  return { id: ((await res.json()) as { id: number }).id, token };
}

test.describe('selling birds', () => {
  test('broilers sold by the kg leave the batch as sold; too many birds are refused', async ({ signedInPage: page, request, account }) => {
    const name = `Broilers ${Date.now().toString(36)}`;
    const batch = await broilerBatch(request, account, name);

    await page.goto(paths.sales.getHref());
    await page.getByRole('button', { name: saleMessages.createNewSale }).click();
    const dialog = page.getByRole('dialog', { name: saleMessages.createNewSale });
    await dialog.getByLabel('Category').selectOption('Live Birds');
    await dialog.getByLabel('Product').fill('Live broilers');
    await dialog.getByLabel(birdSaleMessages.pricedLabel).selectOption('Kg');
    await dialog.getByLabel('Quantity').fill('840');
    await dialog.getByLabel(birdSaleMessages.birdsLabel).fill('400');
    await expect(dialog.getByText(birdSaleMessages.leaveFlock(400))).toBeVisible();
    await dialog.getByLabel('Unit price (Ksh)').fill('320');
    await expect(dialog.getByLabel('Amount')).toHaveValue(/268,800\.00/);
    await dialog.getByRole('button', { name: 'Save Sale' }).click();
    // The server refuses more birds than the batch has, under the birds' field.
    await expect(dialog.getByText(birdSaleMessages.moreThanFlock(300))).toBeVisible();

    await dialog.getByLabel(birdSaleMessages.birdsLabel).fill('280');
    await dialog.getByLabel('Quantity').fill('588');
    await dialog.getByRole('button', { name: 'Save Sale' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(saleMessages.saved)).toBeVisible();

    // The batch has 20 birds left and no deaths.
    const flock = await request.get(`/api/flocks/${batch.id}`, { headers: { Authorization: `Bearer ${batch.token}` } });
    expect(await flock.json()).toMatchObject({ bird_count: 20, mortality_rate: 0 });
    await page.goto(paths.flocks.getHref());
    await expect(page.getByText(name).first()).toBeVisible();
  });
});
