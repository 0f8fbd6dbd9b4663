import type { EggDay } from '../packages/domain/src/eggs.js';
import { eggMessages as m, traysText } from '../packages/domain/src/eggs-rules.js';
import { apiLogin, expect, paths, shot, test } from './fixtures.js';

// 'Record today's eggs' (decision 054): a farm of many flocks records its morning on one screen.

const LAYING_FLOCKS = 30;

test.describe('/egg-production/today', () => {
  test('30 laying flocks recorded at phone width with two counts a flock and one save', async ({ signedInPage: page, request, account }) => {
    test.setTimeout(90_000);
    const token = await apiLogin(request, account);
    const headers = { Authorization: `Bearer ${token}` };
    const addFlock = async (name: string, breed: string, status: string) => {
      const res = await request.post('/api/flocks', { headers, data: { name, breed, age: 30, initial_bird_count: 300, bird_count: 300, status } });
      expect(res.status()).toBe(201);
    };
    // Added out of order: the screen lists them as a farmer counts, 'batch 2' before 'batch 10'.
    for (let n = LAYING_FLOCKS; n >= 1; n -= 1) await addFlock(`Layers batch ${n}`, 'Layers', 'active');
    await addFlock('Broiler run', 'Broilers', 'active');
    await addFlock('Old hens', 'Layers', 'archived');

    await page.goto(paths.eggs.getHref());
    await page.getByRole('link', { name: m.dayTitle }).click();
    await expect(page.getByRole('heading', { name: m.dayTitle, level: 1 })).toBeVisible();
    const trays = page.getByRole('textbox', { name: /^Trays for / });
    await expect(trays).toHaveCount(LAYING_FLOCKS);
    await expect(trays.nth(0)).toHaveAccessibleName(m.dayTraysFor('Layers batch 1'));
    await expect(trays.nth(1)).toHaveAccessibleName(m.dayTraysFor('Layers batch 2'));
    await expect(trays.nth(9)).toHaveAccessibleName(m.dayTraysFor('Layers batch 10'));
    await expect(page.getByText('Broiler run')).toHaveCount(0);
    await expect(page.getByText('Old hens')).toHaveCount(0);
    await shot(page, 'egg-day-empty');

    // One tap into the first count; then each flock is its trays and its loose eggs, each
    // followed by the keypad's 'next' (Enter): two inputs a flock, the focus moving on by itself.
    await trays.nth(0).click();
    let inputs = 0;
    for (let n = 1; n <= LAYING_FLOCKS; n += 1) {
      await page.keyboard.type(String(8 + (n % 3)));
      await page.keyboard.press('Enter');
      await page.keyboard.type(String(n % 30));
      await page.keyboard.press('Enter');
      inputs += 2;
    }
    expect(inputs / LAYING_FLOCKS).toBe(2);
    await expect(page.getByRole('textbox', { name: m.dayLooseFor(`Layers batch ${LAYING_FLOCKS}`), exact: true })).toHaveValue('0');
    // 10 flocks at 8, 9 and 10 trays each, plus 1 to 29 loose eggs and 0.
    const eggs = 10 * (8 + 9 + 10) * 30 + (29 * 30) / 2;
    await expect(page.getByText(m.dayTotal(eggs.toLocaleString('en-KE'), traysText(eggs)))).toBeVisible();
    await shot(page, 'egg-day-typed');

    await page.getByRole('button', { name: m.daySave(LAYING_FLOCKS) }).click();
    await expect(page.getByText(m.daySaved(LAYING_FLOCKS))).toBeVisible();
    await expect(page.getByText(m.dayRecorded, { exact: true })).toHaveCount(LAYING_FLOCKS);
    await expect(page.getByRole('button', { name: m.dayNothingToSaveYet })).toBeDisabled();

    // Each row is its own record, as the day's answer now says.
    const day = (await (await request.get('/api/egg-productions/day', { headers })).json()) as EggDay;
    expect(day.flocks.filter((f) => f.record !== null)).toHaveLength(LAYING_FLOCKS);
    expect(day.flocks.reduce((sum, f) => sum + (f.record?.eggs_collected ?? 0), 0)).toBe(eggs);

    // A correction the same morning changes that flock's record alone.
    const first = page.getByRole('textbox', { name: m.dayTraysFor('Layers batch 1'), exact: true });
    await first.fill('12');
    await page.getByRole('button', { name: m.daySave(1) }).click();
    await expect(page.getByText(m.daySaved(1))).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: m.dayTraysFor('Layers batch 1'), exact: true })).toHaveValue('12');
  });
});
