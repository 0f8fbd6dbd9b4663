import { rescheduleMessages } from '../packages/domain/src/vaccination-reschedule.js';
import { toApiDateTime } from '../packages/domain/src/vaccinations-rules.js';
import { CREDIT_OVERDUE_DAYS, todayMessages as m } from '../packages/domain/src/today-rules.js';
import { shiftDay } from '../packages/domain/src/common/dates.js';
import { apiLogin, expect, farmToday, paths, shot, test } from './fixtures.js';

// The Today block (decision 056): what still needs doing on the farm, each a tap away.

const DAY = 24 * 60 * 60 * 1000;

test.describe('Today', () => {
  test('shows what waits, marks a vaccination done, moves another, and opens each list', async ({ signedInPage: page, request, account }) => {
    const token = await apiLogin(request, account);
    const headers = { Authorization: `Bearer ${token}` };
    const created = async (url: string, data: object) => {
      const res = await request.post(url, { headers, data });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as { id: number };
    };
    const layers = await created('/api/flocks', { name: 'Layers batch 2', breed: 'Layers', age: 30, initial_bird_count: 300, bird_count: 300, status: 'active' });
    await created('/api/flocks', { name: 'Layers batch 10', breed: 'Layers', age: 30, initial_bird_count: 300, bird_count: 300, status: 'active' });
    const vaccinate = (name: string, days: number) =>
      created(`/api/flocks/${layers.id}/vaccinations`, {
        vaccine_name: name,
        date: toApiDateTime(new Date(Date.now() + days * DAY)),
        status: 'Pending',
        mode_of_administration: 'Oral',
      });
    await vaccinate('Gumboro', -3);
    await vaccinate('Fowl Pox', -2);
    await created('/api/inventory', { item_name: 'Layers mash', flock_id: layers.id, quantity: 2, unit: 'bags', reorder_level: 5, cost_per_unit: 3_200 });
    await created('/api/sales', {
      flock_id: layers.id,
      category: 'Egg Sales',
      product: 'Eggs',
      description: 'Mama Njeri',
      quantity: 10,
      unit_price: 450,
      date: shiftDay(farmToday(), -(CREDIT_OVERDUE_DAYS + 5)),
      sale_type: 'Credit',
      status: 'pending',
    });

    await page.goto(paths.dashboard.getHref());
    const today = page.getByRole('region', { name: m.title });
    await expect(today.getByText(m.eggsMissing(2, 2))).toBeVisible();
    await expect(today.getByText('Layers batch 2, Layers batch 10')).toBeVisible();
    await expect(today.getByText(m.vaccinationsCount(2, 2))).toBeVisible();
    await expect(today.getByText('Layers mash')).toBeVisible();
    await expect(today.getByText(`${m.creditCount(1)} · Ksh 4,500.00`)).toBeVisible();
    await shot(page, 'today');

    // Done in one tap: the vaccination leaves the block.
    await today.getByRole('button', { name: rescheduleMessages.doneLabel('Gumboro', 'Layers batch 2') }).click();
    await expect(page.getByText(rescheduleMessages.markedDone('Gumboro'))).toBeVisible();
    await expect(today.getByText(m.vaccinationsCount(1, 1))).toBeVisible();

    // Moved to tomorrow (the suggested date): it leaves today's list too.
    await today.getByRole('button', { name: rescheduleMessages.rescheduleFor('Fowl Pox', 'Layers batch 2') }).click();
    const dialog = page.getByRole('dialog', { name: rescheduleMessages.title });
    await dialog.getByRole('button', { name: rescheduleMessages.reschedule }).click();
    await expect(dialog).toBeHidden();
    await expect(today.getByText(m.vaccinationsTitle)).toBeHidden();

    // The vaccination stat cards open the list they count.
    await page.goto(paths.vaccinations.getHref());
    await page.getByRole('link', { name: 'Due within 7 days' }).click();
    await expect(page).toHaveURL(/filter=week/);
    await expect(page.getByRole('link', { name: 'Due this week' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByText('Fowl Pox').first()).toBeVisible();
    await expect(page.getByText('1 in total')).toBeVisible();

    // The eggs are a tap away.
    await page.goto(paths.dashboard.getHref());
    await page.getByRole('region', { name: m.title }).getByRole('link', { name: m.eggsAction }).click();
    await expect(page).toHaveURL(/\/egg-production\/today$/);
  });

});
