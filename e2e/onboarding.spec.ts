import { onboardingMessages as m, SETUP_STEPS } from '../packages/domain/src/onboarding-rules.js';
import type { Page } from '@playwright/test';
import { apiLogin, expect, paths, shot, test } from './fixtures.js';

// docs/product.md §2 Onboarding, §4 Onboarding, §9 (a rounded percent of 6 steps); decision 037.

const step = (page: Page, title: string) => page.getByRole('article', { name: title });
const progress = (page: Page) => page.getByRole('progressbar', { name: m.progress });

test.describe('/onboarding', () => {
  test('ticks the six steps to 100%, is congratulated, and resets to 0%; the ticks outlive a reload', async ({ signedInPage: page }) => {
    await page.goto(paths.onboarding.getHref());
    await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
    await expect(page.getByText(m.welcome)).toBeVisible();
    await expect(page.getByRole('link', { name: m.contactUs })).toHaveAttribute('href', paths.contact.getHref());
    await expect(page.getByRole('article')).toHaveCount(6);
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByText(m.percentComplete(0))).toBeVisible();

    const percents = ['17', '33', '50', '67', '83', '100'];
    for (const [index, { title }] of SETUP_STEPS.entries()) {
      const card = step(page, title);
      await card.getByRole('checkbox', { name: m.markedAsDone }).check();
      await expect(card.getByText(m.done, { exact: true })).toBeVisible();
      await expect(progress(page)).toHaveAttribute('aria-valuenow', percents[index] ?? '');
      if (index === 2) {
        // Kept in local storage (docs/product.md §4): a reload shows the same three.
        await page.reload();
        await expect(progress(page)).toHaveAttribute('aria-valuenow', '50');
        await expect(step(page, SETUP_STEPS[0]!.title).getByRole('checkbox', { name: m.markedAsDone })).toBeChecked();
      }
    }
    await expect(page.getByText(m.percentComplete(100))).toBeVisible();
    await expect(page.getByRole('heading', { name: m.congratulations })).toBeVisible();
    await shot(page, 'onboarding-done');

    await page.getByRole('button', { name: m.reset }).click();
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByRole('heading', { name: m.congratulations })).toBeHidden();
    await expect(page.getByText(m.done, { exact: true })).toHaveCount(0);
    await page.reload();
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '0');
  });

  test('shows Flock Management done once the farm has a flock, without a tick', async ({ signedInPage: page, request, account }) => {
    const token = await apiLogin(request, account);
    const res = await request.post('/api/flocks', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: 'Onboarding layers', breed: 'Layers', age: 20, initial_bird_count: 150, bird_count: 150, status: 'active' },
    });
    expect(res.status()).toBe(201);

    await page.goto(paths.onboarding.getHref());
    const flocks = step(page, 'Flock Management');
    const box = flocks.getByRole('checkbox', { name: m.markedAsDone });
    await expect(box).toBeChecked();
    await expect(box).toBeDisabled();
    await expect(flocks.getByText(SETUP_STEPS[0]!.doneByData)).toBeVisible();
    await expect(flocks.getByText(m.done, { exact: true })).toBeVisible();
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '17');
    await expect(step(page, 'Sales').getByRole('checkbox', { name: m.markedAsDone })).not.toBeChecked();
    await shot(page, 'onboarding-flock');
  });

  test('opens a step’s screenshots, goes next and previous, and closes with Esc', async ({ signedInPage: page }) => {
    await page.goto(paths.onboarding.getHref());
    const eggs = SETUP_STEPS[1]!;
    await step(page, eggs.title).getByRole('button', { name: m.viewScreenshotsOf(eggs.title) }).click();
    const viewer = page.getByRole('dialog', { name: m.screenshotsOf(eggs.title) });
    await expect(viewer).toBeVisible();
    const image = viewer.getByRole('img', { name: m.screenshotAlt(eggs.title) });
    await expect(image).toHaveAttribute('src', `/onboarding/${eggs.screenshots[0]!.file}`);
    // The picture is really there: a real WebP, decoded at the phone's width.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(390);
    await expect(viewer.getByText(m.screenshotCount(0, 2))).toBeVisible();
    await shot(page, 'onboarding-screenshots');

    await viewer.getByRole('button', { name: m.next }).click();
    await expect(viewer.getByText(m.screenshotCount(1, 2))).toBeVisible();
    await expect(image).toHaveAttribute('src', `/onboarding/${eggs.screenshots[1]!.file}`);
    await expect(viewer.getByText(eggs.screenshots[1]!.caption)).toBeVisible();
    await viewer.getByRole('button', { name: m.previous }).click();
    await expect(viewer.getByText(m.screenshotCount(0, 2))).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });
});
