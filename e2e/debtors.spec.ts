import type { Locator, Page } from '@playwright/test';
import { formatKes } from '../packages/domain/src/common/money.js';
import { debtorMessages as m } from '../packages/domain/src/sales-rules.js';
import { apiLogin, expect, farmToday, isPhone, paths, shot, test } from './fixtures.js';

// Who owes (decision 055): the pending sales by buyer, marked paid in one tap, with Undo.

/** One buyer of the list: a card on phones, a table row from sm. */
function debtor(page: Page, buyer: string): Locator {
  const scope = isPhone(page) ? page.getByRole('list', { name: m.title }) : page.getByRole('table', { name: m.title });
  return scope.getByRole(isPhone(page) ? 'listitem' : 'row').filter({ hasText: buyer });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'YYYY-MM-DD' as the screens write it: '05 Mar 2026'. */
const dayText = (day: string) => `${day.slice(8, 10)} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

/** A DOM text: formatKes writes a no-break space after 'Ksh'. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

test.describe('/sales-management/debtors', () => {
  test('the Pending card opens who owes; Mark paid takes a buyer off, and Undo brings them back', async ({ signedInPage: page, request, account }) => {
    const token = await apiLogin(request, account);
    const headers = { Authorization: `Bearer ${token}` };
    const flock = await request.post('/api/flocks', {
      headers,
      data: { name: 'Debt layers', breed: 'Layers', age: 30, initial_bird_count: 300, bird_count: 300, status: 'active' },
    });
    expect(flock.status()).toBe(201);
    const flockId = ((await flock.json()) as { id: number }).id;
    const sell = async (description: string, quantity: number) => {
      const res = await request.post('/api/sales', {
        headers,
        data: {
          flock_id: flockId,
          category: 'Egg Sales',
          product: 'Eggs (crate of 30)',
          description,
          quantity,
          unit_price: 420,
          date: farmToday(),
          sale_type: 'Credit',
          status: 'pending',
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    };
    // Two buyers; the second's spellings are one buyer.
    await sell('Mama Njeri', 2);
    await sell('Otieno Hotel', 5);
    await sell('otieno hotel', 1);

    await page.goto(paths.sales.getHref());
    await page.getByRole('group', { name: 'Pending', exact: true }).getByRole('link', { name: m.pendingCardHint }).click();
    await expect(page).toHaveURL(paths.debtors.getHref());
    await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
    const summary = page.getByRole('region', { name: m.totalOwed });
    await expect(summary).toContainText(plain(formatKes(8 * 42_000)));
    await expect(summary).toContainText(m.buyers(2));

    const njeri = debtor(page, 'Mama Njeri');
    const otieno = debtor(page, 'otieno hotel');
    await expect(njeri).toContainText(plain(formatKes(84_000)));
    await expect(otieno).toContainText(plain(formatKes(252_000)));
    await expect(njeri).toContainText(m.sinceDays(dayText(farmToday()), 0));
    await shot(page, 'debtors');

    await njeri.getByRole('button', { name: m.markPaidFor('Mama Njeri') }).click();
    const toast = page.getByRole('alert').filter({ hasText: plain(m.markedPaid('Mama Njeri', 84_000, 1)) });
    await expect(toast).toBeVisible();
    await expect(njeri).toHaveCount(0);
    await expect(summary).toContainText(m.buyers(1));

    await toast.getByRole('button', { name: m.undo }).click();
    await expect(page.getByText(plain(m.undone('Mama Njeri', 84_000)))).toBeVisible();
    await expect(njeri).toBeVisible();
    await expect(summary).toContainText(m.buyers(2));

    // And back to the sales screen, where the Pending card counts the three sales again.
    await page.getByRole('link', { name: m.backToSales }).click();
    await expect(page.getByRole('group', { name: 'Pending', exact: true })).toContainText('3 pending sales');
  });
});
