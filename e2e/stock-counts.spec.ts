import { stockCountWords as w } from '../packages/domain/src/stock-counts-rules.js';
import { apiLogin, expect, farmToday, joinedWorker, paths, projectContext, shot, signIn, test } from './fixtures.js';

// Stock counts and the balance checks (decision 077): a worker counts the eggs and a flock's birds
// from the phone, seeing what the records said only once saved; the gap beyond the margin reaches
// the owner at once as a notification; the owner reads the week's balance checks and sets the margin.

test.describe('/stock-count', () => {
  test('a worker counts eggs and birds, sees the records only after saving; the owner is told of the gap and reads the balance checks', async ({
    signedInPage: page,
    request,
    account,
    browser,
  }) => {
    const ownerToken = await apiLogin(request, account);
    const headers = { Authorization: `Bearer ${ownerToken}` };
    const flockName = `Count layers ${Date.now().toString(36)}`;
    const flock = await request.post('/api/flocks', { headers, data: { name: flockName, breed: 'Layers', age: 30, initial_bird_count: 200, bird_count: 200, status: 'active' } });
    expect(flock.status()).toBe(201);
    const flockId = ((await flock.json()) as { id: number }).id;
    const eggs = await request.post('/api/egg-productions', { headers, data: { flock_id: flockId, date_produced: farmToday(), eggs_collected: 300 } });
    expect(eggs.status(), await eggs.text()).toBe(201);

    // The worker, on the phone: 8 trays and 15 loose eggs (255) against the 300 recorded.
    const context = await projectContext(browser);
    const workerPage = await context.newPage();
    await signIn(workerPage, await joinedWorker(request, ownerToken));
    await workerPage.goto(paths.stockCount.getHref());
    await expect(workerPage.getByRole('heading', { name: w.title, level: 1 })).toBeVisible();
    await expect(workerPage.getByText(w.expectedAfter)).toHaveCount(0);
    await workerPage.getByRole('textbox', { name: w.trays }).fill('8');
    await workerPage.getByRole('textbox', { name: w.looseEggs }).fill('15');
    await workerPage.getByRole('button', { name: w.save }).click();
    const results = workerPage.getByRole('region', { name: w.results });
    await expect(results).toContainText('255 eggs (8 trays 15)');
    await expect(results).toContainText('300 eggs (10 trays 0)');
    await expect(results).toContainText(`−45 eggs (1 tray 15) (${w.beyond})`);
    await shot(workerPage, 'stock-count-eggs-saved');

    // A head count of the flock: 190 of 200 (5%, beyond the 2% margin).
    await workerPage.getByRole('radiogroup', { name: w.whatCounted }).getByText(w.birds, { exact: true }).click();
    await workerPage.getByRole('textbox', { name: `${flockName}: ${w.headCount}` }).fill('190');
    await workerPage.getByRole('button', { name: w.save }).click();
    await expect(workerPage.getByRole('region', { name: w.results })).toContainText('−10 birds');
    // The worker neither sets the margin nor reads the money of the checks.
    await expect(workerPage.getByRole('heading', { name: w.checksTitle })).toHaveCount(0);
    await context.close();

    // The owner was told at once.
    const told = (await (await request.get('/api/notifications', { headers })).json()) as { items: { message: string }[] };
    expect(told.items.map((n) => n.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Egg count \d\d \w{3}: 45 eggs \(1 tray 15\) fewer than the records$/), expect.stringContaining(`${flockName}: 10 birds fewer`)]),
    );

    // The owner's screen: the last counts, the week's balance checks, the margin.
    await page.goto(paths.stockCount.getHref());
    const checks = page.getByRole('region', { name: w.checksTitle });
    await expect(checks.getByRole('listitem', { name: w.eggs })).toContainText(w.beyond);
    await expect(checks.getByRole('listitem', { name: flockName })).toContainText('190 birds');
    await expect(checks).toContainText(w.noBanking);
    await page.getByRole('textbox', { name: `${w.margin} (%)` }).fill('20');
    await page.getByRole('button', { name: w.marginSave }).click();
    await expect(page.getByText(w.marginSaved)).toBeVisible();
    await expect(checks).toContainText(`${w.margin}: 20%`);
    await shot(page, 'stock-count-owner');
  });
});
